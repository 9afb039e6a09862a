// The day rule's own module: the SDK's index would bring the contract (and zod) into every page that checks a day.
import { isCalendarDay } from '@tern/sdk/days';

/**
 * Calendar days, in one place (DESIGN "Time in one place"). A day is `YYYY-MM-DD`: a date on a property's
 * calendar, with no time and no zone of its own. Days compare as strings (`'2030-01-09' < '2030-01-10'`).
 *
 * "Today" is always asked for in a time zone:
 * - `todayIn(property.timezone, now)` — the property's today: search defaults on its page, its closed
 *   dates, the booking checks, whether a booking can still change. Use this wherever a property is known.
 * - `deviceToday(now)` — the device's today (the browser's or the terminal's zone), for screens with no
 *   property yet (the main search form, quick ranges of the bookings list).
 * The server has no "today" of its own: it asks for the property's (UTC only where no property is known).
 *
 * Arithmetic runs on the day's number since 1970-01-01 in UTC, a calendar without daylight-saving changes, so a
 * day is always 86 400 000 ms there and calendar days stay whole whatever the device's zone; no code elsewhere
 * should add 86 400 000 ms to move a day. (The engine prices every night of every plan of a search page with
 * these: they are plain integer arithmetic, not a `Date` library's formatting.)
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

/** The day's number: days since 1970-01-01 on the UTC calendar (negative before). */
function dayNumber(day: Day): number {
  const date = new Date(0);
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round(date.getTime() / 86_400_000);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** `YYYY-MM-DD` of a year, month (1–12) and day of the month. */
const written = (year: number, month: number, date: number): Day =>
  `${String(year).padStart(4, '0')}-${two(month)}-${two(date)}`;

/** The day of a day number (`dayNumber`'s inverse). */
function dayOfNumber(n: number): Day {
  const date = new Date(n * 86_400_000);
  return written(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * Whether `value` is a real calendar day written `YYYY-MM-DD` (not `2030-02-30`, not `2030-2-3`), in the years
 * 0001 to 9999: the contract's own rule (`isCalendarDay`, what the server's `isoDate` takes), so a day the web or
 * the CLI lets through is one the server accepts.
 */
export function isDay(value: unknown): value is Day {
  return isCalendarDay(value);
}

/** The day in `value` (surrounding spaces ignored), or `null` when it is not a real `YYYY-MM-DD` day. */
export function parseDay(value: string | null | undefined): Day | null {
  const text = value?.trim();
  return isDay(text) ? text : null;
}

/** The calendar day at `now` in `timeZone` (an IANA zone such as `Atlantic/Reykjavik`). */
export function todayIn(timeZone: string, now: Date | number = Date.now()): Day {
  return new Date(wallClock(timeZone, Number(now))).toISOString().slice(0, 10);
}

// Zones, on the runtime's own Intl: one formatter per zone, made when the zone is first asked for (making one
// loads the zone's rules — tens of milliseconds a program that never asks should not pay at its start).
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const SECOND = 1000;
const DAY_MS = 86_400_000;

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant` (ms, to the second), written as that same wall clock in UTC. */
function wallClock(timeZone: string, instant: number): number {
  const parts: Record<string, string> = {};
  for (const part of zoneFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return wall.getTime();
}

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `instant`, in minutes (Oslo in winter 60, New York in
 * winter -300). Throws a `RangeError` on a zone the runtime does not know.
 */
export function zoneOffsetMinutes(timeZone: string, instant: Date | number = Date.now()): number {
  const at = Math.floor(Number(instant) / SECOND) * SECOND;
  return Math.round((wallClock(timeZone, at) - at) / 60_000);
}

/** The zone the device runs in (the browser's, the terminal's, the server process's). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The device's calendar day at `now`: for screens that know no property yet. */
export function deviceToday(now: Date | number = Date.now()): Day {
  const date = new Date(now);
  return written(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The device's today under its older name (web and CLI screens with no property). */
export const todayIso = deviceToday;

/**
 * The instant a day's wall-clock `time` (`HH:mm`, 00:00 by default) happens in `timeZone`. A time the clocks
 * skip (spring forward) is read with the offset before the change, so it lands as far after the change as it
 * was asked after the skip's start (New York 2:30 → 3:30 EDT); a time that happens twice (fall back) is the
 * first one. This is `Temporal`'s "compatible" reading, and what a guest's 2:30 check-in would mean.
 */
export function instantOf(day: Day, timeZone: string, time = '00:00'): Date {
  const wall = new Date(`${day}T${time}:00Z`).getTime();
  if (Number.isNaN(wall)) throw new RangeError(`Not a day and time: ${day} ${time}`);
  const before = zoneOffsetMinutes(timeZone, wall - DAY_MS) * 60_000;
  const after = zoneOffsetMinutes(timeZone, wall + DAY_MS) * 60_000;
  const fits = [wall - before, wall - after]
    .filter((at) => wallClock(timeZone, at) === wall)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - before);
}

/** A day moved by `days` (negative: back). */
export function addDays(day: Day, days: number): Day {
  return dayOfNumber(dayNumber(day) + Math.trunc(days));
}

/** Calendar days from `from` to `to`: negative when `to` is earlier; `NaN` when either is not a day. */
export function daysBetween(from: Day, to: Day): number {
  if (!isDay(from) || !isDay(to)) return Number.NaN;
  return dayNumber(to) - dayNumber(from);
}

/** Nights of a stay from check-in to check-out (0 when the check-out is not after, or a day is invalid). */
export function nightsBetween(checkin: Day, checkout: Day): number {
  const days = daysBetween(checkin, checkout);
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}

/** Every day from `from` up to, not including, `to` (the nights of a stay); empty when `to` is not after. */
export function daysFrom(from: Day, to: Day): Day[] {
  return dayRun(from, nightsBetween(from, to));
}

/** `count` days from `from` on (`from` included). */
export function dayRun(from: Day, count: number): Day[] {
  const start = dayNumber(from);
  return Array.from({ length: Math.max(0, count) }, (_, i) => dayOfNumber(start + i));
}

/** -1, 0 or 1, for sorting days. */
export function compareDays(a: Day, b: Day): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `day` is before `today` (a past day). */
export const isPastDay = (day: Day, today: Day): boolean => day < today;

/** The calendar month `shift` months from the one holding `day`: its first and last day. */
export function monthOf(day: Day, shift = 0): { from: Day; to: Day } {
  const months = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + Math.trunc(shift);
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  // Day 0 of the next month is this month's last day.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return { from: written(year, month, 1), to: written(year, month, last.getUTCDate()) };
}

/** The day of the week, ISO numbering: 1 Monday … 7 Sunday (the day's own calendar, no zone). */
export function isoWeekday(day: Day): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  // 1970-01-01 was a Thursday (4).
  return (((((dayNumber(day) + 3) % 7) + 7) % 7) + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}
