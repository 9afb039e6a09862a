import { randomBytes } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '@tern/sdk';

// A card's code (its last day is core's `giftCardExpiry`).

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
