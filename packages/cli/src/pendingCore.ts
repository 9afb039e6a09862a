/**
 * Rules `tern` needs that `@tern/core` does not export yet. Each names what replaces it in core; delete an entry
 * as soon as core has it and import core's instead. Nothing here is the CLI's own rule.
 */
import { isEmailShaped } from '@tern/core';
import type { RateOffer, StayBookingBody, VehicleBookingBody } from '@tern/sdk';

// ——— dates (document 1 §5, §9) ————————————————————————————————————————————————————————————————————

/** → core `todayIso`: the local calendar day of `now` as `YYYY-MM-DD`. */
export function todayIso(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** → core `addDays`: a `YYYY-MM-DD` day moved by `days`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** → core `nights`: nights between two `YYYY-MM-DD` days (0 when not after). */
export function nights(checkin: string, checkout: string): number {
  const a = Date.parse(`${checkin}T00:00:00Z`);
  const b = Date.parse(`${checkout}T00:00:00Z`);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 0;
  return Math.max(0, Math.round((b - a) / 86_400_000));
}

/** → core `isIsoDay`: a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

// ——— the booking query (document 1 §2 "Search page query parameters", §5 "Query string", "Occupancy") ————

/** → core occupancy limits (document 1 §5, §9): adults 1–30, children 0–11, child ages 0–17. */
export const occupancyLimits = {
  adults: { min: 1, max: 30 },
  children: { min: 0, max: 11 },
  childAge: { min: 0, max: 17 },
  driverAge: { min: 18, max: 99 },
} as const;

/** → core `knownCurrencies`: the currencies the engine prices in. */
export const knownCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'ISK',
  'DKK',
  'NOK',
  'SEK',
  'CHF',
  'CAD',
  'AUD',
  'JPY',
  'PLN',
] as const;

export interface BookingParams {
  type: 'accommodation' | 'vehicle';
  currency: string;
  checkinDate: string | null;
  checkoutDate: string | null;
  pickupDate: string | null;
  dropoffDate: string | null;
  pickupTime: string | null;
  dropoffTime: string | null;
  driverAge: number | null;
  driverCountry: string | null;
  adults: number;
  children: number;
  childrenAge: number[];
  mapCoordinates: [number, number, number, number] | null;
  city: string | null;
  country: string | null;
  state: string | null;
  title: string | null;
}

/**
 * → core `parseBookingQuery` (document 1 §5): the booking query string read with its rules — values that
 * break a rule are dropped, never clamped; adults default to 1, currency to USD, child ages follow the count.
 */
export function parseBookingQuery(search: URLSearchParams, today: string): BookingParams {
  const get = (k: string) => search.get(k)?.trim() || undefined;
  const int = (k: string, min: number, max: number) => {
    const v = get(k);
    if (v === undefined || !/^-?\d+$/.test(v)) return null;
    const n = Number(v);
    return n >= min && n <= max ? n : null;
  };
  const day = (k: string) => {
    const v = get(k);
    return isIsoDay(v) ? v : null;
  };
  let checkin = day('checkinDate');
  if (checkin && checkin < today) checkin = null;
  let checkout = day('checkoutDate');
  if (checkout && (!checkin || checkout <= checkin)) checkout = null;
  let pickup = day('pickupDate');
  if (pickup && pickup < today) pickup = null;
  let dropoff = day('dropoffDate');
  if (dropoff && (!pickup || dropoff < pickup)) dropoff = null;
  const time = (k: string) => {
    const v = get(k);
    return v && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null;
  };
  const adults = int('adults', occupancyLimits.adults.min, occupancyLimits.adults.max) ?? 1;
  const children = int('children', occupancyLimits.children.min, occupancyLimits.children.max) ?? 0;
  const ages = (get('childrenAge') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n <= occupancyLimits.childAge.max);
  const childrenAge = ages.slice(0, children);
  while (childrenAge.length < children) childrenAge.push(0);
  const coordinates = (get('mapCoordinates') ?? '').split(',').map((s) => Number(s.trim()));
  const currency = get('currency')?.toUpperCase();
  const country = get('driverCountry');
  return {
    type: get('type') === 'vehicle' ? 'vehicle' : 'accommodation',
    currency: currency && (knownCurrencies as readonly string[]).includes(currency) ? currency : 'USD',
    checkinDate: checkin,
    checkoutDate: checkout,
    pickupDate: pickup,
    dropoffDate: dropoff,
    pickupTime: time('pickupTime'),
    dropoffTime: time('dropoffTime'),
    driverAge: int('driverAge', occupancyLimits.driverAge.min, occupancyLimits.driverAge.max),
    driverCountry: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    adults,
    children,
    childrenAge,
    mapCoordinates:
      get('mapCoordinates') && coordinates.length === 4 && coordinates.every(Number.isFinite)
        ? (coordinates as [number, number, number, number])
        : null,
    city: get('city') ?? null,
    country: get('country') ?? null,
    state: get('state') ?? null,
    title: get('title') ?? null,
  };
}

