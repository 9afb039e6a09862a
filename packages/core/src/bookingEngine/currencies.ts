// The currencies the engine prices in and the order they are offered (document 1 §5).

/** The currencies the engine prices in. */
export const knownCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'ISK',
  'DKK',
  'NOK',
  'SEK',
  'CHF',
  'CAD',
  'AUD',
  'JPY',
  'PLN',
];

/** The preferred first, then USD, EUR, GBP, then alphabetical. */
export function currencyOrder(currencies: readonly string[], preferred?: string | null): string[] {
  const head = ['USD', 'EUR', 'GBP'];
  const rank = (c: string) => (c === preferred ? -1 : head.includes(c) ? head.indexOf(c) : 10);
  return [...new Set(currencies)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
