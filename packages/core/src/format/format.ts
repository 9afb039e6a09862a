import { currencyDecimals, roundMoney } from '../bookingEngine/pricing.js';
import { type Day, zoneOffsetMinutes } from '../dates/dates.js';

// How every screen (web, CLI) writes money, days and instants: one place, so the store's eight languages and
// currencies format alike. Days are DD/MM/YYYY and times HH:mm in every language, as the documents say
// (document 1 §9, UI.md); money follows the locale's separators and the currency's own decimals.

// Lists format thousands of cells: one Intl formatter per locale and currency, made when first asked for.
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The cached formatter of `currency` amounts in `locale`, with the currency's own decimals (ISK 0, EUR 2, KWD 3);
 * `withCode` adds the currency's code where the locale puts it (`ISK 12,500`, `12.500 ISK`).
 */
export function moneyFormat(currency: string, locale: string, withCode = true): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${locale}|${code}|${withCode}`;
  let format = numberFormats.get(key);
  if (!format) {
    const decimals = currencyDecimals(code);
    format = new Intl.NumberFormat(locale, {
      ...(withCode ? { style: 'currency', currency: code, currencyDisplay: 'code' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  return format;
}

const missing = (amount: number | null | undefined): amount is null | undefined =>
  amount === null || amount === undefined || !Number.isFinite(amount);

/**
 * An amount with its currency's code, in the locale's way and the currency's decimals, rounded half away from
 * zero (`roundMoney`): `formatMoney(12500, 'ISK', 'is')` → `12.500 ISK`; a dash when missing.
 */
export function formatMoney(amount: number | null | undefined, currency: string, locale: string): string {
  if (missing(amount)) return '—';
  return moneyFormat(currency, locale).format(roundMoney(amount, currency));
}

/** The amount alone (no code), for a cell whose column or row already names the currency; a dash when missing. */
export function formatAmount(amount: number | null | undefined, currency: string, locale: string): string {
  if (missing(amount)) return '—';
  return moneyFormat(currency, locale, false).format(roundMoney(amount, currency));
}

const shortMonthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `YYYY-MM-DD` with a short month in `locale` ("31 Dec 2030", "31. des. 2030": the public campaign page's "valid
 * until", document 3 §2.3); a dash when missing.
 */
export function formatDayShortMonth(day: Day | null | undefined, locale: string): string {
  if (!day) return '—';
  let format = shortMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    shortMonthFormats.set(locale, format);
  }
  const [y, m, d] = day.split('-').map(Number);
  return format.format(Date.UTC(y!, m! - 1, d!));
}

/** `YYYY-MM-DD` as the screens' DD/MM/YYYY; a dash when missing. */
export function formatDay(day: Day | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The wall clock of an instant in `timeZone`, written as an ISO string (`2026-11-28T23:30:00.000Z` for 23:30 there). */
function wallClockIn(iso: string, timeZone: string): string | null {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + zoneOffsetMinutes(timeZone, ms) * 60_000).toISOString();
}

/**
 * An instant (`createdAt`, a deadline) as `DD/MM/YYYY HH:mm` on the wall clock of `timeZone`: the property's
 * zone where the instant belongs to one, else the viewer's (`deviceTimeZone()`); a dash when missing or unreadable.
 */
export function formatInstant(iso: string | null | undefined, timeZone: string): string {
  const wall = iso ? wallClockIn(iso, timeZone) : null;
  return wall ? `${formatDay(wall.slice(0, 10))} ${wall.slice(11, 16)}` : '—';
}

/**
 * An instant on the wall clock of `timeZone` with a short month in `locale` ("8 May 2030 00:00": the public pages'
 * deadlines, in the hotel's time); a dash when missing or unreadable.
 */
export function formatInstantShortMonth(
  iso: string | null | undefined,
  timeZone: string,
  locale: string,
): string {
  const wall = iso ? wallClockIn(iso, timeZone) : null;
  return wall ? `${formatDayShortMonth(wall.slice(0, 10), locale)} ${wall.slice(11, 16)}` : '—';
}

/** The day of an instant in `timeZone` (`YYYY-MM-DD`: where a purchase was made that day), or null when unreadable. */
export function dayOfInstant(iso: string | null | undefined, timeZone: string): Day | null {
  const wall = iso ? wallClockIn(iso, timeZone) : null;
  return wall ? wall.slice(0, 10) : null;
}

/** The day of an instant in `timeZone`, as `DD/MM/YYYY` (a list's "created" column); a dash when missing. */
export const formatInstantDay = (iso: string | null | undefined, timeZone: string): string =>
  formatDay(dayOfInstant(iso, timeZone));
