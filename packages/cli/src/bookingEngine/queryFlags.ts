import {
  type BookingParams,
  carSearchDefaults,
  knownCurrencies,
  occupancyLimits,
  parseBookingQuery,
  rentalProblems,
} from '@tern/core/bookingEngine';
import { isDay } from '@tern/core/dates';
import type { SearchQuery, VehicleQueryBody } from '@tern/sdk';
import { describeErrorCode } from '@tern/sdk/errorCatalogue';
import { flagOfField, UserError } from '../errors.js';

/**
 * Flags → the booking query of document 1 §2, read by core's `parseBookingQuery` (the same rules as the web
 * app's URL). Where core drops a value that a flag gave, the flag is refused by name: a command line says
 * what is wrong instead of quietly searching for something else.
 */

export interface WhereFlags {
  city?: string;
  state?: string;
  country?: string;
  title?: string;
  /** Map bounds: `SOUTH,WEST,NORTH,EAST`. */
  bounds?: string;
}

export interface StaySearchFlags extends WhereFlags {
  checkin?: string;
  checkout?: string;
  adults?: string;
  children?: string;
  childAges?: string;
  currency?: string;
  available?: boolean;
  discover?: boolean;
  page?: string;
  limit?: string;
}

export interface CarSearchFlags extends Omit<WhereFlags, 'title' | 'state'> {
  pickupDate?: string;
  dropoffDate?: string;
  pickupTime?: string;
  dropoffTime?: string;
  driverAge?: string;
  driverCountry?: string;
  currency?: string;
  station?: string;
}

type Problem = [flag: string, message: string];
type Rule = readonly [flag: string, kept: (p: BookingParams, value: string) => boolean, message: string];

const DAY = 'YYYY-MM-DD';

/** What a day flag before `today` (or not a day) is told, whichever today it is checked against. */
export const pastDayMessage = (today: string) => `use a day from today (${today}) on, as ${DAY}`;

/** One error naming every refused flag (`--adults: …; --checkout: …`). */
export function invalidFlags(problems: Problem[]): UserError {
  return new UserError(problems.map(([flag, message]) => `${flag}: ${message}`).join('; '), {
    code: 'invalid_input',
    fields: problems.map(([field, message]) => ({ field, message })),
  });
}

/**
 * A reversed range (`--from 2026-05-10 --to 2026-05-01`) is refused, not answered with nothing: each pair's
 * later flag is named. Values compare as text (days and months as the flags take them).
 */
export function reversedRanges(
  pairs: readonly [from: string, fromValue: string | undefined, to: string, toValue: string | undefined][],
): Problem[] {
  return pairs.flatMap(([from, fromValue, to, toValue]): Problem[] =>
    fromValue !== undefined && toValue !== undefined && toValue < fromValue
      ? [[to, `${toValue} is before ${from} ${fromValue}: use ${from} … ${to} in order`]]
      : [],
  );
}

function query(entries: Record<string, string | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) search.set(key, value);
  return search;
}

const range = (limits: { min: number; max: number }) =>
  `use a whole number from ${limits.min} to ${limits.max}`;

/** Checks that what each given flag asked survived core's parsing. */
function checkKept(
  given: Record<string, string | undefined>,
  parsed: BookingParams,
  rules: Record<string, Rule>,
): Problem[] {
  const problems: Problem[] = [];
  for (const [key, [flag, kept, message]] of Object.entries(rules)) {
    const value = given[key];
    if (value === undefined || kept(parsed, value.trim())) continue;
    // A day that is no day at all (2026-13-45) is told so, not sent to pick a later day.
    problems.push([flag, DAY_KEYS.has(key) && !isDay(value.trim()) ? notADay(value.trim()) : message]);
  }
  return problems;
}

const DAY_KEYS = new Set(['checkinDate', 'checkoutDate', 'pickupDate', 'dropoffDate']);

/** What a day flag that is not a real day is told. */
export const notADay = (value: string) => `"${value}" is not a date: use ${DAY}`;

/**
 * A refused check-in takes the check-out with it in core's parsing; a check-out that is a day after the
 * check-in given is not wrong itself, so only the check-in is named.
 */
function withoutKnockOn(problems: Problem[], checkin: string | undefined, checkout: string | undefined) {
  const after = isDay(checkout?.trim()) && (!isDay(checkin?.trim()) || checkout!.trim() > checkin!.trim());
  if (!after || !problems.some(([flag]) => flag === '--checkin')) return problems;
  return problems.filter(([flag]) => flag !== '--checkout');
}

