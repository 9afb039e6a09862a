import { parseDay } from '../dates/dates.js';
import type { BookingParams } from './bookingQueryKeys.js';
import { bookingQueryKeys } from './bookingQueryKeys.js';
import { knownCurrencies } from './currencies.js';
import { occupancyLimits, withChildren } from './occupancy.js';

// The booking engine's query string (document 1 §2, §5): parsed with every broken value dropped, and written back.

export type { BookingParams, PropertyKind } from './bookingQueryKeys.js';

/**
 * Values that break a rule are dropped, never clamped (document 1 §5). `today` is the day past dates are
 * dropped against: the property's today on its page, the device's on the search pages.
 */
export function parseBookingQuery(search: string | URLSearchParams, today: string): BookingParams {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (k: string) => q.get(k)?.trim() || undefined;
  const int = (k: string, min: number, max: number) => {
    const v = get(k);
    if (v === undefined || !/^-?\d+$/.test(v)) return null;
    const n = Number(v);
    return n >= min && n <= max ? n : null;
  };
  let checkin = parseDay(get('checkinDate'));
  if (checkin && checkin < today) checkin = null;
  let checkout = parseDay(get('checkoutDate'));
  if (checkout && (!checkin || checkout <= checkin)) checkout = null;
  let pickup = parseDay(get('pickupDate'));
  if (pickup && pickup < today) pickup = null;
  let dropoff = parseDay(get('dropoffDate'));
  if (dropoff && (!pickup || dropoff < pickup)) dropoff = null;
  const time = (k: string) => {
    const v = get(k);
    return v && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null;
  };
  const adults = int('adults', 1, occupancyLimits.adults.max) ?? 1;
  const children = int('children', 0, occupancyLimits.children.max) ?? 0;
  const ages = (get('childrenAge') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n <= occupancyLimits.childAge.max);
  const coords = (get('mapCoordinates') ?? '').split(',').map((s) => Number(s.trim()));
  const currency = get('currency')?.toUpperCase();
  const type = get('type');
  return {
    type: type === 'vehicle' ? 'vehicle' : 'accommodation',
    currency: currency && knownCurrencies.includes(currency) ? currency : 'USD',
    checkinDate: checkin,
    checkoutDate: checkout,
    pickupDate: pickup,
    dropoffDate: dropoff,
    pickupTime: time('pickupTime'),
    dropoffTime: time('dropoffTime'),
    driverAge: int('driverAge', occupancyLimits.driverAge.min, occupancyLimits.driverAge.max),
    driverCountry: get('driverCountry')?.length === 2 ? get('driverCountry')!.toUpperCase() : null,
    adults,
    children,
    childrenAge: withChildren({ adults, children, childrenAge: ages }, children).childrenAge,
    // South below north and west apart from east: a map without a size reports a zero-area box (dropped).
    mapCoordinates:
      coords.length === 4 &&
      coords.every((n) => Number.isFinite(n)) &&
      get('mapCoordinates') &&
      coords[0]! < coords[2]! &&
      coords[1] !== coords[3]
        ? (coords as [number, number, number, number])
        : null,
    city: get('city') ?? null,
    country: get('country') ?? null,
    state: get('state') ?? null,
    title: get('title') ?? null,
  };
}

/** The parameters back as a query string (without `?`), empty values left out. */
export function bookingQueryString(params: Partial<BookingParams>): string {
  const q = new URLSearchParams();
  for (const key of bookingQueryKeys) {
    const value = params[key];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) q.set(key, value.join(','));
    } else q.set(key, String(value));
  }
  return q.toString();
}
