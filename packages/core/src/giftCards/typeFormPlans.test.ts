import type { GiftCardType, GiftcardType } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { giftCardTypeBodyOf, giftCardTypeFormOf } from './typeForm.js';
import {
  atOtherHotel,
  changeGiftcardType,
  chooseRate,
  newUpsellRow,
  otherHotelsOf,
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

// Staff of one of a multi-property type's hotels (here p1 and p3, not p2) keep its plans at the others.
describe('plans at another hotel', () => {
  const mine = ['p1', 'p3'];
  it.each<[string, { propertyId?: string }, boolean]>([
    ['a row of the type’s own property', {}, false],
    ['a row naming the own property', { propertyId: 'p1' }, false],
    ['a row at another of the user’s hotels', { propertyId: 'p3' }, false],
    ['a row at a hotel the user does not work at', { propertyId: 'p2' }, true],
  ])('%s', (_, row, expected) => expect(atOtherHotel(row, own, mine)).toBe(expected));

  it('names the type’s properties the user does not work at', () => {
    expect(otherHotelsOf(form({ propertyIds: ['p1', 'p2', 'p3'] }), own, mine)).toEqual(['p2']);
    expect(otherHotelsOf(form(), own, ['p1', 'p2'])).toEqual([]);
    expect(otherHotelsOf(form({ giftcardType: 0 }), own, mine)).toEqual([]);
  });

  it('leaving another hotel changes nothing; leaving one of the user’s drops its rows only', () => {
    const f = form({
      propertyIds: ['p1', 'p2', 'p3'],
      ratePlans: [...rows, { propertyId: 'p3', roomTypeId: 'rt5', ratePlanId: 'rp5' }],
    });
    expect(toggleTypeProperty(f, 'p2', false, own, mine)).toEqual({
      propertyIds: ['p1', 'p2', 'p3'],
      ratePlans: f.ratePlans,
      upsellRatePlans: f.upsellRatePlans,
    });
    expect(toggleTypeProperty(f, 'p3', false, own, mine)).toEqual({
      propertyIds: ['p1', 'p2'],
      ratePlans: rows,
      upsellRatePlans: f.upsellRatePlans,
    });
  });

  it('sends them back unchanged with the type’s own plans', () => {
    const type = giftCardTypeFormOf({
      title: 'Two lodges',
      description: 'Two nights',
      price: 300,
      netPrice: 300,
      limit: 5,
      expirationType: 0,
      expirationDuration: 12,
      expirationDurationUnit: 'months',
      absoluteExpirationDate: null,
      status: 'created',
      settings: { lengthOfStay: 2, reservationValue: 1 },
      storeIds: [],
      offerLetterDelivery: true,
      offerPickupAtHotel: false,
      pdfTemplateId: null,
      photos: [],
      propertyId: 'p1',
      giftcardType: 1,
      ratePlans: [
        { propertyId: 'p1', roomTypeId: 'rt1', ratePlanId: 'rp1' },
        { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9' },
      ],
      upsellRatePlans: [{ propertyId: 'p2', roomTypeId: 'rt8', ratePlanId: 'rp8', price: 10 }],
    } as unknown as GiftCardType);
    const body = giftCardTypeBodyOf({ ...type, title: 'Renamed' }, 'p1', []);
    expect(body.ratePlans).toEqual([
      { roomTypeId: 'rt1', ratePlanId: 'rp1' },
      { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9' },
    ]);
    expect(body.upsellRatePlans).toEqual([
      { propertyId: 'p2', roomTypeId: 'rt8', ratePlanId: 'rp8', price: 10 },
    ]);
  });
});
