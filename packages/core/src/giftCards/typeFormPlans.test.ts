import type { GiftcardType } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  changeGiftcardType,
  chooseRate,
  newUpsellRow,
  planPropertyOf,
  type RatePlanChoice,
  rateOf,
  type TypePlans,
  toggleTypeProperty,
  typePropertiesOf,
} from './typeFormPlans.js';

const own = 'p1';
const rows: RatePlanChoice[] = [
  { roomTypeId: 'rt1', ratePlanId: 'rp1' },
  { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9' },
];
const form = (over: Partial<TypePlans> = {}): TypePlans => ({
  giftcardType: 1,
  propertyIds: ['p1', 'p2'],
  ratePlans: rows,
  upsellRatePlans: [{ propertyId: 'p2', roomTypeId: 'rt8', ratePlanId: 'rp8', price: 10 }],
  ...over,
});

describe('the type’s properties', () => {
  it.each<[string, GiftcardType | null, string[], string[]]>([
    ['single-property: its own', 0, ['p2'], ['p1']],
    ['multi-property: the chosen ones', 1, ['p1', 'p2'], ['p1', 'p2']],
    ['multi-property: its own always first', 1, ['p2'], ['p1', 'p2']],
    ['multi-property, none chosen yet: its own', 1, [], ['p1']],
    ['no-property: none', 2, ['p1'], []],
    ['no kind yet: its own', null, [], ['p1']],
  ])('%s', (_, giftcardType, propertyIds, expected) =>
    expect(typePropertiesOf({ giftcardType, propertyIds }, own)).toEqual(expected),
  );

  it.each([
    [{}, 'p1'],
    [{ propertyId: 'p2' }, 'p2'],
  ])('a row %j is of %s', (row, property) => expect(planPropertyOf(row, own)).toBe(property));
});

describe('changing the kind', () => {
  it.each<[string, TypePlans, GiftcardType, Partial<TypePlans>]>([
    [
      'single to multi starts with its own property',
      form({ giftcardType: 0, propertyIds: [] }),
      1,
      { giftcardType: 1, propertyIds: ['p1'], ratePlans: [rows[0]!], upsellRatePlans: [] },
    ],
    [
      'multi to single keeps its own property’s rows only',
      form(),
      0,
      { giftcardType: 0, propertyIds: [], ratePlans: [rows[0]!], upsellRatePlans: [] },
    ],
    ['to no-property keeps the rows, unsent', form(), 2, { giftcardType: 2, propertyIds: [] }],
  ])('%s', (_, before, kind, change) => {
    const after = changeGiftcardType(before, kind, own);
    expect(after).toEqual(change);
  });
});

describe('choosing properties of a multi-property type', () => {
  it.each<[string, TypePlans, string, boolean, Partial<TypePlans>]>([
    [
      'a third property joins',
      form(),
      'p3',
      true,
      { propertyIds: ['p1', 'p2', 'p3'], ratePlans: rows, upsellRatePlans: form().upsellRatePlans },
    ],
    [
      'a property chosen twice is once',
      form(),
      'p2',
      true,
      { propertyIds: ['p1', 'p2'], ratePlans: rows, upsellRatePlans: form().upsellRatePlans },
    ],
    [
      'leaving one drops its rows',
      form(),
      'p2',
      false,
      { propertyIds: ['p1'], ratePlans: [rows[0]!], upsellRatePlans: [] },
    ],
    [
      'its own property cannot be left',
      form(),
      'p1',
      false,
      { propertyIds: ['p1', 'p2'], ratePlans: rows, upsellRatePlans: form().upsellRatePlans },
    ],
  ])('%s', (_, before, id, on, change) => expect(toggleTypeProperty(before, id, on, own)).toEqual(change));
});

describe('a room type’s rate', () => {
  it('is found by property and room type', () => {
    expect(rateOf(rows, 'rt9', 'p2', own)).toBe(rows[1]);
    expect(rateOf(rows, 'rt9', 'p1', own)).toBeUndefined();
  });

  it.each<[string, { propertyId: string; roomTypeId: string; ratePlanId: string | null }, RatePlanChoice[]]>([
    [
      'replaced at its own property',
      { propertyId: 'p1', roomTypeId: 'rt1', ratePlanId: 'rp2' },
      [rows[1]!, { roomTypeId: 'rt1', ratePlanId: 'rp2' }],
    ],
    [
      'added at another property, naming it',
      { propertyId: 'p2', roomTypeId: 'rt7', ratePlanId: 'rp7' },
      [...rows, { propertyId: 'p2', roomTypeId: 'rt7', ratePlanId: 'rp7' }],
    ],
    ['dropped for "no rate plan"', { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: null }, [rows[0]!]],
  ])('%s', (_, choice, expected) => expect(chooseRate(rows, choice, own)).toEqual(expected));

  it('a new upsell row names another property only', () => {
    expect(newUpsellRow('p1', own)).toEqual({ roomTypeId: '', ratePlanId: '', price: null });
    expect(newUpsellRow('p2', own)).toEqual({
      propertyId: 'p2',
      roomTypeId: '',
      ratePlanId: '',
      price: null,
    });
  });
});
