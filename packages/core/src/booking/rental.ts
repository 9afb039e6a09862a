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
