import type { ExpirationType, ExpirationUnit } from '@tern/sdk';
import { addDays, compareDays, type Day, monthOf, todayIn } from '../dates/dates.js';

// A card's last day (document 3 §3, §5): from its type's period or absolute date, in the property's time zone.

/** The validity of a type, as the type and its form carry it. */
export interface GiftCardValidity {
  expirationType: ExpirationType;
  expirationDuration: number | null;
  expirationDurationUnit: ExpirationUnit | null;
  absoluteExpirationDate: string | null;
}

/** `day` moved by whole months, on the same day of the month or the month's last (31 Jan + 1 → 28/29 Feb). */
export function addMonthsToDay(day: Day, months: number): Day {
  const { from, to } = monthOf(day, months);
  const same = `${from.slice(0, 8)}${day.slice(8)}`;
  return same > to ? to : same;
}

/**
 * The last day of a card of this type issued at `now`, in `timeZone` (the property's): the type's absolute date,
 * or its period after now — hours count from the instant, days and months from the property's today.
 */
export function giftCardExpiry(type: GiftCardValidity, timeZone: string, now: Date | number): Day {
  if (type.expirationType === 1 && type.absoluteExpirationDate) return type.absoluteExpirationDate;
  const n = type.expirationDuration ?? 0;
  const today = todayIn(timeZone, now);
  switch (type.expirationDurationUnit) {
    case 'hours':
      return todayIn(timeZone, new Date(now).getTime() + n * 3_600_000);
    case 'days':
      return addDays(today, n);
    default:
      return addMonthsToDay(today, n);
  }
}

/** Whether a card's last day has passed (it is still valid on its last day). */
export const isGiftCardExpired = (expirationDate: Day, today: Day): boolean =>
  compareDays(expirationDate, today) < 0;

/** A type's absolute last day is a future day (document 3 §6 "only future dates selectable"): after `today`. */
export const isFutureExpiry = (absoluteExpirationDate: Day, today: Day): boolean =>
  compareDays(absoluteExpirationDate, today) > 0;
