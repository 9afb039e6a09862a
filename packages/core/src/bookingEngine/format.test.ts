import { describe, expect, it } from 'vitest';
import { currencyOrder } from './currencies.js';
import { formatPrice } from './format.js';

describe('money', () => {
  it.each([
    [129.5, 'eur', 'EUR 129.50'],
    [138000, 'ISK', 'ISK 138,000'],
    [1250.5, 'isk', 'ISK 1,251'],
    [9800, 'JPY', 'JPY 9,800'],
    [1.005, 'USD', 'USD 1.01'],
    [-12.5, 'GBP', 'GBP -12.50'],
    [0, 'EUR', 'EUR 0.00'],
    [undefined, 'EUR', '—'],
    [Number.NaN, 'EUR', '—'],
    [null, 'USD', '—'],
  ])('formatPrice(%s, %s) = %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text);
  });

  it('orders currencies: preferred, USD, EUR, GBP, then alphabetically', () => {
    expect(currencyOrder(['NOK', 'GBP', 'ISK', 'USD', 'EUR', 'DKK'], 'ISK')).toEqual([
      'ISK',
      'USD',
      'EUR',
      'GBP',
      'DKK',
      'NOK',
    ]);
  });
});
