import type { VehicleOffer } from '@tern/sdk';
import type { PropertyKind } from './engineRules.js';

/**
 * The booking flow's stored data and steps (document 1 §2, §4; R077, R084, R095, R097, R098). The flow data
 * lives in browser storage (any `FlowStorage`: `localStorage`, `sessionStorage`, or a map in tests) between
 * the property page, checkout and confirmation, and is cleared on a new booking.
 */

/** Where the flow data is kept. */
export const FLOW_STORAGE_KEY = 'tern.bookingFlow';

/** The part of the Web Storage API the flow uses. */
export interface FlowStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Rooms chosen per unit and rate offer: `{ [unitId]: { [rateId]: quantity } }` (ratesOccupancyPerUnit). */
export type RatesSelection = Record<string, Record<string, number>>;

/** A stay being booked: the property, the dates and guests the rates were chosen for, and the rooms. */
export interface StayFlow {
  kind: 'accommodation';
  channelId: string;
  checkinDate: string;
  checkoutDate: string;
  currency: string;
  adults: number;
  children: number;
  childrenAge: number[];
  selection: RatesSelection;
}

/** A car being booked: the offer chosen on the car search page and the rental it was priced for. */
export interface CarFlow {
  kind: 'vehicle';
  channelId: string;
  offer: VehicleOffer;
  pickupDate: string;
  dropoffDate: string;
  pickupTime: string;
  dropoffTime: string;
  driverAge: number;
  driverCountry: string;
  currency: string;
}

/** What the confirmation page shows about the booking just made. */
export interface BookedFlow {
  bookingId: string;
  reservationId: string;
  email: string | null;
  kind: PropertyKind;
  provider: string | null;
}

export interface FlowData {
  stay?: StayFlow;
  car?: CarFlow;
  booked?: BookedFlow;
}

/** A storage kept in memory (the CLI, tests, or a browser whose storage is blocked). */
export function memoryFlowStorage(initial: Record<string, string> = {}): FlowStorage & {
  data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** The stored flow; an empty flow when nothing (or something unreadable) is stored. */
export function readFlow(storage: FlowStorage): FlowData {
  try {
    const raw = storage.getItem(FLOW_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FlowData) : {};
  } catch {
    return {};
  }
}

/** Stores the flow; a full or blocked storage is ignored (the flow still works inside the page). */
export function writeFlow(storage: FlowStorage, flow: FlowData): void {
  try {
    storage.setItem(FLOW_STORAGE_KEY, JSON.stringify(flow));
  } catch {
    // Storage full or blocked.
  }
}

export function clearFlow(storage: FlowStorage): void {
  try {
    storage.removeItem(FLOW_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Rooms in a selection. */
export function selectedRooms(selection: RatesSelection): number {
  return Object.values(selection).reduce(
    (n, rates) => n + Object.values(rates).reduce((m, q) => m + (q > 0 ? q : 0), 0),
    0,
  );
}

/**
 * R077: checkout needs the rates-per-unit selection and both dates, for this property (a car: the chosen
 * offer for this vehicle channel).
 */
export function canEnterCheckout(flow: FlowData, kind: PropertyKind, channelId: string): boolean {
  if (kind === 'vehicle') return flow.car?.channelId === channelId;
  const stay = flow.stay;
  return Boolean(
    stay &&
      stay.channelId === channelId &&
      stay.checkinDate &&
      stay.checkoutDate &&
      selectedRooms(stay.selection) > 0,
  );
}

export type BookingStep = 'property' | 'checkout' | 'confirmation';
export const bookingSteps: readonly BookingStep[] = ['property', 'checkout', 'confirmation'];

/**
 * The step bar (R098, document 1 §2): steps after the current one are disabled; from checkout only the
 * property (hotel page) step can be clicked; on confirmation none can. A car's first step is the car (its
 * page is the car search), still the only one to go back to from checkout.
 */
export function stepStates(current: BookingStep) {
  const at = bookingSteps.indexOf(current);
  return bookingSteps.map((step, i) => ({
    step,
    status: i < at ? ('done' as const) : i === at ? ('current' as const) : ('disabled' as const),
    clickable: current === 'checkout' && step === 'property',
  }));
}

const withQuery = (path: string, query: string) => {
  const q = query.replace(/^\?/, '');
  return q ? `${path}?${q}` : path;
};

/** The pages of the flow; the query string is kept from step to step (R084). */
export const flowPaths = {
  property: (channelId: string, query: string) =>
    withQuery(`/property/${encodeURIComponent(channelId)}`, query),
  carSearch: (query: string) => withQuery('/search_cars', query),
  checkout: (channelId: string, query: string) =>
    withQuery(`/property/${encodeURIComponent(channelId)}/booking_info`, query),
  confirmation: (channelId: string, bookingId: string, query: string) =>
    withQuery(
      `/property/${encodeURIComponent(channelId)}/confirmation/${encodeURIComponent(bookingId)}`,
      query,
    ),
};

/** Sets (or replaces) one parameter in a query string. */
export function queryWithParam(query: string, name: string, value: string): string {
  const q = new URLSearchParams(query.replace(/^\?/, ''));
  q.set(name, value);
  return q.toString();
}

/** Sets (or replaces) `type` in a query string: the confirmation's "create new booking" link (R095). */
export const queryWithType = (query: string, type: PropertyKind): string =>
  queryWithParam(query, 'type', type);
