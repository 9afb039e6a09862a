import type { RateOffer, StayBookingBody, VehicleBookingBody } from '@tern/sdk';
import { currencyDecimals, roundMoney } from './pricing.js';

/**
 * The booking engine's screen rules (document 1 §2, §3, §5, §9): formatting, dates, currencies, the query
 * string, car search defaults, the main search form's target, the rates selection and the checkout. Pure
 * functions, used by the web app and the CLI alike (first written in the web app, moved here).
 */

/**
 * Upper-case code and the amount with the currency's decimals (2, or 0 for ISK, JPY…), thousands
 * separated; a dash when missing (DECISIONS 9).
 */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const decimals = currencyDecimals(currency);
  const number = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(roundMoney(amount, currency));
  return `${currency.toUpperCase()} ${number}`;
}

/** Occupancy limits (document 1 §5): adults 1–30, children 0–11, child ages 0–17. */
export const occupancyLimits = {
  adults: { min: 1, max: 30 },
  children: { min: 0, max: 11 },
  childAge: { min: 0, max: 17 },
  driverAge: { min: 18, max: 99 },
} as const;

export interface Occupancy {
  adults: number;
  children: number;
  childrenAge: number[];
}

/** One age per child; the list grows (with age 0) or shrinks with the count. */
export function withChildren(occupancy: Occupancy, children: number): Occupancy {
  const ages = occupancy.childrenAge.slice(0, children);
  while (ages.length < children) ages.push(0);
  return { ...occupancy, children, childrenAge: ages };
}

// ——— dates ——————————————————————————————————————————————————————————————————————————————————————

/** The local calendar day of `now` as `YYYY-MM-DD`. */
export function todayIso(now: number = Date.now()): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A `YYYY-MM-DD` day moved by `days`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Nights between two `YYYY-MM-DD` days (0 when not after). */
export function nightsBetween(checkin: string, checkout: string): number {
  const a = Date.parse(`${checkin}T00:00:00Z`);
  const b = Date.parse(`${checkout}T00:00:00Z`);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 0;
  return Math.max(0, Math.round((b - a) / 86_400_000));
}

/** `YYYY-MM-DD` as the UI's DD/MM/YYYY. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isIsoDay(value: string | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

// ——— currencies ————————————————————————————————————————————————————————————————————————————————

/** The currencies the engine prices in. */
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
];

