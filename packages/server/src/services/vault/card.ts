// Card checks of the vault (pure): Luhn, brand from the number's prefix, expiry not past, CVC length.

/** Digits only; spaces and dashes people type are dropped. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string;
}

/** Field errors of a card, empty when it can be tokenised. `now` decides whether the expiry is past. */
export function cardErrors(card: CardInput, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const digits = cardDigits(card.number);
  if (!luhnValid(digits)) errors.number = 'Check the card number';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    errors.expiry = 'Use MM/YY';
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    errors.expiry = 'The card has expired';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    errors.cvc = `Enter the ${cvcLength}-digit security code`;
  if (card.holder.trim().length < 2) errors.holder = 'Enter the name on the card';
  return errors;
}
