import type { ClosedDates } from '@tern/sdk';
import { daysFrom, nightsBetween } from '../dates/dates.js';

/**
 * The date-range picker of the booking engine (M08, document 1 §5 "date picker"; R041–R045): past days are
 * disabled, closed days are disabled as check-in days, a range whose nights include a closed one is cleared.
 * The check-out day's night is not part of the stay, so a closed day can still be a check-out day.
 */

/**
 * (document 1 §5 "date picker") a stay whose nights include a closed one is cleared. The night of the
 * check-out day is not part of the stay.
 */
export function spansClosedNight(
  range: { start: string; end: string },
  closed: ReadonlySet<string>,
): boolean {
  return daysFrom(range.start, range.end).some((night) => closed.has(night));
}

export interface DateRange {
  start: string | null;
  end: string | null;
}

/**
 * The closed nights to show: those of the property, plus those of one rate plan when the picker is for a
 * rate (R042, "closed dates per rate"). An unknown rate plan adds nothing.
 */
export function closedNights(
  closed: ClosedDates | null | undefined,
  ratePlanId?: string | null,
): Set<string> {
  const nights = new Set(closed?.closedDates ?? []);
  if (ratePlanId) {
    const own = closed?.ratePlans.find((r) => r.ratePlanId === ratePlanId);
    for (const day of own?.closedDates ?? []) nights.add(day);
  }
  return nights;
}

/**
 * Whether a day cannot be picked: a past day never (`today` is the property's today, `todayIn(its zone)`); a closed day not as a check-in day (`asCheckout`: the
 * day a stay ends, whose night is not stayed, may be closed).
 */
export function isDayDisabled(
  day: string,
  options: { today: string; closed: ReadonlySet<string>; asCheckout?: boolean },
): boolean {
  if (day < options.today) return true;
  return !options.asCheckout && options.closed.has(day);
}

/** Why a day cannot be picked: past, closed (as a check-in day), or a closed night before it (as a check-out). */
export type DayBlock = 'past' | 'closed' | 'closed_night_before';

/**
 * Why a day cannot be picked in a range calendar, or `null` (R041–R043). `checkIn` is the day already picked
 * to start the stay when this day would end it: then the day itself may be closed (its night is not stayed)
 * but no night from the check-in up to it may be. Without `checkIn` the day would start a stay, so a closed
 * day cannot be picked.
 */
export function dayBlock(
  day: string,
  options: { today: string; closed: ReadonlySet<string>; checkIn?: string | null },
): DayBlock | null {
  if (day < options.today) return 'past';
  const { checkIn } = options;
  if (checkIn && day > checkIn)
    return spansClosedNight({ start: checkIn, end: day }, options.closed) ? 'closed_night_before' : null;
  return options.closed.has(day) ? 'closed' : null;
}

export type RangePick =
  | { kind: 'ignored'; range: DateRange }
  | { kind: 'started'; range: DateRange }
  | { kind: 'completed'; range: DateRange; nights: number }
  | { kind: 'cleared'; range: DateRange };

/**
 * One click on the picker:
 * - on a disabled day: ignored;
 * - with no start, or a complete range, or a day not after the start: the day starts a new range (a closed
 *   day cannot start one);
 * - otherwise the day ends the range — unless the nights between include a closed one, then the range is
 *   cleared (R043). A completed range counts its nights (R045).
 */
export function pickDay(
  range: DateRange,
  day: string,
  options: { today: string; closed: ReadonlySet<string> },
): RangePick {
  const starting = !range.start || Boolean(range.end) || day <= range.start;
  if (isDayDisabled(day, { ...options, asCheckout: !starting })) return { kind: 'ignored', range };
  if (starting) return { kind: 'started', range: { start: day, end: null } };
  const start = range.start!;
  if (spansClosedNight({ start, end: day }, options.closed))
    return { kind: 'cleared', range: { start: null, end: null } };
  return { kind: 'completed', range: { start, end: day }, nights: nightsBetween(start, day) };
}

/**
 * A range given from outside (the query, a stored flow) checked against the closed nights: kept when its
 * nights are all open, else cleared (R043).
 */
export function checkRange(range: DateRange, closed: ReadonlySet<string>): DateRange {
  if (!range.start || !range.end) return range;
  return spansClosedNight({ start: range.start, end: range.end }, closed)
    ? { start: null, end: null }
    : range;
}