/** The preferred first, then USD, EUR, GBP, then alphabetical. */
export function currencyOrder(currencies: readonly string[], preferred?: string | null): string[] {
  const head = ['USD', 'EUR', 'GBP'];
  const rank = (c: string) => (c === preferred ? -1 : head.includes(c) ? head.indexOf(c) : 10);
  return [...new Set(currencies)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// ——— the query string (document 1 §2, §5) ——————————————————————————————————————————————————————————

export type PropertyKind = 'accommodation' | 'vehicle';

export interface BookingParams {
  type: PropertyKind;
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

/** Values that break a rule are dropped, never clamped (document 1 §5). */
export function parseBookingQuery(search: string | URLSearchParams, today: string): BookingParams {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (k: string) => q.get(k)?.trim() || undefined;
  const int = (k: string, min: number, max: number) => {
    const v = get(k);
    if (v === undefined || !/^-?\d+$/.test(v)) return null;
    const n = Number(v);
    return n >= min && n <= max ? n : null;
  };
  let checkin = isIsoDay(get('checkinDate')) ? get('checkinDate')! : null;
  if (checkin && checkin < today) checkin = null;
  let checkout = isIsoDay(get('checkoutDate')) ? get('checkoutDate')! : null;
  if (checkout && (!checkin || checkout <= checkin)) checkout = null;
  let pickup = isIsoDay(get('pickupDate')) ? get('pickupDate')! : null;
  if (pickup && pickup < today) pickup = null;
  let dropoff = isIsoDay(get('dropoffDate')) ? get('dropoffDate')! : null;
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
  const order: (keyof BookingParams)[] = [
    'type',
    'currency',
    'checkinDate',
    'checkoutDate',
    'pickupDate',
    'dropoffDate',
    'pickupTime',
    'dropoffTime',
    'driverAge',
    'driverCountry',
    'adults',
    'children',
    'childrenAge',
    'mapCoordinates',
    'city',
    'country',
    'state',
    'title',
  ];
  for (const key of order) {
    const value = params[key];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) q.set(key, value.join(','));
    } else q.set(key, String(value));
  }
  return q.toString();
}

// ——— cars (document 1 §5, §9) ——————————————————————————————————————————————————————————————————————

/** Pick-up today + 5, return today + 12, both 10:00, driver 30 from IS. */
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

/** The day in 30-minute steps, `HH:mm`. */
export function timeOptions(stepMinutes = 30): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** 18–99 with 30 to 60 as one option (its value 30). */
export function driverAgeOptions(): { value: number; from: number; to: number }[] {
  const out: { value: number; from: number; to: number }[] = [];
  for (let age = 18; age <= 99; age++) {
    if (age === 30) out.push({ value: 30, from: 30, to: 60 });
    else if (age > 30 && age <= 60) continue;
    else out.push({ value: age, from: age, to: age });
  }
  return out;
}

// ——— the main search form (document 1 §2) ———————————————————————————————————————————————————————————

export interface PlaceRef {
  id: string;
  kind: 'city' | 'country' | 'property';
  title: string;
  city: string | null;
  state: string | null;
  country: string;
}

/**
 * the page a search opens — the property page when a
 * property was chosen, else the search page (cars: the car search page) with the query.
 */
export function searchTarget(params: BookingParams, place: PlaceRef | null, text: string): string {
  const where: Partial<BookingParams> = {
    city: null,
    country: null,
    state: null,
    title: null,
    mapCoordinates: null,
  };
  if (place?.kind === 'city')
    Object.assign(where, { city: place.city ?? place.title, country: place.country });
  else if (place?.kind === 'country') where.country = place.country;
  else if (place?.kind === 'property' && params.type === 'vehicle')
    Object.assign(where, { city: place.city, country: place.country });
  else if (!place && text.trim()) where.title = text.trim();
  const query = bookingQueryString({ ...params, ...where });
  if (place?.kind === 'property' && params.type === 'accommodation')
    return `/property/${encodeURIComponent(place.id)}?${query}`;
  return `${params.type === 'vehicle' ? '/search_cars' : '/search'}?${query}`;
}

// ——— rates and the selection (document 1 §5 "unit selection", §9) ———————————————————————————————————

interface RateLike {
  id: string;
  availability: number;
  occupancy: { adults: number; children: number; infants: number };
  totalPrice: number;
  netPrice: number;
  taxes: { title: string; mode: string; amount: number; inclusive: boolean }[];
  cancellationPolicy: { guaranteePaymentPolicy: 'none' | 'percent_based' | 'amount' } | null;
}
interface UnitLike {
  id: string;
  availability: number;
  ratePlans: RateLike[];
}
type Selection = Record<string, Record<string, number>>;

/** 0 … (rooms chosen for this rate + rooms of the unit still free). */
export function quantityOptions(unit: UnitLike, rateId: string, selection: Selection): number[] {
  const chosen = selection[unit.id] ?? {};
  const taken = Object.values(chosen).reduce((n, q) => n + q, 0);
  const own = chosen[rateId] ?? 0;
  const rate = unit.ratePlans.find((r) => r.id === rateId);
  const free = Math.max(0, Math.min(unit.availability, rate?.availability ?? unit.availability) - taken);
  return Array.from({ length: own + free + 1 }, (_, i) => i);
}

/** (document 1 §9) 3 or fewer left. */
export function isScarce(availability: number): boolean {
  return availability <= 3;
}

/** The rooms of a selection one by one (a rate chosen twice is two rooms), for core's totals. */
export function roomsOf<R>(chosen: readonly { rate: R; quantity: number }[]): R[] {
  return chosen.flatMap(({ rate, quantity }) => Array.from({ length: quantity }, () => rate));
}

/** The chosen rates with their unit and count, in table order. */
export function chosenRates<U extends UnitLike>(units: U[], selection: Selection) {
  const out: { unit: U; rate: U['ratePlans'][number]; quantity: number }[] = [];
  for (const unit of units) {
    for (const rate of unit.ratePlans) {
      const quantity = selection[unit.id]?.[rate.id] ?? 0;
      if (quantity > 0) out.push({ unit, rate, quantity });
    }
  }
  return out;
}

/**
 * (document 1 §2, §8) the chosen rooms must sleep every adult, and everyone
 * (children with infants' spaces too). Nothing chosen is not "missing" (the page shows a search button).
 */
export function hasMissingSpaces(
  chosen: readonly { rate: Pick<RateLike, 'occupancy'>; quantity: number }[],
  guests: { adults: number; children: number },
): boolean {
  if (chosen.length === 0) return false;
  const adults = chosen.reduce((n, c) => n + c.rate.occupancy.adults * c.quantity, 0);
  const all = chosen.reduce(
    (n, c) =>
      n + (c.rate.occupancy.adults + c.rate.occupancy.children + c.rate.occupancy.infants) * c.quantity,
    0,
  );
  return adults < guests.adults || all < guests.adults + guests.children;
}

/**
 * The rates a party can use, for the property page's rates table: with virtual rate plans each plan
 * appears once per occupancy it sells, and only those within the party — no more adults, no more children and
 * infants together than it has — can be one of its rooms (a party of two adults may take one double or two
 * singles, never a room priced for a child it does not have). Units keep their order; a unit may end up with
 * no rate, which the table says.
 */
export function ratesForParty<U extends { ratePlans: readonly Pick<RateLike, 'occupancy'>[] }>(
  units: readonly U[],
  party: { adults: number; children: number },
): U[] {
  return units.map((unit) => ({
    ...unit,
    ratePlans: unit.ratePlans.filter(
      (rate) =>
        rate.occupancy.adults <= party.adults &&
        rate.occupancy.children + rate.occupancy.infants <= party.children,
    ),
  }));
}

// ——— checkout (document 1 §2, §3, §5) ——————————————————————————————————————————————————————————————

export const NO_NAME = 'No Name';

export interface GuestInput {
  name: string;
  surname: string;
  nationality: string;
}

/** One guest per line, first name, last name and nationality in tab columns. */
export function parseGuestPaste(text: string): GuestInput[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.split('\t').map((cell) => cell.trim()))
    .filter((cells) => cells.some((c) => c !== ''))
    .map(([name = '', surname = '', nationality = '']) => ({
      name,
      surname,
      nationality: /^[A-Za-z]{2}$/.test(nationality) ? nationality.toUpperCase() : '',
    }));
}

