import { describe, expect, it } from 'vitest';
import {
  type CheckoutRecipient,
  checkoutBody,
  deliveryOptions,
  emptyPayer,
  emptyRecipient,
  recipientsForCart,
  termsSatisfied,
  validatePayer,
  validateRecipient,
  validateRecipients,
} from './checkoutRules.js';
import { storeWords } from './words.js';

const type = (id: string, letter: boolean, pickup: boolean) => ({
  id,
  offerLetterDelivery: letter,
  offerPickupAtHotel: pickup,
});

describe('deliveries a cart may choose (document 3 §5)', () => {
  it.each([
    [
      'every item offers both, the store allows pickup',
      [type('a', true, true), type('b', true, true)],
      true,
      ['email', 'letter', 'pickup'],
    ],
    ['the store does not allow pickup', [type('a', true, true)], false, ['email', 'letter']],
    ['one item without letter', [type('a', true, true), type('b', false, true)], true, ['email', 'pickup']],
    ['one item without pickup', [type('a', true, true), type('b', true, false)], true, ['email', 'letter']],
    ['no items', [], true, ['email']],
  ])('%s', (_, types, allow, expected) => {
    expect(deliveryOptions(types, allow)).toEqual(expected);
  });
});

const recipient = (patch: Partial<CheckoutRecipient>): CheckoutRecipient => ({
  ...emptyRecipient('a'),
  ...patch,
});

describe('a recipient by delivery', () => {
  it('a new recipient is sent by e-mail, a letter to Iceland by default', () => {
    expect(emptyRecipient('a')).toMatchObject({ typeId: 'a', delivery: 'email', deliveryCountry: 'Iceland' });
  });

  it.each([
    ['e-mail, complete', { name: 'Anna', email: ' anna@example.is ' }, {}],
    ['e-mail, none', { name: 'Anna' }, { email: 'Required' }],
    ['e-mail, not one', { name: 'Anna', email: 'anna@' }, { email: 'Please enter valid Email' }],
    ['no name', { email: 'anna@example.is' }, { name: 'Required' }],
    ['a name past 80', { name: 'x'.repeat(81), email: 'a@b.is' }, { name: 'Use at most 80 characters' }],
    [
      'letter, nothing but the name',
      { delivery: 'letter' as const, name: 'Anna', deliveryCountry: '' },
      {
        deliveryName: 'Required',
        deliveryAddress: 'Required',
        deliveryZipCode: 'Required',
        deliveryCity: 'Required',
        deliveryCountry: 'Required',
      },
    ],
    [
      'letter, complete (no e-mail needed)',
      {
        delivery: 'letter' as const,
        name: 'Anna',
        deliveryName: 'Anna',
        deliveryAddress: 'Laugavegur 1',
        deliveryZipCode: '101',
        deliveryCity: 'Reykjavík',
      },
      {},
    ],
    ['pickup, a name only', { delivery: 'pickup' as const, name: 'Anna' }, {}],
    [
      'a message past 500',
      { delivery: 'pickup' as const, name: 'Anna', info: 'x'.repeat(501) },
      { info: 'Use at most 500 characters' },
    ],
  ])('%s', (_, patch, expected) => {
    const errors = validateRecipient(recipient(patch));
    expect(
      Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, storeWords({ key: key! })])),
    ).toEqual(expected);
  });

  it('lists only the recipients in error, by index', () => {
    expect(validateRecipients([recipient({ name: 'A', email: 'a@b.is' }), recipient({})])).toEqual({
      1: { name: 'store_messages.required', email: 'store_messages.required' },
    });
  });
});

describe('recipients for a cart', () => {
  it('one per card; a change of the cart keeps what was typed for a type; a delivery no longer offered falls back to e-mail', () => {
    const first = recipientsForCart([{ typeId: 'a', quantity: 2 }], [], ['email', 'letter']);
    expect(first.map((r) => r.typeId)).toEqual(['a', 'a']);
    const typed = [
      { ...first[0]!, name: 'Anna', delivery: 'letter' as const },
      { ...first[1]!, name: 'Björn' },
    ];
    const next = recipientsForCart(
      [
        { typeId: 'b', quantity: 1 },
        { typeId: 'a', quantity: 1 },
      ],
      typed,
      ['email'],
    );
    expect(next.map((r) => [r.typeId, r.name, r.delivery])).toEqual([
      ['b', '', 'email'],
      ['a', 'Anna', 'email'],
    ]);
  });
});

describe('the payer and the terms', () => {
  const payer = {
    ...emptyPayer,
    firstName: 'Ana',
    lastName: 'Silva',
    address: 'Rua 1',
    phone: '555',
    email: ' ana@example.pt ',
  };
  it.each([
    ['complete', payer, {}],
    [
      'empty',
      emptyPayer,
      {
        firstName: 'Required',
        lastName: 'Required',
        address: 'Required',
        phone: 'Required',
        email: 'Required',
      },
    ],
    ['a bad e-mail', { ...payer, email: 'ana' }, { email: 'Please enter valid Email' }],
    ['a field past 160', { ...payer, address: 'x'.repeat(161) }, { address: 'Use at most 160 characters' }],
    ['160 is fine', { ...payer, lastName: 'x'.repeat(160) }, {}],
  ])('%s', (_, p, expected) => {
    const errors = validatePayer(p);
    expect(
      Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, storeWords({ key: key! })])),
    ).toEqual(expected);
  });

  it.each([
    [false, false, true],
    [false, true, true],
    [true, false, false],
    [true, true, true],
  ])('terms %s, ticked %s → may go on: %s', (hasTerms, ticked, ok) => {
    expect(termsSatisfied(hasTerms, ticked)).toBe(ok);
  });

  it('makes the checkout body: each card with its delivery’s fields only, trimmed', () => {
    const body = checkoutBody({
      locale: 'en',
      promoCode: null,
      recipients: [
        recipient({ name: ' Anna ', email: ' anna@example.is ', deliveryName: 'ignored' }),
        recipient({
          delivery: 'letter',
          name: 'Björn',
          email: 'ignored@x.is',
          deliveryName: 'B',
          deliveryAddress: 'A 1',
          deliveryZipCode: '101',
          deliveryCity: 'R',
        }),
      ],
      payer,
      termsAccepted: true,
      expectedTotal: 300,
    });
    expect(body).toEqual({
      locale: 'en',
      cards: [
        { giftCardTypeId: 'a', delivery: 'email', name: 'Anna', email: 'anna@example.is' },
        {
          giftCardTypeId: 'a',
          delivery: 'letter',
          name: 'Björn',
          deliveryName: 'B',
          deliveryAddress: 'A 1',
          deliveryZipCode: '101',
          deliveryCity: 'R',
          deliveryCountry: 'Iceland',
        },
      ],
      payer: { firstName: 'Ana', lastName: 'Silva', address: 'Rua 1', phone: '555', email: 'ana@example.pt' },
      termsAccepted: true,
      expectedTotal: 300,
    });
  });
});
