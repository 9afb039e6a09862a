// Car rental days (document 1 §5, §9; DECISIONS 8).

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

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
  const difference = dayNumber(rental.dropoffDate) - dayNumber(rental.pickupDate);
  if (!Number.isFinite(difference) || difference < 0) return 0;
  return Math.max(1, difference + (rental.dropoffTime > rental.pickupTime ? 1 : 0));
}

/** The calendar days a car is out (one per charged day, from the pick-up day): what availability it takes. */
export function rentalDays(rental: RentalPeriod): string[] {
  const start = dayNumber(rental.pickupDate);
  return Array.from({ length: carChargedDays(rental) }, (_, i) =>
    new Date((start + i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The price shown for a car (document 1 §9, R069): the first rate's total divided by the day difference,
 * times the charged days. With no day difference (same day) the total is for the one charged day.
 */
export function carPrice(firstRateTotal: number, rental: RentalPeriod): number {
  const difference = dayNumber(rental.dropoffDate) - dayNumber(rental.pickupDate);
  const charged = carChargedDays(rental);
  return difference > 0 ? (firstRateTotal / difference) * charged : firstRateTotal;
}
