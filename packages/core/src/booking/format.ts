import { currencyDecimals, roundMoney } from './pricing.js';

// How the booking engine writes prices and days on screen (document 1 §9; DECISIONS 9).

/**
 * Upper-case code and the amount with the currency's decimals (2, or 0 for ISK, JPY…), thousands
 * separated; a dash when missing (DECISIONS 9).
 */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const decimals = currencyDecimals(currency);
  const number = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(roundMoney(amount, currency));
  return `${currency.toUpperCase()} ${number}`;
}

/** `YYYY-MM-DD` as the UI's DD/MM/YYYY. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