/**
 * pasted guests fill the rows from `from` on. `overflow` is how many would go past
 * `max` (the room's occupancy): the caller asks before adding them (document 1 §2).
 */
export function pasteGuests(rows: GuestInput[], from: number, pasted: GuestInput[], max: number) {
  const all = [...rows];
  pasted.forEach((guest, i) => {
    all[from + i] = guest;
  });
  const overflow = Math.max(0, all.length - Math.max(max, rows.length));
  return { withExtra: all, withinMax: all.slice(0, Math.max(max, rows.length)), overflow };
}

/** A guest without name and surname is "No Name". */
export function guestForPayload(guest: GuestInput): GuestInput {
  if (!guest.name.trim() && !guest.surname.trim())
    return { name: NO_NAME, surname: '', nationality: guest.nationality };
  return { name: guest.name.trim(), surname: guest.surname.trim(), nationality: guest.nationality };
}

/** The first non-empty of uniqueId, bookingUniqueId, bookingId. */
export function bookingIdOf(reply: {
  uniqueId?: string | null;
  bookingUniqueId?: string | null;
  bookingId?: string | null;
}): string {
  return reply.uniqueId || reply.bookingUniqueId || reply.bookingId || '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Names, e-mail and phone required. */
export function validateDriver(driver: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}) {
  const errors: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>> = {};
  if (!driver.firstName.trim()) errors.firstName = 'validation_messages.required';
  if (!driver.lastName.trim()) errors.lastName = 'validation_messages.required';
  if (!driver.email.trim()) errors.email = 'validation_messages.required';
  else if (!EMAIL.test(driver.email.trim())) errors.email = 'validation_messages.email';
  if (!driver.phone.trim()) errors.phone = 'validation_messages.required';
  return errors;
}

/** The booking contact needs a last name and an e-mail for the confirmation. */
export function validateContact(contact: { surname: string; mail: string }) {
  const errors: Partial<Record<'surname' | 'mail', string>> = {};
  if (!contact.surname.trim()) errors.surname = 'validation_messages.required';
  if (!contact.mail.trim()) errors.mail = 'validation_messages.required';
  else if (!EMAIL.test(contact.mail.trim())) errors.mail = 'validation_messages.email';
  return errors;
}

interface PolicyLike {
  cancellationPolicyLogic: 'non_refundable' | 'free' | 'deadline';
  cancellationPolicyDeadline: number | null;
  cancellationPolicyDeadlineType: 'hours' | 'days' | null;
}

/**
 * (document 1 §9) check-in day at the check-in time (00:00 without one)
 * minus the deadline; `null` for policies without a deadline. Local wall time as `YYYY-MM-DDTHH:mm`.
 */
export function cancellationDeadline(
  policy: PolicyLike,
  checkinDate: string,
  checkinTime: string | null,
): string | null {
  if (policy.cancellationPolicyLogic !== 'deadline') return null;
  const [h, m] = (checkinTime ?? '00:00').split(':').map(Number) as [number, number];
  const [y, mo, d] = checkinDate.split('-').map(Number) as [number, number, number];
  const hours =
    (policy.cancellationPolicyDeadline ?? 0) * (policy.cancellationPolicyDeadlineType === 'days' ? 24 : 1);
  const at = new Date(Date.UTC(y, mo - 1, d, h, m) - hours * 3_600_000);
  return at.toISOString().slice(0, 16);
}

/**
 * (document 1 §5 "date picker") a stay whose nights include a closed one is
 * cleared. The night of the check-out day is not part of the stay.
 */
export function spansClosedNight(
  range: { start: string; end: string },
  closed: ReadonlySet<string>,
): boolean {
  for (let day = range.start; day < range.end; day = addDays(day, 1)) if (closed.has(day)) return true;
  return false;
}

// ——— booking payloads (document 1 §3, R091, R092) ————————————————————————————————————————————————

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

/** The create_booking body — one room entry per room booked, guests per room. */
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

/** The v3 bookings body for a car offer. */
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

/** Guests a room holds (document 1 §5 "Checkout"): at most adults + children + infants. */
export function guestSpaces(occupancy: { adults: number; children: number; infants: number }): number {
  return occupancy.adults + occupancy.children + occupancy.infants;
}

/** The car search asks for the providers' answers every 2 s until all have answered (document 1 §9). */
export const VEHICLE_POLL_MS = 2000;
