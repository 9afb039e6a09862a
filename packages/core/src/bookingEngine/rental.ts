import { dayRun, daysBetween } from '../dates/dates.js';

// Car rental days (document 1 §5, §9; DECISIONS 8).

export interface RentalPeriod {
  pickupDate: string;
  dropoffDate: string;
  /** `HH:mm`. */
  pickupTime: string;
  dropoffTime: string;
}

/**
 * Days charged for a rental: the day difference, plus one when the drop-off is later in the day than the
 * pick-up (equal times add nothing); a same-day rental is one day, never zero.
 */
export function carChargedDays(rental: RentalPeriod): number {
  const difference = daysBetween(rental.pickupDate, rental.dropoffDate);
  if (!Number.isFinite(difference) || difference < 0) return 0;
  return Math.max(1, difference + (rental.dropoffTime > rental.pickupTime ? 1 : 0));
}

/** The calendar days a car is out (one per charged day, from the pick-up day): what availability it takes. */
export function rentalDays(rental: RentalPeriod): string[] {
  return dayRun(rental.pickupDate, carChargedDays(rental));
}

/**
 * The price shown for a car (document 1 §9, R069): the first rate's total divided by the day difference,
 * times the charged days. With no day difference (same day) the total is for the one charged day.
 */
export function carPrice(firstRateTotal: number, rental: RentalPeriod): number {
  const difference = daysBetween(rental.pickupDate, rental.dropoffDate);
  const charged = carChargedDays(rental);
  return difference > 0 ? (firstRateTotal / difference) * charged : firstRateTotal;
}

/** The longest rental, in charged days (document 1 §5). */
export const MAX_RENTAL_DAYS = 90;

/** What is wrong with a rental's dates and times, by field, with the API's error code (its words in the catalogue). */
export interface RentalProblem {
  field: keyof RentalPeriod;
  code: 'pickup_past' | 'dropoff_before_pickup' | 'rental_too_long' | 'half_hour_steps';
  params?: { max: number };
}

/**
 * A rental's rules (document 1 §5): pick-up `today` or later (the station's day), drop-off not before it, at most
 * `MAX_RENTAL_DAYS` charged days, times on the half hour. Every problem at once, in the order of the fields; none
 * for a rental the API takes. The server refuses with the first; the CLI and the car search form say them all.
 */
export function rentalProblems(rental: RentalPeriod, today: string): RentalProblem[] {
  const problems: RentalProblem[] = [];
  if (rental.pickupDate < today) problems.push({ field: 'pickupDate', code: 'pickup_past' });
  const days = carChargedDays(rental);
  if (days === 0) problems.push({ field: 'dropoffDate', code: 'dropoff_before_pickup' });
  else if (days > MAX_RENTAL_DAYS)
    problems.push({ field: 'dropoffDate', code: 'rental_too_long', params: { max: MAX_RENTAL_DAYS } });
  for (const field of ['pickupTime', 'dropoffTime'] as const)
    if (!/^([01]\d|2[0-3]):(00|30)$/.test(rental[field])) problems.push({ field, code: 'half_hour_steps' });
  return problems;
}
