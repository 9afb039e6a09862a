import type { CancellationPolicy, TaxLine } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  applyModifier,
  bookingPolicy,
  bookingTotal,
  convertMoney,
  currencyDecimals,
  isCardNeeded,
  liabilityOf,
  modifiedPrice,
  nightPrice,
  paymentKind,
  roundMoney,
  type TaxRule,
  taxAmount,
  taxLines,
  taxSummary,
} from './pricing.js';

describe('money', () => {
  it.each([
    ['EUR', 1.005, 1.01],
    ['EUR', 2.675, 2.68],
    ['USD', -1.005, -1.01],
    ['ISK', 1250.5, 1251],
    ['JPY', 99.4, 99],
  ])('rounds %s %d to %d', (currency, amount, expected) => {
    expect(roundMoney(amount, currency)).toBe(expected);
  });

  it('knows which currencies have no minor unit', () => {
    expect(currencyDecimals('isk')).toBe(0);
    expect(currencyDecimals('EUR')).toBe(2);
  });

  it('converts through the base currency and refuses unknown ones', () => {
    const rates = { USD: 1, EUR: 0.92, ISK: 138 };
    expect(convertMoney(100, 'EUR', 'EUR', rates)).toBe(100);
    expect(convertMoney(92, 'EUR', 'USD', rates)).toBeCloseTo(100);
    expect(convertMoney(100, 'USD', 'ISK', rates)).toBe(13800);
    expect(() => convertMoney(1, 'XXX', 'USD', rates)).toThrow('No exchange rate for XXX');
  });
});

describe('applyModifier', () => {
  it.each([
    ['increase_by_percent', 10, 200, 220],
    ['decrease_by_percent', 5, 200, 190],
    ['increase_by_amount', 15, 200, 215],
    ['decrease_by_amount', 15, 200, 185],
    ['decrease_by_amount', 500, 200, 0],
    ['decrease_by_percent', 150, 200, 0],
  ] as const)('%s %d on %d is %d', (modifierLogic, modifierAmount, price, expected) => {
    expect(applyModifier(price, { modifierLogic, modifierAmount })).toBeCloseTo(expected);
  });

  it('leaves the price alone without a contract', () => {
    expect(applyModifier(123, null)).toBe(123);
  });
});

describe('nightPrice', () => {
  const fees = { childrenFee: 20, infantFee: 5 };
  it('charges a room per night plus children and infant fees', () => {
    expect(nightPrice(100, { sellMode: 'per_room', ...fees }, { adults: 2, children: 1, infants: 1 })).toBe(
      125,
    );
  });
  it('charges a per-person plan per adult', () => {
    expect(nightPrice(60, { sellMode: 'per_person', ...fees }, { adults: 3, children: 2, infants: 0 })).toBe(
      220,
    );
  });
});

describe('taxes (DECISIONS 10)', () => {
  const stay = { net: 300, nights: 3, persons: 2 };
  const tax = (mode: TaxRule['mode'], rate: number, inclusive = false): TaxRule => ({
    title: mode,
    mode,
    rate,
    inclusive,
  });
  it.each([
    ['percent', 10, 30],
    ['per_room', 7, 7],
    ['per_booking', 7, 7],
    ['per_night', 2, 6],
    ['per_room_per_night', 2, 6],
    ['per_person', 4, 8],
    ['per_person_per_night', 1.5, 9],
  ] as const)('%s at %d comes to %d for 3 nights and 2 persons', (mode, rate, expected) => {
    expect(taxAmount(tax(mode, rate), stay)).toBeCloseTo(expected);
  });

  it('takes an inclusive percent out of the price instead of adding it', () => {
    expect(taxAmount(tax('percent', 20, true), { ...stay, net: 120 })).toBeCloseTo(20);
    const { lines, total } = taxLines(
      [tax('percent', 20, true), tax('per_night', 2)],
      { ...stay, net: 120 },
      'EUR',
    );
    expect(lines.map((l) => l.amount)).toEqual([20, 6]);
    expect(total).toBe(126);
  });

  it('counts a per-booking tax once for several rooms', () => {
    const room = (totalPrice: number): { totalPrice: number; taxes: TaxLine[] } => ({
      totalPrice,
      taxes: [
        { title: 'City fee', mode: 'per_booking', rate: 10, inclusive: false, amount: 10 },
        { title: 'VAT', mode: 'percent', rate: 10, inclusive: false, amount: 9 },
      ],
    });
    expect(bookingTotal([room(109), room(109)], 'EUR')).toBe(208);
    expect(bookingTotal([], 'EUR')).toBe(0);
    expect(taxSummary([room(109), room(109)], 'EUR').map((l) => [l.title, l.amount])).toEqual([
      ['City fee', 10],
      ['VAT', 18],
    ]);
  });
});

