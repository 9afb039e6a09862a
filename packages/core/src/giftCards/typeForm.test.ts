import type { GiftCardType } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  type GiftCardTypeForm,
  giftCardTypeBodyOf,
  giftCardTypeFormOf,
  initialTypeStatus,
  isGiftCardPhotoFile,
  multiPropertyAllowed,
  newGiftCardTypeForm,
  pickupAllowed,
  type TypeFormContext,
  typeFieldEditable,
  typeFormDiscount,
  typeStoreIdsOf,
  validateGiftCardTypeForm,
} from './typeForm.js';

const R = 'validation_messages.required';
const today = '2026-11-24';
const stores = [
  { id: 's1', allowPickupAtHotel: true },
  { id: 's2', allowPickupAtHotel: true },
  { id: 's3', allowPickupAtHotel: false },
];
const ctx: TypeFormContext = { propertyId: 'p1', today, stores, multiProperty: true, editing: null };
const valid: GiftCardTypeForm = {
  ...newGiftCardTypeForm(),
  title: 'Two nights by the fjord',
  description: '<p>Dinner included</p>',
  price: 30000,
  limit: 100,
  storeIds: ['s1'],
  ratePlans: [{ roomTypeId: 'rt1', ratePlanId: 'rp1' }],
};
/** A multi-property type of the own property and p2, a plan at each. */
const multi: Partial<GiftCardTypeForm> = {
  giftcardType: 1,
  propertyIds: ['p1', 'p2'],
  upsellRatePlans: [{ propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9', price: 0 }],
};

describe('gift card type form', () => {
  it('starts with the defaults of document 3 §9', () => {
    expect(newGiftCardTypeForm()).toMatchObject({
      giftcardType: 0,
      expirationType: 0,
      expirationDuration: 48,
      expirationDurationUnit: 'months',
      lengthOfStay: 1,
      reservationValue: 0,
      publish: false,
    });
    expect(initialTypeStatus(false)).toBe('created');
    expect(initialTypeStatus(true)).toBe('published');
  });

  it('accepts a valid form', () => expect(validateGiftCardTypeForm(valid, ctx)).toEqual({}));

  it.each<[string, Partial<GiftCardTypeForm>, Partial<TypeFormContext>, Record<string, string>]>([
    ['no type', { giftcardType: null }, {}, { giftcardType: R }],
    [
      'multi-property for a user of one property',
      multi,
      { multiProperty: false },
      { giftcardType: 'validation_messages.not_an_option' },
    ],
    [
      'multi-property kept when editing one',
      multi,
      { multiProperty: false, editing: { giftcardType: 1 } },
      {},
    ],
    ['no title', { title: '  ' }, {}, { title: R }],
    ['a title of 81', { title: 'x'.repeat(81) }, {}, { title: 'validation_messages.text_too_long' }],
    ['a title of 80', { title: 'x'.repeat(80) }, {}, {}],
    ['an empty rich description', { description: '<p> </p>' }, {}, { description: R }],
    ['no price', { price: null }, {}, { price: R }],
    ['a negative price', { price: -1 }, {}, { price: 'validation_messages.valid_price' }],
    ['a price of 0', { price: 0 }, {}, {}],
    ['a net price below the price', { netPrice: 25000 }, {}, {}],
    ['a net price of the price', { netPrice: 30000 }, {}, { netPrice: 'validation_messages.gift_discount' }],
    [
      'a net price above the price',
      { netPrice: 30001 },
      {},
      { netPrice: 'validation_messages.gift_discount' },
    ],
    ['a net price below 1', { netPrice: 0.5 }, {}, { netPrice: 'validation_messages.gift_discount' }],
    ['no rate plan for type 0', { ratePlans: [] }, {}, { ratePlans: R }],
    ['no rate plan for type 1', { ...multi, ratePlans: [], upsellRatePlans: [] }, {}, { ratePlans: R }],
    [
      'no rate plan for type 2',
      { giftcardType: 2, ratePlans: [], lengthOfStay: null, reservationValue: null },
      {},
      {},
    ],
    [
      'an upsell row only',
      { ratePlans: [], upsellRatePlans: [{ roomTypeId: 'rt1', ratePlanId: 'rp2', price: 5000 }] },
      {},
      {},
    ],
    [
      'two plans of a room type across rates and upsells',
      { upsellRatePlans: [{ roomTypeId: 'rt1', ratePlanId: 'rp2', price: 5000 }] },
      {},
      { ratePlans: 'validation_messages.one_per_room_type' },
    ],
    ['two room types', { upsellRatePlans: [{ roomTypeId: 'rt2', ratePlanId: 'rp2', price: 0 }] }, {}, {}],
    [
      'upsell prices missing and negative',
      {
        upsellRatePlans: [
          { roomTypeId: 'rt2', ratePlanId: 'rp2', price: null },
          { roomTypeId: 'rt3', ratePlanId: 'rp3', price: -5 },
        ],
      },
      {},
      { 'upsellRatePlans.0.price': R, 'upsellRatePlans.1.price': 'validation_messages.valid_price' },
    ],
    [
      'an upsell row without its plan',
      { upsellRatePlans: [{ roomTypeId: '', ratePlanId: '', price: 10 }] },
      {},
      { 'upsellRatePlans.0.ratePlanId': R },
    ],
    [
      'an upsell row alone without its plan',
      { ratePlans: [], upsellRatePlans: [{ roomTypeId: 'rt2', ratePlanId: '', price: 10 }] },
      {},
      { ratePlans: R, 'upsellRatePlans.0.ratePlanId': R },
    ],
    [
      'a multi-property type of its own property only',
      { giftcardType: 1, propertyIds: ['p1'] },
      {},
      { propertyIds: 'validation_messages.gift_two_properties' },
    ],
    ['a multi-property type of two properties, each with a plan', multi, {}, {}],
    [
      'a multi-property type with a property without a plan',
      { giftcardType: 1, propertyIds: ['p1', 'p2', 'p3'] },
      {},
      { 'ratePlans.p2': R, 'ratePlans.p3': R },
    ],
    [
      'a multi-property type without any plan',
      { giftcardType: 1, propertyIds: ['p1', 'p2'], ratePlans: [] },
      {},
      { ratePlans: R },
    ],
    [
      'a single-property type ignores rows of another property',
      { ratePlans: [{ propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9' }] },
      {},
      { ratePlans: R },
    ],
    [
      'a room type twice across two properties’ rows',
      {
        giftcardType: 1,
        propertyIds: ['p1', 'p2'],
        ratePlans: [
          { roomTypeId: 'rt1', ratePlanId: 'rp1' },
          { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9' },
        ],
        upsellRatePlans: [{ propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp8', price: 5 }],
      },
      {},
      { ratePlans: 'validation_messages.one_per_room_type' },
    ],
    [
      '21 photos',
      { photos: Array.from({ length: 21 }, (_, i) => ({ url: `/photos/uploads/${i}.png` })) },
      {},
      { photos: 'validation_messages.gift_photos_max' },
    ],
    [
      '20 photos',
      { photos: Array.from({ length: 20 }, (_, i) => ({ url: `/photos/uploads/${i}.png` })) },
      {},
      {},
    ],
    ['no store', { storeIds: [] }, {}, { storeIds: R }],
    [
      'no stay settings',
      { lengthOfStay: null, reservationValue: null },
      {},
      { lengthOfStay: R, reservationValue: R },
    ],
    ['a stay of 0', { lengthOfStay: 0 }, {}, { lengthOfStay: 'validation_messages.at_least_one' }],
    ['a stay of 1.5', { lengthOfStay: 1.5 }, {}, { lengthOfStay: 'validation_messages.whole_number' }],
    ['no limit', { limit: null }, {}, { limit: R }],
    ['a limit of 0', { limit: 0 }, {}, { limit: 'validation_messages.valid_inventory' }],
    ['a limit of 2.5', { limit: 2.5 }, {}, { limit: 'validation_messages.valid_inventory' }],
    [
      'no duration nor unit',
      { expirationDuration: null, expirationDurationUnit: null },
      {},
      { expirationDuration: R, expirationDurationUnit: R },
    ],
    [
      'a duration of 0',
      { expirationDuration: 0 },
      {},
      { expirationDuration: 'validation_messages.at_least_one' },
    ],
    ['a date type without a date', { expirationType: 1 }, {}, { absoluteExpirationDate: R }],
    [
      'a date of today',
      { expirationType: 1, absoluteExpirationDate: today },
      {},
      { absoluteExpirationDate: 'validation_messages.future_day' },
    ],
    [
      'a date after today',
      { expirationType: 1, absoluteExpirationDate: '2026-11-25', expirationDuration: null },
      {},
      {},
    ],
  ])('%s', (_, change, context, errors) =>
    expect(validateGiftCardTypeForm({ ...valid, ...change }, { ...ctx, ...context })).toEqual(errors),
  );

  it.each([
    [30000, null, null],
    [30000, 30000, null],
    [
      30000,
      25000,
      { title: 'GiftCard Discount', value: 5000, discountType: 'fixed_amount', status: 'active' },
    ],
    [null, 25000, null],
  ])('price %s and net price %s make the discount %j', (price, netPrice, discount) =>
    expect(typeFormDiscount({ price, netPrice })).toEqual(discount),
  );

  it.each([
    [['s1'], true],
    [['s1', 's2'], true],
    [['s1', 's3'], false],
    [['unknown'], false],
    [[], false],
  ])('stores %j allow pickup: %s', (ids, allowed) => expect(pickupAllowed(ids, stores)).toBe(allowed));

  it.each([
    [false, 2, true],
    [false, 5, true],
    [false, 1, false],
    [true, 5, false],
  ])('editing %s with %i properties: multi-property %s', (editing, count, allowed) =>
    expect(multiPropertyAllowed(editing, count)).toBe(allowed),
  );

  it.each<[keyof GiftCardTypeForm, { locked: boolean } | null, boolean]>([
    ['price', null, true],
    ['giftcardType', null, true],
    ['price', { locked: false }, true],
    ['giftcardType', { locked: false }, false],
    ['price', { locked: true }, false],
    ['limit', { locked: true }, false],
    ['ratePlans', { locked: true }, false],
    ['expirationDuration', { locked: true }, false],
    ['title', { locked: true }, true],
    ['description', { locked: true }, true],
    ['storeIds', { locked: true }, true],
    ['offerPickupAtHotel', { locked: true }, true],
    ['photos', { locked: true }, true],
  ])('%s of %j is editable: %s', (field, type, editable) =>
    expect(typeFieldEditable(field, type)).toBe(editable),
  );

  it('saves the pickup offer only when every store allows it, and no plans for a no-property type', () => {
    const withPickup = { ...valid, offerPickupAtHotel: true };
    expect(giftCardTypeBodyOf(withPickup, 'p1', stores).offerPickupAtHotel).toBe(true);
    expect(
      giftCardTypeBodyOf({ ...withPickup, storeIds: ['s1', 's3'] }, 'p1', stores).offerPickupAtHotel,
    ).toBe(false);
    const none = giftCardTypeBodyOf({ ...valid, giftcardType: 2 }, 'p1', stores);
    expect(none.ratePlans).toEqual([]);
    expect(none.settings).toBeUndefined();
    expect(giftCardTypeBodyOf(valid, 'p1', stores)).toMatchObject({
      propertyId: 'p1',
      title: 'Two nights by the fjord',
      expirationDuration: 48,
      expirationDurationUnit: 'months',
      absoluteExpirationDate: null,
      settings: { lengthOfStay: 1, reservationValue: 0 },
      publish: false,
    });
    const dated = giftCardTypeBodyOf(
      { ...valid, expirationType: 1, absoluteExpirationDate: '2027-01-01' },
      'p1',
      stores,
    );
    expect(dated).toMatchObject({ expirationType: 1, absoluteExpirationDate: '2027-01-01' });
    expect(dated.expirationDuration).toBeUndefined();
  });

  it('sends each row’s property only when it is another one, and only the rows of the type’s properties', () => {
    const multi: GiftCardTypeForm = {
      ...valid,
      giftcardType: 1,
      propertyIds: ['p1', 'p2'],
      ratePlans: [
        { roomTypeId: 'rt1', ratePlanId: 'rp1' },
        { propertyId: 'p1', roomTypeId: 'rt2', ratePlanId: 'rp2' },
        { propertyId: 'p3', roomTypeId: 'rt7', ratePlanId: 'rp7' },
      ],
      upsellRatePlans: [{ propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9', price: 1500 }],
    };
    const body = giftCardTypeBodyOf(multi, 'p1', stores);
    expect(body.giftcardType).toBe(1);
    expect(body.ratePlans).toEqual([
      { roomTypeId: 'rt1', ratePlanId: 'rp1' },
      { roomTypeId: 'rt2', ratePlanId: 'rp2' },
    ]);
    expect(body.upsellRatePlans).toEqual([
      { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9', price: 1500 },
    ]);
    // The same rows on a single-property type: only the own property's.
    const single = giftCardTypeBodyOf({ ...multi, giftcardType: 0 }, 'p1', stores);
    expect(single.upsellRatePlans).toEqual([]);
    expect(single.ratePlans).toHaveLength(2);
  });

  it('sells a type in the group stores of its hotels only, keeping stores the form does not list', () => {
    const group = [
      { id: 's1', allowPickupAtHotel: true, propertyId: 'p1' },
      { id: 's4', allowPickupAtHotel: true, propertyId: 'p2' },
      { id: 's5', allowPickupAtHotel: true, propertyId: 'p3' },
    ];
    const form = { ...valid, ...multi, storeIds: ['s1', 's4', 's5', 'kept'] };
    expect(typeStoreIdsOf(form, 'p1', group)).toEqual(['s1', 's4', 'kept']);
    expect(giftCardTypeBodyOf(form, 'p1', group).storeIds).toEqual(['s1', 's4', 'kept']);
    // A single-property type: its property's stores.
    expect(typeStoreIdsOf({ ...form, giftcardType: 0 }, 'p1', group)).toEqual(['s1', 'kept']);
    // Only stores of a hotel the type left: none chosen.
    const left = { ...form, storeIds: ['s5'] };
    expect(validateGiftCardTypeForm(left, { ...ctx, stores: group }).storeIds).toBe(R);
  });

  it('edits a saved type with an empty net price when it is the price', () => {
    const saved = {
      id: 't1',
      giftcardType: 0,
      title: 'T',
      description: 'D',
      price: 100,
      netPrice: 100,
      limit: 5,
      expirationType: 0,
      expirationDuration: 12,
      expirationDurationUnit: 'months',
      absoluteExpirationDate: null,
      status: 'created',
      settings: { lengthOfStay: 2, reservationValue: 1 },
      storeIds: ['s1'],
      propertyId: 'p1',
      ratePlans: [
        {
          propertyId: 'p1',
          roomTypeId: 'rt1',
          roomTypeTitle: 'Double',
          ratePlanId: 'rp1',
          ratePlanTitle: 'BB',
        },
      ],
      upsellRatePlans: [],
      offerLetterDelivery: true,
      offerPickupAtHotel: false,
      pdfTemplateId: null,
      photos: [{ url: '/photos/uploads/a.jpg', position: 0 }],
    } as unknown as GiftCardType;
    expect(giftCardTypeFormOf(saved)).toMatchObject({
      netPrice: null,
      lengthOfStay: 2,
      reservationValue: 1,
      propertyIds: [],
      ratePlans: [{ roomTypeId: 'rt1', ratePlanId: 'rp1' }],
      photos: [{ url: '/photos/uploads/a.jpg' }],
    });
    expect(giftCardTypeFormOf({ ...saved, netPrice: 80 }).netPrice).toBe(80);
    const multi = giftCardTypeFormOf({
      ...saved,
      giftcardType: 1,
      upsellRatePlans: [
        {
          propertyId: 'p2',
          roomTypeId: 'rt9',
          roomTypeTitle: 'Loft',
          ratePlanId: 'rp9',
          ratePlanTitle: 'Flex',
          price: 40,
          currency: 'EUR',
        },
      ],
    });
    expect(multi).toMatchObject({
      propertyIds: ['p1', 'p2'],
      upsellRatePlans: [
        { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9', price: 40, currency: 'EUR' },
      ],
    });
    // The currency is shown, not sent: the type's body has the row as the contract takes it.
    expect(giftCardTypeBodyOf(multi, 'p1', []).upsellRatePlans).toEqual([
      { propertyId: 'p2', roomTypeId: 'rt9', ratePlanId: 'rp9', price: 40 },
    ]);
  });
});

describe('gift card photos', () => {
  it.each([
    [{ name: 'a.png', type: 'image/png' }, true],
    [{ name: 'a.JPG', type: 'image/jpeg' }, true],
    [{ name: 'a.jpeg' }, true],
    [{ name: 'a.JPG', type: '' }, true],
    [{ name: 'a.gif', type: 'image/gif' }, false],
    [{ name: 'a.png', type: 'image/webp' }, false],
    [{ name: 'a.webp' }, false],
    [{ name: 'png' }, false],
  ])('%j is taken: %s', (file, taken) => expect(isGiftCardPhotoFile(file)).toBe(taken));
});
