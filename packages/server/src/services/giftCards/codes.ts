import { randomBytes } from 'node:crypto';
import { addDays, monthOf, todayIn } from '@tern/core';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH, type GiftCardType } from '@tern/sdk';

// A card's code and its last day.

const SIZE = GIFT_CARD_CODE_ALPHABET.length;
/** Bytes at or above this would favour the first letters (256 is not a multiple of the alphabet's size). */
const FAIR = 256 - (256 % SIZE);

/**
 * A new code: `GIFT_CARD_CODE_LENGTH` characters of the alphabet without look-alikes, each drawn uniformly from
 * the operating system's cryptographic source (rejection sampling, no modulo bias). Uniqueness is the
 * database's (a unique index; the issuing draws again on a clash).
 */
export function newGiftCardCode(): string {
  let code = '';
  while (code.length < GIFT_CARD_CODE_LENGTH) {
    for (const byte of randomBytes(GIFT_CARD_CODE_LENGTH * 2)) {
      if (byte >= FAIR) continue;
      code += GIFT_CARD_CODE_ALPHABET[byte % SIZE];
      if (code.length === GIFT_CARD_CODE_LENGTH) break;
    }
  }
  return code;
}

/** `day` moved by whole months, kept on the same day of the month or the month's last (31 Jan + 1 → 28/29 Feb). */
export function addMonthsToDay(day: string, months: number): string {
  const { from, to } = monthOf(day, months);
  const same = `${from.slice(0, 8)}${day.slice(8)}`;
  return same > to ? to : same;
}

/**
 * The last day of a card issued `now` of a type, in the property's time zone: the type's absolute date, or its
 * period after now (hours count from the instant, days and months from the property's today).
 */
export function expiryOf(
  type: Pick<
    GiftCardType,
    'expirationType' | 'expirationDuration' | 'expirationDurationUnit' | 'absoluteExpirationDate'
  >,
  timeZone: string,
  now: Date,
): string {
  if (type.expirationType === 1 && type.absoluteExpirationDate) return type.absoluteExpirationDate;
  const n = type.expirationDuration ?? 0;
  const today = todayIn(timeZone, now);
  switch (type.expirationDurationUnit) {
    case 'hours':
      return todayIn(timeZone, now.getTime() + n * 3_600_000);
    case 'days':
      return addDays(today, n);
    default:
      return addMonthsToDay(today, n);
  }
}
