import { describe, expect, it } from 'vitest';
import { OPEN_DAY, type StoredDay } from './nightRate.js';
import { type NightsPlan, ownPlanNight, planNightPrice, storedPlanNight } from './planNights.js';
import { type DerivedModifier, emptyRatePlanForm, type RatePlanForm } from './ratePlans.js';

// 2030-01-11 is a Friday, 2030-01-12 a Saturday.
const FRI = '2030-01-11';
const SAT = '2030-01-12';
const fridays = <T>(friday: T, other: T) =>
  [other, other, other, other, friday, other, other] as [T, T, T, T, T, T, T];

const planIn = (currency: string, rate: number | null, patch: Partial<RatePlanForm> = {}): NightsPlan => {
  const blank = emptyRatePlanForm({ id: 'u1', maxOccupancy: 2 }, currency);
  return { ...blank, options: [{ ...blank.options[0]!, rate }], ...patch };
};
const childIn = (
  currency: string,
  steps: DerivedModifier[],
  patch: Partial<RatePlanForm> = {},
): NightsPlan => {
  const plan = planIn(currency, 50, { parentRatePlanId: 'parent', ...patch });
  return { ...plan, options: [{ ...plan.options[0]!, derivedOption: { rate: steps } }] };
};
const parentNight = (price: number, patch: Partial<StoredDay> = {}): StoredDay => ({
  ...OPEN_DAY,
  price,
  ...patch,
});

describe('a plan’s own nights, in the currency’s decimals', () => {
  it.each([
    ['ISK', 12_499.5, 12_500],
    ['EUR', 99.995, 100],
    ['EUR', 99.994, 99.99],
    ['KWD', 10.1235, 10.124],
    ['KWD', 10.1234, 10.123],
    ['JPY', 1_000.4, 1_000],
  ])('%s: a rate of %d is kept at %d', (currency, rate, price) => {
    expect(planNightPrice(planIn(currency, rate))).toBe(price);
    expect(ownPlanNight(planIn(currency, rate), FRI)?.price).toBe(price);
  });

  it('is not sold without a primary rate', () => {
    expect(planNightPrice(planIn('EUR', null))).toBeNull();
    expect(ownPlanNight(planIn('EUR', null), FRI)).toBeUndefined();
    expect(storedPlanNight(planIn('EUR', null), FRI, undefined)).toBeUndefined();
  });

  it('takes the weekday’s restrictions (a max stay of 0 is none)', () => {
    const plan = planIn('EUR', 80, { stopSell: fridays(true, false), maxStay: fridays(0, 5) });
    expect(storedPlanNight(plan, FRI, parentNight(999))).toEqual({ ...OPEN_DAY, price: 80, stopSell: true });
    expect(storedPlanNight(plan, SAT, undefined)).toEqual({ ...OPEN_DAY, price: 80, maxStay: 5 });
  });
});

describe('a child plan’s nights are childPlanDay of its parent’s', () => {
  it.each([
    // currency, parent's price, child's steps, the child's night
    ['ISK', 15_000, [['decrease_by_percent', 7.5]], 13_875],
    ['ISK', 15_001, [['decrease_by_percent', 7.5]], 13_876],
    ['EUR', 149.99, [['decrease_by_percent', 7.5]], 138.74],
    ['KWD', 49.999, [['decrease_by_percent', 7.5]], 46.249],
    ['KWD', 49.999, [], 49.999],
    ['EUR', 100, [['increase_by_amount', 12.345]], 112.35],
  ] as [string, number, DerivedModifier[], number][])(
    '%s: a parent at %d with %j is %d',
    (currency, parent, steps, price) => {
      const child = childIn(currency, steps, { inheritRate: true });
      expect(storedPlanNight(child, FRI, parentNight(parent))?.price).toBe(price);
    },
  );

  it('keeps its own price when it does not inherit the rate, and the parent’s flagged restrictions', () => {
    const child = childIn('EUR', [['decrease_by_percent', 50]], {
      inheritStopSell: true,
      closedToArrival: fridays(true, false),
    });
    expect(storedPlanNight(child, FRI, parentNight(200, { stopSell: true, minStayArrival: 3 }))).toEqual({
      ...OPEN_DAY,
      price: 50,
      stopSell: true,
      closedToArrival: true,
    });
  });

  it('with no parent night: an inherited rate is not sold, an inherited restriction is open', () => {
    expect(storedPlanNight(childIn('EUR', [], { inheritRate: true }), FRI, undefined)).toBeUndefined();
    const child = childIn('EUR', [], { inheritStopSell: true, stopSell: fridays(true, false) });
    expect(storedPlanNight(child, FRI, undefined)).toEqual({ ...OPEN_DAY, price: 50 });
  });
});
