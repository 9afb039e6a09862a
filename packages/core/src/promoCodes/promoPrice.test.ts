import { describe, expect, it } from 'vitest';
import { type PromoAppliesTo, promoAppliesTo, promoNetPrice } from './promoCodes.js';

// What a promo code takes off a store's card (document 2 §3 appliesTo; document 3 §5 cart): the stores and types
// it applies to, and a card's price after it — never below 0, in the currency's own decimals.

describe('promoNetPrice', () => {
  it.each<[string, number, 'percentage' | 'fixed_amount', number, string, number]>([
    ['10 % off ISK', 20_000, 'percentage', 10, 'ISK', 18_000],
    ['ISK whole krónur, half away from zero', 25_000, 'percentage', 33.33, 'ISK', 16_668],
    ['ISK whole krónur, down', 20_000, 'percentage', 33.33, 'ISK', 13_334],
    ['EUR to the cent', 99.99, 'percentage', 15, 'EUR', 84.99],
    ['EUR cents, half up', 10.05, 'percentage', 50, 'EUR', 5.03],
    ['KWD three decimals', 10, 'percentage', 33.33, 'KWD', 6.667],
    ['100 % is free', 80, 'percentage', 100, 'EUR', 0],
    ['fixed amount', 30_000, 'fixed_amount', 5_000, 'ISK', 25_000],
    ['fixed amount with cents', 99.99, 'fixed_amount', 10.5, 'EUR', 89.49],
    ['fixed amount above the price: 0', 4_000, 'fixed_amount', 5_000, 'ISK', 0],
    ['fixed amount equal to the price: 0', 5_000, 'fixed_amount', 5_000, 'ISK', 0],
  ])('%s', (_, netPrice, codeType, amount, currency, expected) =>
    expect(promoNetPrice(netPrice, { codeType, amount }, currency)).toBe(expected),
  );
});

describe('promoAppliesTo', () => {
  const some: PromoAppliesTo[] = [
    { storeId: 's1', giftCardTypeIds: ['t1', 't2'] },
    { storeId: 's2', giftCardTypeIds: [] },
  ];
  it.each<[string, PromoAppliesTo[], string, string, boolean]>([
    ['no stores named: every store and type', [], 's9', 't9', true],
    ['a type named of its store', some, 's1', 't2', true],
    ['a type not named of a store with types', some, 's1', 't3', false],
    ['a store with no types named: all it sells', some, 's2', 't9', true],
    ['a store not named', some, 's3', 't1', false],
  ])('%s', (_, appliesTo, storeId, typeId, expected) =>
    expect(promoAppliesTo(appliesTo, storeId, typeId)).toBe(expected),
  );
});
