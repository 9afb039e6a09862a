import type { SandboxPayBody } from '@tern/sdk/sandboxPayments';
import { type StoreMessageKey, storeKey } from './words.js';

// The hosted payment page's card form (document 3 §5 Payment form, §9; M32): a 16-digit number, a month 1–12,
// a year 2022–2033 shown as two digits, a 3-digit CVC.

export const CARD_EXPIRY_YEARS = { first: 2022, last: 2033 } as const;

/** The year choices: the value (four digits) and its label (two). */
export const cardExpiryYears = (): Array<{ value: number; label: string }> =>
  Array.from({ length: CARD_EXPIRY_YEARS.last - CARD_EXPIRY_YEARS.first + 1 }, (_, i) => {
    const value = CARD_EXPIRY_YEARS.first + i;
    return { value, label: String(value % 100).padStart(2, '0') };
  });

/** The month choices 1–12, labelled with two digits. */
export const cardExpiryMonths = (): Array<{ value: number; label: string }> =>
  Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1).padStart(2, '0') }));

export type CardField = keyof SandboxPayBody;
/** The form as typed: the number may hold spaces; month and year are the select's values ('' for none). */
export type CardForm = Record<CardField, string>;
export const emptyCardForm: CardForm = { cardNumber: '', expiryMonth: '', expiryYear: '', cvc: '' };
export type CardErrors = Partial<Record<CardField, StoreMessageKey>>;

/** Each field's words when its value is wrong (the provider's `invalid_card` names the fields). */
export const cardFieldKeys: Record<CardField, StoreMessageKey> = {
  cardNumber: storeKey('card_number'),
  expiryMonth: storeKey('card_month'),
  expiryYear: storeKey('card_year'),
  cvc: storeKey('card_cvc'),
};

const digits = (value: string) => value.replace(/[\s-]/g, '');

const inRange = (value: string, min: number, max: number) => {
  const n = Number(value);
  return /^\d+$/.test(value.trim()) && n >= min && n <= max;
};

/** The card form's errors (document 3 §5: the spec's words for the number and the CVC). */
export function validateCardForm(form: CardForm): CardErrors {
  const errors: CardErrors = {};
  const number = digits(form.cardNumber);
  if (number === '') errors.cardNumber = storeKey('required');
  else if (!/^\d{16}$/.test(number)) errors.cardNumber = cardFieldKeys.cardNumber;
  if (form.expiryMonth.trim() === '') errors.expiryMonth = storeKey('required');
  else if (!inRange(form.expiryMonth, 1, 12)) errors.expiryMonth = cardFieldKeys.expiryMonth;
  if (form.expiryYear.trim() === '') errors.expiryYear = storeKey('required');
  else if (!inRange(form.expiryYear, CARD_EXPIRY_YEARS.first, CARD_EXPIRY_YEARS.last))
    errors.expiryYear = cardFieldKeys.expiryYear;
  if (form.cvc.trim() === '') errors.cvc = storeKey('required');
  else if (!/^\d{3}$/.test(form.cvc.trim())) errors.cvc = cardFieldKeys.cvc;
  return errors;
}

/** The pay call's body of a valid form. */
export const cardPayBody = (form: CardForm): SandboxPayBody => ({
  cardNumber: digits(form.cardNumber),
  expiryMonth: Number(form.expiryMonth),
  expiryYear: Number(form.expiryYear),
  cvc: form.cvc.trim(),
});
