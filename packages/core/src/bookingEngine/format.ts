import { formatAmount } from '../format/format.js';

// How the booking engine writes prices on screen (document 1 §9; DECISIONS 9); days and other money go through
// `format/format.ts`.

/**
 * Upper-case code and the amount with the currency's decimals (2, or 0 for ISK, JPY…), thousands
 * separated; a dash when missing (DECISIONS 9).
 */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  const number = formatAmount(amount, currency, 'en-GB');
  return number === '—' ? number : `${currency.toUpperCase()} ${number}`;
}