const sameNumber = (a: number | null, value: string) =>
  a !== null && /^\d+$/.test(value) && a === Number(value);

function whereRules(
  today: string,
): Record<'currency' | 'mapCoordinates' | 'checkinDate' | 'checkoutDate', Rule> {
  return {
    currency: [
      '--currency',
      (p: BookingParams, v: string) => p.currency === v.toUpperCase(),
      `use one of ${knownCurrencies.join(', ')}`,
    ],
    mapCoordinates: [
      '--bounds',
      (p: BookingParams) => p.mapCoordinates !== null,
      'give four numbers SOUTH,WEST,NORTH,EAST (e.g. 63.9,-22.1,64.3,-21.6)',
    ],
    checkinDate: ['--checkin', (p: BookingParams, v: string) => p.checkinDate === v, pastDayMessage(today)],
    checkoutDate: [
      '--checkout',
      (p: BookingParams, v: string) => p.checkoutDate === v,
      `use a day after --checkin, as ${DAY}`,
    ],
  };
}

/** `tern search stays` flags → the search list's query. */
export function staySearchQuery(flags: StaySearchFlags, today: string): SearchQuery {
  const given = {
    type: 'accommodation',
    currency: flags.currency,
    checkinDate: flags.checkin,
    checkoutDate: flags.checkout,
    adults: flags.adults,
    children: flags.children,
    childrenAge: flags.childAges,
    mapCoordinates: flags.bounds,
    city: flags.city,
    country: flags.country,
    state: flags.state,
    title: flags.title,
  };
  const parsed = parseBookingQuery(query(given), today);
  const kept = checkKept(given, parsed, {
    ...whereRules(today),
    adults: ['--adults', (p, v) => sameNumber(p.adults, v), range(occupancyLimits.adults)],
    children: ['--children', (p, v) => sameNumber(p.children, v), range(occupancyLimits.children)],
    childrenAge: [
      '--child-ages',
      (p, v) => p.childrenAge.join(',') === v.replace(/\s+/g, ''),
      `give one age from ${occupancyLimits.childAge.min} to ${occupancyLimits.childAge.max} per child, comma-separated (as many as --children)`,
    ],
  });
  const problems = withoutKnockOn(kept, flags.checkin, flags.checkout);
  if ((flags.checkin === undefined) !== (flags.checkout === undefined))
    problems.push([
      flags.checkin === undefined ? '--checkin' : '--checkout',
      'a search needs both --checkin and --checkout (or neither, for a list without prices)',
    ]);
  const page = positiveInt(flags.page, '--page', 100_000, problems);
  const limit = positiveInt(flags.limit, '--limit', 100, problems);
  if (problems.length > 0) throw invalidFlags(problems);

  const filter: NonNullable<SearchQuery['filter']> = {
    ...(parsed.title ? { title: { has: parsed.title } } : {}),
    ...(parsed.city ? { city: parsed.city } : {}),
    ...(parsed.state ? { state: parsed.state } : {}),
    ...(parsed.country ? { country: parsed.country } : {}),
    ...boundsFilter(parsed.mapCoordinates),
  };
  return {
    currency: parsed.currency,
    ...(parsed.checkinDate && parsed.checkoutDate
      ? { checkinDate: parsed.checkinDate, checkoutDate: parsed.checkoutDate }
      : {}),
    occupancy: { adults: parsed.adults, children: parsed.children, childrenAge: parsed.childrenAge },
    ...(flags.available ? { isAvailable: true } : {}),
    ...(flags.discover ? { discover: true } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(page !== undefined ? { page } : {}),
    ...(limit !== undefined ? { limit } : {}),
  };
}

export interface CarRental {
  pickupDate: string;
  dropoffDate: string;
  pickupTime: string;
  dropoffTime: string;
}

/** The car query with every default applied (it is also the rental a booking names). */
export type CarQuery = CarRental & {
  driverAge: number;
  driverCountry: string;
  currency: string;
  filter: NonNullable<VehicleQueryBody['filter']>;
};

/** `tern search cars` (and `tern book car`) flags → the vehicle query, with core's car defaults. */
export function carQueryBody(flags: CarSearchFlags, today: string): CarQuery {
  const defaults = carSearchDefaults(today);
  const given = {
    type: 'vehicle',
    currency: flags.currency,
    pickupDate: flags.pickupDate ?? (flags.dropoffDate === undefined ? defaults.pickupDate : undefined),
    dropoffDate: flags.dropoffDate ?? (flags.pickupDate === undefined ? defaults.dropoffDate : undefined),
    pickupTime: flags.pickupTime ?? defaults.pickupTime,
    dropoffTime: flags.dropoffTime ?? defaults.dropoffTime,
    driverAge: flags.driverAge ?? String(defaults.driverAge),
    driverCountry: flags.driverCountry ?? defaults.driverCountry,
    mapCoordinates: flags.bounds,
    city: flags.city,
    country: flags.country,
  };
  const parsed = parseBookingQuery(query(given), today);
  const { checkinDate: _in, checkoutDate: _out, ...where } = whereRules(today);
  const problems = checkKept(given, parsed, {
    ...where,
    pickupDate: [
      flags.pickupDate === undefined ? '--dropoff-date' : '--pickup-date',
      (p, v) => p.pickupDate === v,
      pastDayMessage(today),
    ],
    dropoffDate: [
      '--dropoff-date',
      (p, v) => p.dropoffDate === v,
      `use --pickup-date or a later day, as ${DAY}`,
    ],
    pickupTime: ['--pickup-time', (p, v) => p.pickupTime === v, 'use HH:mm (e.g. 10:00)'],
    dropoffTime: ['--dropoff-time', (p, v) => p.dropoffTime === v, 'use HH:mm (e.g. 10:00)'],
    driverAge: ['--driver-age', (p, v) => sameNumber(p.driverAge, v), range(occupancyLimits.driverAge)],
    driverCountry: [
      '--driver-country',
      (p, v) => p.driverCountry === v.toUpperCase(),
      'use a two-letter country code (e.g. IS)',
    ],
  });
  if ((flags.pickupDate === undefined) !== (flags.dropoffDate === undefined))
    problems.push([
      flags.pickupDate === undefined ? '--pickup-date' : '--dropoff-date',
      'give both --pickup-date and --dropoff-date (or neither, for today + 5 to today + 12)',
    ]);
  if (problems.length > 0) throw invalidFlags(problems);
  const rental = {
    pickupDate: parsed.pickupDate!,
    dropoffDate: parsed.dropoffDate!,
    pickupTime: parsed.pickupTime!,
    dropoffTime: parsed.dropoffTime!,
  };
  // Core's rental rules (at most 90 days, times on the half hour), in the catalogue's words, all at once.
  const broken = rentalProblems(rental, today).map(
    (p): Problem => [flagOfField(p.field), describeErrorCode(p.code, p.params) ?? p.code],
  );
  if (broken.length > 0) throw invalidFlags(broken);
  return {
    ...rental,
    driverAge: parsed.driverAge!,
    driverCountry: parsed.driverCountry!,
    currency: parsed.currency,
    filter: {
      ...(parsed.city ? { city: parsed.city } : {}),
      ...(parsed.country ? { country: parsed.country } : {}),
      ...(flags.station ? { stationId: flags.station } : {}),
      ...boundsFilter(parsed.mapCoordinates),
    },
  };
}

function boundsFilter(bounds: BookingParams['mapCoordinates']) {
  if (!bounds) return {};
  const [south, west, north, east] = bounds;
  return { latitude: { gte: south, lte: north }, longitude: { gte: west, lte: east } };
}

function positiveInt(value: string | undefined, flag: string, max: number, problems: Problem[]) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (/^\d+$/.test(value.trim()) && n >= 1 && n <= max) return n;
  problems.push([flag, `use a whole number from 1 to ${max}`]);
  return undefined;
}

export interface StayDatesFlags {
  checkin?: string;
  checkout?: string;
  currency?: string;
}

/** `--checkin`, `--checkout` (both needed) and `--currency` of a rates table or a booking. */
export function stayDates(
  flags: StayDatesFlags,
  today: string,
): { checkinDate: string; checkoutDate: string; currency: string } {
  const given = {
    type: 'accommodation',
    currency: flags.currency,
    checkinDate: flags.checkin,
    checkoutDate: flags.checkout,
  };
  const parsed = parseBookingQuery(query(given), today);
  const { mapCoordinates: _bounds, ...rules } = whereRules(today);
  const problems = withoutKnockOn(checkKept(given, parsed, rules), flags.checkin, flags.checkout);
  if (flags.checkin === undefined) problems.push(['--checkin', `the arrival day is needed, as ${DAY}`]);
  if (flags.checkout === undefined) problems.push(['--checkout', `the departure day is needed, as ${DAY}`]);
  if (problems.length > 0) throw invalidFlags(problems);
  return { checkinDate: parsed.checkinDate!, checkoutDate: parsed.checkoutDate!, currency: parsed.currency };
}
