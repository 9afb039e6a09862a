import type { SearchQuery, VehicleQueryBody } from '@tern/sdk';
import { addDays } from '../dates/dates.js';
import type { BookingParams } from './bookingQuery.js';
import { carSearchDefaults } from './carSearch.js';

/**
 * The search page's rules (document 1 §2, §4, §7; R018, R023–R026): the list call's query for the page's
 * parameters, the car query, the dates a search needs and the map bounds as `mapCoordinates`.
 */

/** Edits on the search page wait this long before searching (R024). */
export const SEARCH_DEBOUNCE_MS = 500;
/** Properties per page of the list call. */
export const SEARCH_PAGE_SIZE = 50;
/** Skeleton cards while the list loads (R026). */
export const SEARCH_SKELETON_CARDS = 9;
/** On the car search page a pick-up without a return gets a return this many days later (R023). */
export const CAR_DEFAULT_RENTAL_DAYS = 7;

/** A map's bounds. */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Bounds that cover some of the map: south below north and west apart from east. A map without a size (hidden
 * on a phone) reports a box of zero area around its centre; searching it finds nothing, so it is never used.
 */
export function hasMapArea(bounds: MapBounds): boolean {
  return bounds.south < bounds.north && bounds.west !== bounds.east;
}

/** The bounds as the query's `mapCoordinates`: south, west, north, east, to 4 decimals. */
export function boundsToCoordinates(bounds: MapBounds): [number, number, number, number] {
  return [round4(bounds.south), round4(bounds.west), round4(bounds.north), round4(bounds.east)];
}

/** The dates a search is for: check-in/check-out for stays, pick-up/return for cars. */
export function searchDates(params: BookingParams): { start: string | null; end: string | null } {
  return params.type === 'vehicle'
    ? { start: params.pickupDate, end: params.dropoffDate }
    : { start: params.checkinDate, end: params.checkoutDate };
}

/**
 * The parameters that matter to the type's search: a stay drops the car's dates, times and driver; a car
 * drops the stay's dates and guests' ages (R028).
 */
export function paramsForType(params: BookingParams): BookingParams {
  if (params.type === 'vehicle')
    return { ...params, checkinDate: null, checkoutDate: null, children: 0, childrenAge: [] };
  return {
    ...params,
    pickupDate: null,
    dropoffDate: null,
    pickupTime: null,
    dropoffTime: null,
    driverAge: null,
    driverCountry: null,
  };
}

/** R018: a search needs both dates. */
export function hasSearchDates(params: BookingParams): boolean {
  const { start, end } = searchDates(params);
  return Boolean(start && end);
}

/**
 * R023: on the search page a car pick-up without a return gets the return 7 days later (and the default
 * times, driver age and country when missing); hotels wait for both dates, so they are left as they are.
 */
export function withSearchPageDefaults(params: BookingParams, today: string): BookingParams {
  if (params.type !== 'vehicle') return params;
  const car = carSearchDefaults(today);
  return {
    ...params,
    dropoffDate:
      params.dropoffDate ?? (params.pickupDate ? addDays(params.pickupDate, CAR_DEFAULT_RENTAL_DAYS) : null),
    pickupTime: params.pickupTime ?? car.pickupTime,
    dropoffTime: params.dropoffTime ?? car.dropoffTime,
    driverAge: params.driverAge ?? car.driverAge,
    driverCountry: params.driverCountry ?? car.driverCountry,
  };
}

const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));

function boundsFilter(params: BookingParams) {
  if (!params.mapCoordinates) return {};
  const [south, west, north, east] = params.mapCoordinates;
  return {
    latitude: { gte: clamp(south, 90), lte: clamp(north, 90) },
    longitude: { gte: clamp(west, 180), lte: clamp(east, 180) },
  };
}

/** The property list call's query (document 1 §7): currency, dates, occupancy, place filters, map bounds. */
export function searchQueryFor(params: BookingParams, page = 1, limit = SEARCH_PAGE_SIZE): SearchQuery {
  const filter: NonNullable<SearchQuery['filter']> = { ...boundsFilter(params) };
  if (params.title) filter.title = { has: params.title };
  if (params.city) filter.city = params.city;
  if (params.state) filter.state = params.state;
  if (params.country) filter.country = params.country;
  return {
    currency: params.currency,
    ...(params.checkinDate ? { checkinDate: params.checkinDate } : {}),
    ...(params.checkoutDate ? { checkoutDate: params.checkoutDate } : {}),
    occupancy: { adults: params.adults, children: params.children, childrenAge: params.childrenAge },
    filter,
    page,
    limit,
  };
}

/** The car query (`list_units`) for the page's parameters; `null` without both dates. */
export function vehicleQueryFor(params: BookingParams): VehicleQueryBody | null {
  if (!params.pickupDate || !params.dropoffDate) return null;
  const filter: NonNullable<VehicleQueryBody['filter']> = { ...boundsFilter(params) };
  if (params.city) filter.city = params.city;
  if (params.country) filter.country = params.country;
  return {
    pickupDate: params.pickupDate,
    dropoffDate: params.dropoffDate,
    pickupTime: params.pickupTime ?? '10:00',
    dropoffTime: params.dropoffTime ?? '10:00',
    driverAge: params.driverAge ?? 30,
    driverCountry: params.driverCountry ?? 'IS',
    currency: params.currency,
    filter,
  };
}
