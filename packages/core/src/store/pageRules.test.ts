import { describe, expect, it } from 'vitest';
import { discountPercent } from './display.js';
import {
  CONSENT_STORAGE_KEY,
  consentRecord,
  parseConsent,
  resolveStoreLocale,
  trackingAllowed,
} from './locale.js';
import {
  cardExpiryMonths,
  cardExpiryYears,
  cardPayBody,
  emptyCardForm,
  validateCardForm,
} from './paymentForm.js';
import { storeWords } from './words.js';

const card = { cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '2030', cvc: '123' };

describe('the payment form (document 3 §5 Payment form, §9)', () => {
  it.each([
    ['a valid card', card, {}],
    [
      'nothing',
      emptyCardForm,
      { cardNumber: 'Required', expiryMonth: 'Required', expiryYear: 'Required', cvc: 'Required' },
    ],
    [
      '15 digits',
      { ...card, cardNumber: '424242424242424' },
      { cardNumber: 'Credit card number must have 16 digits.' },
    ],
    [
      '17 digits',
      { ...card, cardNumber: '42424242424242424' },
      { cardNumber: 'Credit card number must have 16 digits.' },
    ],
    [
      'letters',
      { ...card, cardNumber: '4242x24242424242' },
      { cardNumber: 'Credit card number must have 16 digits.' },
    ],
    ['month 0', { ...card, expiryMonth: '0' }, { expiryMonth: 'Choose a month from 1 to 12' }],
    ['month 13', { ...card, expiryMonth: '13' }, { expiryMonth: 'Choose a month from 1 to 12' }],
    ['year 2021', { ...card, expiryYear: '2021' }, { expiryYear: 'Choose a year from 22 to 33' }],
    ['year 2034', { ...card, expiryYear: '2034' }, { expiryYear: 'Choose a year from 22 to 33' }],
    ['year 2022 and month 1', { ...card, expiryYear: '2022', expiryMonth: '1' }, {}],
    ['CVC of 2', { ...card, cvc: '12' }, { cvc: 'CVC must have 3 digits.' }],
    ['CVC of 4', { ...card, cvc: '1234' }, { cvc: 'CVC must have 3 digits.' }],
  ])('%s', (_, form, expected) => {
    const errors = validateCardForm(form);
    expect(
      Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, storeWords({ key: key! })])),
    ).toEqual(expected);
  });

  it('sends the digits and numbers', () => {
    expect(cardPayBody(card)).toEqual({
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: '123',
    });
  });

  it('offers the years 2022–2033 as two digits and the months 01–12', () => {
    const years = cardExpiryYears();
    expect(years).toHaveLength(12);
    expect(years[0]).toEqual({ value: 2022, label: '22' });
    expect(years.at(-1)).toEqual({ value: 2033, label: '33' });
    expect(cardExpiryMonths().map((m) => m.label)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
  });
});

describe('the discount a card shows (document 3 §9: from 1 %)', () => {
  it.each([
    [100, 100, null],
    [100, 80, 20],
    [1000, 995, 1],
    [1000, 996, null],
    [100, 120, null],
    [0, 0, null],
  ])('price %s, net %s → %s', (price, netPrice, expected) => {
    expect(discountPercent({ price, netPrice })).toBe(expected);
  });
});

describe('the store’s language (M39)', () => {
  it.each([
    [
      'Icelandic only, whatever is asked',
      { icelandicOnly: true, urlLocale: 'de', browserLanguages: ['fr'] },
      { locale: 'is', menu: false },
    ],
    [
      'the URL’s locale',
      { icelandicOnly: false, urlLocale: 'DE', browserLanguages: ['fr'] },
      { locale: 'de', menu: true },
    ],
    [
      'a URL locale not spoken, then the browser’s prefix',
      { icelandicOnly: false, urlLocale: 'nl', browserLanguages: ['pt-BR'] },
      { locale: 'pt', menu: true },
    ],
    [
      'the first browser language spoken',
      { icelandicOnly: false, browserLanguages: ['nl-NL', 'el_GR', 'fr'] },
      { locale: 'el', menu: true },
    ],
    [
      'else English',
      { icelandicOnly: false, urlLocale: null, browserLanguages: ['ja'] },
      { locale: 'en', menu: true },
    ],
    ['nothing known', { icelandicOnly: false }, { locale: 'en', menu: true }],
  ])('%s', (_, args, expected) => {
    expect(resolveStoreLocale(args)).toEqual(expected);
  });
});

describe('the analytics consent (M39)', () => {
  it('is a stored record with a tracking flag', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(CONSENT_STORAGE_KEY).toBe('tern.store.consent');
    expect(parseConsent(consentRecord(true, now))).toEqual({
      tracking: true,
      decidedAt: '2026-11-29T10:00:00.000Z',
    });
    expect(parseConsent(consentRecord(false, now))?.tracking).toBe(false);
  });

  it.each([null, '', '{', '{"tracking":"yes"}', '[]', 'null'])('asks again for %j', (text) => {
    expect(parseConsent(text)).toBeNull();
  });

  it.each([
    [{ tracking: true, decidedAt: 'x' }, 'G-1', true],
    [{ tracking: true, decidedAt: 'x' }, ' ', false],
    [{ tracking: false, decidedAt: 'x' }, 'G-1', false],
    [null, 'G-1', false],
  ])('tracks only with consent and an id: %j %j → %s', (consent, id, allowed) => {
    expect(trackingAllowed(consent, id)).toBe(allowed);
  });
});
