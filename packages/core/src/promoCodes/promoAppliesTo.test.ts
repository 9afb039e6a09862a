import type { PromoCode } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  type PromoAppliesTo,
  promoBodyOf,
  promoDraftOf,
  toggleAppliesToStore,
  toggleAppliesToType,
} from './promoCodes.js';

// What a promo code applies to (document 2 §3 promo code: appliesTo [storeId, giftCardTypeIds]): stores of the
// property, each with some of the types it sells, none named meaning all of them.

const both: PromoAppliesTo[] = [
  { storeId: 's1', giftCardTypeIds: ['t1'] },
  { storeId: 's2', giftCardTypeIds: [] },
];

describe('promo code applies to', () => {
  it.each<[string, PromoAppliesTo[], string, boolean, PromoAppliesTo[]]>([
    ['a store joins with all its types', [], 's1', true, [{ storeId: 's1', giftCardTypeIds: [] }]],
    ['a store chosen again keeps its types', both, 's1', true, both],
    ['a store left forgets its types', both, 's1', false, [{ storeId: 's2', giftCardTypeIds: [] }]],
    ['a store not chosen left: nothing changes', both, 's3', false, both],
  ])('%s', (_, before, storeId, on, after) =>
    expect(toggleAppliesToStore(before, storeId, on)).toEqual(after),
  );

  it.each<[string, PromoAppliesTo[], [string, string, boolean], PromoAppliesTo[]]>([
    [
      'a type of a chosen store joins',
      both,
      ['s2', 't5', true],
      [both[0]!, { storeId: 's2', giftCardTypeIds: ['t5'] }],
    ],
    ['a type chosen twice is once', both, ['s1', 't1', true], both],
    [
      'a type left; the store stays, with all its types',
      both,
      ['s1', 't1', false],
      [{ storeId: 's1', giftCardTypeIds: [] }, both[1]!],
    ],
    [
      'a type of a store not chosen chooses the store',
      [],
      ['s3', 't9', true],
      [{ storeId: 's3', giftCardTypeIds: ['t9'] }],
    ],
  ])('%s', (_, before, [storeId, typeId, on], after) =>
    expect(toggleAppliesToType(before, storeId, typeId, on)).toEqual(after),
  );

  it('keeps a saved code’s stores in the draft and sends them', () => {
    const draft = promoDraftOf({
      name: 'Summer',
      code: 'SUMMER',
      codeType: 'percentage',
      amount: 10,
      usageLimit: null,
      status: 'active',
      validFrom: null,
      validTo: null,
      appliesTo: both,
    } as unknown as PromoCode);
    expect(draft.appliesTo).toEqual(both);
    expect(draft.appliesTo[0]).not.toBe(both[0]);
    expect(promoBodyOf(draft, 'p1').appliesTo).toEqual(both);
    expect(promoBodyOf(promoDraftOf(null), 'p1').appliesTo).toEqual([]);
  });
});