/** → core `carSearchDefaults` (document 1 §5): pick-up today + 5, return today + 12, both 10:00, driver 30 from IS. */
export function carSearchDefaults(today: string) {
  return {
    pickupDate: addDays(today, 5),
    dropoffDate: addDays(today, 12),
    pickupTime: '10:00',
    dropoffTime: '10:00',
    driverAge: 30,
    driverCountry: 'IS',
  };
}

// ——— money (document 1 §5 "Price display", §9; DECISIONS 9) ———————————————————————————————————————————

/** → core `formatPrice`: upper-case code and the amount with 2 decimals; a dash when missing (DECISIONS 9). */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const number = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${currency.toUpperCase()} ${number}`;
}

// ——— cars (document 1 §4, §9) ——————————————————————————————————————————————————————————————————————

/** → core vehicle query polling machine (document 1 §4, §9): every 2000 ms until every provider answered. */
export const VEHICLE_POLL_MS = 2000;

// ——— rates and the booking (document 1 §3, §4, §5; DECISIONS 11) ———————————————————————————————————————

/** → core `isScarce` (document 1 §9): 3 or fewer left. */
export function isScarce(availability: number): boolean {
  return availability <= 3;
}

export const NO_NAME = 'No Name';

export interface GuestInput {
  name: string;
  surname: string;
  nationality: string;
}

/** → core `guestForPayload` (document 1 §3): a guest without name and surname is "No Name". */
export function guestForPayload(guest: GuestInput): GuestInput {
  if (!guest.name.trim() && !guest.surname.trim())
    return { name: NO_NAME, surname: '', nationality: guest.nationality };
  return { name: guest.name.trim(), surname: guest.surname.trim(), nationality: guest.nationality };
}

/** → core `bookingIdOf` (document 1 §2): the first non-empty of uniqueId, bookingUniqueId, bookingId. */
export function bookingIdOf(reply: {
  uniqueId?: string | null;
  bookingUniqueId?: string | null;
  bookingId?: string | null;
}): string {
  return reply.uniqueId || reply.bookingUniqueId || reply.bookingId || '';
}

export interface ChosenRate {
  unitId: string;
  rate: Pick<RateOffer, 'id' | 'occupancy'>;
  quantity: number;
  /** Guests of each of the `quantity` rooms, in order. */
  guests?: GuestInput[][];
}

export interface StayBookingInput {
  currency: string;
  checkinDate: string;
  checkoutDate: string;
  customer: StayBookingBody['booking']['customer'];
  chosen: ChosenRate[];
  cardToken?: string | undefined;
  reservationName?: string | undefined;
  externalReference?: string | undefined;
  specialRequest?: string | undefined;
}

const present = <K extends string>(key: K, value: string | undefined) =>
  value?.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {};

/** → core `stayBookingPayload`: the create_booking body — one room entry per room booked, guests per room. */
export function stayBookingPayload(input: StayBookingInput): StayBookingBody {
  return {
    booking: {
      currency: input.currency,
      arrivalDate: input.checkinDate,
      departureDate: input.checkoutDate,
      customer: input.customer,
      ...present('reservationName', input.reservationName),
      ...present('externalReference', input.externalReference),
      ...present('specialRequest', input.specialRequest),
      ...(input.cardToken ? { guarantee: { cardToken: input.cardToken } } : {}),
      rooms: input.chosen.flatMap(({ unitId, rate, quantity, guests }) =>
        Array.from({ length: quantity }, (_, i) => ({
          ratePlanId: rate.id,
          roomTypeCode: unitId,
          occupancy: rate.occupancy,
          guests: (guests?.[i] ?? []).map(guestForPayload),
        })),
      ),
      policyAccepted: true,
    },
  };
}

export interface VehicleBookingInput {
  vehicleChannelId: string;
  rateId: string;
  rental: { pickupDate: string; dropoffDate: string; pickupTime: string; dropoffTime: string };
  currency: string;
  driver: VehicleBookingBody['booking']['driver'];
  cardToken?: string | undefined;
  notes?: string | undefined;
  reservationName?: string | undefined;
  externalReference?: string | undefined;
}

/** → core `vehicleBookingPayload`: the v3 bookings body for a car offer. */
export function vehicleBookingPayload(input: VehicleBookingInput): VehicleBookingBody {
  return {
    booking: {
      vehicleChannelId: input.vehicleChannelId,
      rateId: input.rateId,
      ...input.rental,
      currency: input.currency,
      ...present('notes', input.notes),
      ...present('reservationName', input.reservationName),
      ...present('externalReference', input.externalReference),
      driver: input.driver,
      ...(input.cardToken ? { guarantee: { cardToken: input.cardToken } } : {}),
      policyAccepted: true,
    },
  };
}

/** → core `guestSpaces` (document 1 §5 "Checkout"): a room's guests are at most adults + children + infants. */
export function guestSpaces(occupancy: { adults: number; children: number; infants: number }): number {
  return occupancy.adults + occupancy.children + occupancy.infants;
}

/** → core `validateContact`: the booking contact needs a last name and an e-mail for the confirmation. */
export function validateContact(contact: { surname: string; mail: string }) {
  const errors: Partial<
    Record<'surname' | 'mail', 'validation_messages.required' | 'validation_messages.email'>
  > = {};
  if (!contact.surname.trim()) errors.surname = 'validation_messages.required';
  if (!contact.mail.trim()) errors.mail = 'validation_messages.required';
  else if (!isEmailShaped(contact.mail)) errors.mail = 'validation_messages.email';
  return errors;
}

/** → core `validateDriver` (document 1 §5): names, e-mail and phone required. */
export function validateDriver(driver: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}) {
  const errors: Partial<
    Record<
      'firstName' | 'lastName' | 'email' | 'phone',
      'validation_messages.required' | 'validation_messages.email'
    >
  > = {};
  if (!driver.firstName.trim()) errors.firstName = 'validation_messages.required';
  if (!driver.lastName.trim()) errors.lastName = 'validation_messages.required';
  if (!driver.email.trim()) errors.email = 'validation_messages.required';
  else if (!isEmailShaped(driver.email)) errors.email = 'validation_messages.email';
  if (!driver.phone.trim()) errors.phone = 'validation_messages.required';
  return errors;
}

/** → core `quantityOptions` (document 1 §5 "Unit selection"): 0 … (rooms chosen for this rate + rooms still free). */
export function quantityOptions(
  unit: { availability: number; ratePlans: { id: string; availability: number }[] },
  rateId: string,
  chosenInUnit: Record<string, number>,
): number[] {
  const taken = Object.values(chosenInUnit).reduce((n, q) => n + q, 0);
  const own = chosenInUnit[rateId] ?? 0;
  const rate = unit.ratePlans.find((r) => r.id === rateId);
  const free = Math.max(0, Math.min(unit.availability, rate?.availability ?? unit.availability) - taken);
  return Array.from({ length: own + free + 1 }, (_, i) => i);
}