describe('payment and cancellation policies', () => {
  const policy = (over: Partial<CancellationPolicy>): CancellationPolicy => ({
    id: 'p',
    title: 'Policy',
    cancellationPolicyLogic: 'free',
    cancellationPolicyDeadline: null,
    cancellationPolicyDeadlineType: null,
    cancellationPolicyPenalty: 0,
    cancellationPolicyMode: 'percent',
    guaranteePaymentPolicy: 'none',
    guaranteePaymentAmount: 0,
    currency: 'EUR',
    ...over,
  });

  it.each([
    ['none', 0, 'none', 'pay_at_property'],
    ['percent_based', 100, 'full', 'prepaid'],
    ['percent_based', 30, 'partial', 'guarantee'],
    ['amount', 50, 'partial', 'guarantee'],
  ] as const)('%s %d is %s (%s)', (guaranteePaymentPolicy, guaranteePaymentAmount, kind, liability) => {
    const p = policy({ guaranteePaymentPolicy, guaranteePaymentAmount });
    expect(paymentKind(p)).toBe(kind);
    expect(liabilityOf(p)).toBe(liability);
  });

  it('needs a card when any chosen rate asks for a payment', () => {
    expect(isCardNeeded([policy({}), null])).toBe(false);
    expect(isCardNeeded([policy({}), policy({ guaranteePaymentPolicy: 'amount' })])).toBe(true);
  });

  it('keeps the first policy when every room has the same logic other than deadline', () => {
    const a = policy({ id: 'a', cancellationPolicyLogic: 'non_refundable' });
    const b = policy({ id: 'b', cancellationPolicyLogic: 'non_refundable' });
    expect(bookingPolicy([a, b])?.id).toBe('a');
  });

  it('otherwise takes the longest deadline in hours, days counting 24', () => {
    const hours = policy({
      id: 'h',
      cancellationPolicyLogic: 'deadline',
      cancellationPolicyDeadline: 72,
      cancellationPolicyDeadlineType: 'hours',
    });
    const days = policy({
      id: 'd',
      cancellationPolicyLogic: 'deadline',
      cancellationPolicyDeadline: 2,
      cancellationPolicyDeadlineType: 'days',
    });
    const week = { ...days, id: 'w', cancellationPolicyDeadline: 7 };
    expect(bookingPolicy([hours, days])?.id).toBe('h');
    expect(bookingPolicy([days, week, hours])?.id).toBe('w');
    expect(bookingPolicy([null, undefined])).toBeNull();
  });
});

describe('modifiedPrice', () => {
  it.each([
    [100, { modifierLogic: 'increase_by_percent', modifierAmount: 15 }, 'EUR', 115],
    [99.99, { modifierLogic: 'increase_by_percent', modifierAmount: 12.5 }, 'EUR', 112.49],
    [12345, { modifierLogic: 'decrease_by_percent', modifierAmount: 7 }, 'ISK', 11481],
    [12345, { modifierLogic: 'increase_by_percent', modifierAmount: -10 }, 'JPY', 11111],
    [20, { modifierLogic: 'decrease_by_amount', modifierAmount: 25 }, 'USD', 0],
    [20.004, null, 'USD', 20],
  ] as const)('%s with %o in %s = %s', (price, modifier, currency, expected) => {
    expect(modifiedPrice(price, modifier, currency)).toBe(expected);
  });
});
