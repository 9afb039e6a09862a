import type { VehicleOffer } from '@tern/sdk';
import type { RatesSelection } from './property/RatesTable';

/** Where the booking flow's data lives between the property page, checkout and confirmation. */
export const FLOW_KEY = 'tern.bookingFlow';

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
  kind: 'accommodation' | 'vehicle';
  provider: string | null;
}

export interface FlowData {
  stay?: StayFlow;
  car?: CarFlow;
  booked?: BookedFlow;
}

/** Document 1 §4: flow data is kept in browser storage and cleared on a new booking. */
export function readFlow(storage: Storage): FlowData {
  try {
    const raw = storage.getItem(FLOW_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as FlowData) : {};
  } catch {
    return {};
  }
}

export function writeFlow(storage: Storage, flow: FlowData): void {
  try {
    storage.setItem(FLOW_KEY, JSON.stringify(flow));
  } catch {
    // Storage full or blocked: the flow still works inside this page.
  }
}

export function updateFlow(storage: Storage, change: (flow: FlowData) => FlowData): FlowData {
  const next = change(readFlow(storage));
  writeFlow(storage, next);
  return next;
}

export function clearFlow(storage: Storage): void {
  try {
    storage.removeItem(FLOW_KEY);
  } catch {
    // Nothing to clear.
  }
}
