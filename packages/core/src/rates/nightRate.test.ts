import type { Occupancy } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import type { DayRestrictions } from '../bookingEngine/availability.js';
import { nightPrice } from '../bookingEngine/pricing.js';
import {
  applyModifiers,
  type ChildPlan,
  childPlanDay,
  OPEN_DAY,
  occupancyNightPrice,
  type PlanPricing,
  restrictionsOfDate,
  type StoredDay,
  sellableRooms,
  soldOnStay,
} from './nightRate.js';
import {
  type DerivedModifier,
  emptyRatePlanForm,
  INHERIT_FLAGS,
  type InheritFlag,
  type WeekRestrictions,
} from './ratePlans.js';
import { editOption, setAutoSettings, setRateMode, setSellMode } from './sellMode.js';

const blank = emptyRatePlanForm({ id: 'u1', maxOccupancy: 3 }, 'EUR');
const fees = { childrenFee: 10, infantFee: 4 };
const perRoom: PlanPricing = { ...blank, ...fees };
const perPerson = setSellMode({ ...blank, ...fees }, 'per_person', 3);
const derived = editOption(
  editOption(setRateMode(perPerson, 'derived'), 1, { derived: [['decrease_by_percent', 10]] }),
  2,
  {
    derived: [
      ['decrease_by_amount', 30],
      ['decrease_by_percent', 50],
    ],
  },
);
const auto = setAutoSettings(setRateMode(perPerson, 'auto'), { decreaseValue: 10 });
const manual = editOption(perPerson, 2, { rate: 55 });
const legacy: PlanPricing = { ...perPerson, options: [] };

const party = (adults: number, children = 0, infants = 0): Occupancy => ({ adults, children, infants });
const day = (price: number, occupancyRates?: Record<number, number>) => ({ price, occupancyRates });

describe('applyModifiers: steps in order, never below 0', () => {
  it.each<[number, DerivedModifier[], number]>([
    [100, [], 100],
    [100, [['increase_by_percent', 10]], 110],
    [100, [['decrease_by_percent', 10]], 90],
    [100, [['increase_by_amount', 15]], 115],
    [100, [['decrease_by_amount', 15]], 85],
    [100, [['decrease_by_amount', 150]], 0],
    [
      100,
      [
        ['decrease_by_amount', 20],
        ['increase_by_percent', 50],
      ],
      120,
    ],
    [
      100,
      [
        ['increase_by_percent', 50],
        ['decrease_by_amount', 20],
      ],
      130,
    ],
    [
      100,
      [
        ['decrease_by_amount', 120],
        ['increase_by_amount', 10],
      ],
      10,
    ],
  ])('%i with %j → %i', (price, steps, result) => {
    expect(applyModifiers(price, steps)).toBeCloseTo(result, 9);
  });
});

describe('occupancyNightPrice: the price of a party for one night', () => {
  it.each<[string, PlanPricing, ReturnType<typeof day>, Occupancy, number | null]>([
    ['per room, one adult', perRoom, day(100), party(1), 100],
    ['per room, three adults', perRoom, day(100), party(3), 100],
    ['per room, children and infants pay fees', perRoom, day(100), party(2, 2, 1), 124],
    ['per person without options: per adult', legacy, day(50), party(2, 1), 110],
    ['per person, the primary (3)', perPerson, day(150), party(3), 150],
    ['per person, the primary with a child', perPerson, day(150), party(3, 1, 2), 168],
    ['per person, more adults than options', perPerson, day(150), party(4), null],
    ['manual, an occupancy stored that day', manual, day(150, { 2: 120 }), party(2), 120],
    ['manual, an occupancy without a stored rate', manual, day(150, { 2: 120 }), party(1), 55],
    ['manual, an occupancy with no rate at all', manual, day(150), party(2), null],
    ['derived, one step', derived, day(150), party(2), 135],
    ['derived, two steps in order', derived, day(150), party(1), 60],
    ['derived, steps and fees', derived, day(150), party(1, 1, 1), 74],
    ['derived, the primary', derived, day(150), party(3), 150],
    ['auto, one fewer (10 %)', auto, day(200), party(2), 180],
    ['auto, two fewer (20 %)', auto, day(200), party(1), 160],
    ['auto, the primary', auto, day(200), party(3), 200],
    [
      'auto in amounts from a middle primary, one more',
      {
        ...auto,
        options: auto.options.map((o) => ({ ...o, isPrimary: o.occupancy === 2 })),
        primaryOccupancy: 2,
        autoRateSettings: { ...auto.autoRateSettings, increaseMode: 'EUR', increaseValue: 25 },
      },
      day(200),
      party(3),
      225,
    ],
  ])('%s', (_, plan, stored, guests, price) => {
    const result = occupancyNightPrice(plan, stored, guests);
    if (price === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(price, 9);
  });
});

const week = (patch: Partial<WeekRestrictions> = {}): WeekRestrictions => {
  const { maxStay, minStayArrival, minStayThrough, closedToArrival, closedToDeparture, stopSell } = blank;
  return {
    maxStay,
    minStayArrival,
    minStayThrough,
    closedToArrival,
    closedToDeparture,
    stopSell,
    ...patch,
  };
};
const row = (patch: Partial<DayRestrictions> = {}): DayRestrictions => ({ ...OPEN_DAY, ...patch });
const fridays = <T>(friday: T, other: T) =>
  [other, other, other, other, friday, other, other] as [T, T, T, T, T, T, T];
// 2030-01-11 is a Friday, 2030-01-12 a Saturday.
const FRI = '2030-01-11';
const SAT = '2030-01-12';

describe('restrictionsOfDate: the stored row, else the weekday arrays', () => {
  it.each<[string, Partial<WeekRestrictions>, string, DayRestrictions | undefined, Partial<DayRestrictions>]>(
    [
      ['no row, default arrays: open', {}, FRI, undefined, OPEN_DAY],
      ['no row, Friday stop sell', { stopSell: fridays(true, false) }, FRI, undefined, { stopSell: true }],
      ['no row, not on Saturday', { stopSell: fridays(true, false) }, SAT, undefined, { stopSell: false }],
      [
        'no row, Friday closed to arrival',
        { closedToArrival: fridays(true, false) },
        FRI,
        undefined,
        { closedToArrival: true },
      ],
      [
        'no row, Friday closed to departure',
        { closedToDeparture: fridays(true, false) },
        FRI,
        undefined,
        { closedToDeparture: true },
      ],
      ['no row, Friday min stay 3', { minStayArrival: fridays(3, 1) }, FRI, undefined, { minStayArrival: 3 }],
      [
        'no row, Friday min stay through 2',
        { minStayThrough: fridays(2, 1) },
        FRI,
        undefined,
        { minStayThrough: 2 },
      ],
      ['no row, max stay 0 is none', { maxStay: fridays(0, 0) }, FRI, undefined, { maxStay: null }],
      ['no row, Friday max stay 7', { maxStay: fridays(7, 0) }, FRI, undefined, { maxStay: 7 }],
      ['the row closes to arrival', {}, FRI, row({ closedToArrival: true }), { closedToArrival: true }],
      [
        'the row lifts the array’s stop sell',
        { stopSell: fridays(true, false) },
        FRI,
        row({ stopSell: false }),
        {},
      ],
      [
        'the row’s min stay below the array’s',
        { minStayArrival: fridays(3, 1) },
        FRI,
        row({ minStayArrival: 2 }),
        { minStayArrival: 2 },
      ],
      [
        'the row’s min stay above the array’s',
        { minStayArrival: fridays(3, 1) },
        FRI,
        row({ minStayArrival: 5 }),
        { minStayArrival: 5 },
      ],
      [
        'the row without a max stay',
        { maxStay: fridays(7, 0) },
        FRI,
        row({ maxStay: null }),
        { maxStay: null },
      ],
      ['the row’s max stay', {}, FRI, row({ maxStay: 10 }), { maxStay: 10 }],
    ],
  )('%s', (_, arrays, date, stored, expected) => {
    expect(restrictionsOfDate(week(arrays), date, stored)).toEqual({ ...OPEN_DAY, ...expected });
  });
  it('keeps only the restrictions of a row with a price', () => {
    expect(
      restrictionsOfDate(week(), FRI, { ...row({ stopSell: true }), price: 9 } as DayRestrictions),
    ).toEqual(row({ stopSell: true }));
  });
  it('reads Monday from index 0 and Sunday from index 6', () => {
    const arrays = week({ minStayArrival: [2, 1, 1, 1, 1, 1, 8] });
    expect(restrictionsOfDate(arrays, '2030-01-07', undefined).minStayArrival).toBe(2);
    expect(restrictionsOfDate(arrays, '2030-01-13', undefined).minStayArrival).toBe(8);
  });
});

const stored = (price: number, patch: Partial<DayRestrictions> = {}): StoredDay => ({
  ...OPEN_DAY,
  price,
  ...patch,
});
const childOf = (
  inherit: Partial<Record<InheritFlag, boolean>>,
  steps: DerivedModifier[] = [],
  arrays = {},
): ChildPlan => ({
  ...week(arrays),
  ...(Object.fromEntries(INHERIT_FLAGS.map((f) => [f, inherit[f] ?? false])) as Record<InheritFlag, boolean>),
  options: [{ occupancy: 2, rate: null, isPrimary: true, derivedOption: { rate: steps } }],
});
const parentDay = stored(200, { stopSell: true, minStayArrival: 3, maxStay: 5, closedToArrival: true });

describe('childPlanDay: inheritance per flag', () => {
  it.each<[string, ChildPlan, StoredDay | undefined, StoredDay | undefined, Partial<StoredDay> | undefined]>([
    ['nothing inherited: its own day', childOf({}), parentDay, stored(90), { price: 90 }],
    ['nothing inherited and no own row: not sold', childOf({}), parentDay, undefined, undefined],
    ['rate inherited, no modifier', childOf({ inheritRate: true }), parentDay, undefined, { price: 200 }],
    [
      'rate inherited, 10 % less',
      childOf({ inheritRate: true }, [['decrease_by_percent', 10]]),
      parentDay,
      stored(90),
      { price: 180 },
    ],
    [
      'rate inherited, 15 more',
      childOf({ inheritRate: true }, [['increase_by_amount', 15]]),
      parentDay,
      undefined,
      { price: 215 },
    ],
    [
      'rate inherited without a parent day: not sold',
      childOf({ inheritRate: true }),
      undefined,
      stored(90),
      undefined,
    ],
    [
      'own rate ignores the modifier',
      childOf({}, [['decrease_by_percent', 10]]),
      parentDay,
      stored(90),
      { price: 90 },
    ],
    [
      'stop sell inherited',
      childOf({ inheritStopSell: true }),
      parentDay,
      stored(90),
      { price: 90, stopSell: true },
    ],
    [
      'stop sell not inherited',
      childOf({ inheritRate: true }),
      parentDay,
      undefined,
      { price: 200, stopSell: false },
    ],
    [
      'min stay arrival inherited',
      childOf({ inheritMinStayArrival: true }),
      parentDay,
      stored(90),
      { price: 90, minStayArrival: 3 },
    ],
    [
      'max stay inherited',
      childOf({ inheritMaxStay: true }),
      parentDay,
      stored(90, { maxStay: 9 }),
      { price: 90, maxStay: 5 },
    ],
    ['max stay own', childOf({}), parentDay, stored(90, { maxStay: 9 }), { price: 90, maxStay: 9 }],
    [
      'closed to arrival inherited',
      childOf({ inheritClosedToArrival: true }),
      parentDay,
      stored(90),
      { price: 90, closedToArrival: true },
    ],
    [
      'closed to departure inherited over its own',
      childOf({ inheritClosedToDeparture: true }),
      parentDay,
      stored(90, { closedToDeparture: true }),
      { price: 90, closedToDeparture: false },
    ],
    [
      'min stay through inherited',
      childOf({ inheritMinStayThrough: true }),
      stored(100, { minStayThrough: 4 }),
      stored(90),
      { price: 90, minStayThrough: 4 },
    ],
    [
      'its own Friday array where not inherited',
      childOf({ inheritRate: true }, [], { minStayArrival: fridays(2, 1) }),
      parentDay,
      undefined,
      { price: 200, minStayArrival: 2 },
    ],
    [
      'an inherited flag with no parent day is open',
      childOf({ inheritStopSell: true }, [], { stopSell: fridays(true, false) }),
      undefined,
      stored(90),
      { price: 90, stopSell: false },
    ],
  ])('%s', (_, child, parent, own, expected) => {
    const result = childPlanDay(child, FRI, parent, own);
    if (expected === undefined) expect(result).toBeUndefined();
    else expect(result).toEqual({ ...OPEN_DAY, ...expected });
  });
});

describe('what the engine prices today stays the same', () => {
  it.each<[string, PlanPricing, Occupancy]>([
    ['per room', perRoom, party(2, 1, 1)],
    ['per room, one adult', perRoom, party(1)],
    ['per person without options', legacy, party(3, 2, 1)],
    ['per person without options, one adult', legacy, party(1)],
  ])('%s: occupancyNightPrice is nightPrice', (_, plan, guests) => {
    expect(occupancyNightPrice(plan, day(87.5), guests)).toBe(nightPrice(87.5, plan, guests));
  });
  it.each<[string, DayRestrictions]>([
    ['an open row', OPEN_DAY],
    [
      'a restricted row',
      row({ stopSell: true, closedToDeparture: true, minStayArrival: 3, minStayThrough: 2, maxStay: 9 }),
    ],
  ])('the default arrays leave %s as stored', (_, stored) => {
    for (const date of ['2030-01-07', FRI, SAT, '2030-01-13'])
      expect(restrictionsOfDate(week(), date, stored)).toEqual(stored);
  });
});

describe('sellableRooms (max_sell, max_availability, availability_offset)', () => {
  const none = { maxSell: null, maxAvailability: null, availabilityOffset: 0 };
  it.each([
    ['no caps: every free room', 5, none, 5],
    ['nothing free is nothing to sell', 0, none, 0],
    ['nothing free, even with a negative offset', 0, { ...none, availabilityOffset: -2 }, 0],
    ['the offset holds rooms back', 5, { ...none, availabilityOffset: 2 }, 3],
    ['never below none', 1, { ...none, availabilityOffset: 3 }, 0],
    ['a negative offset oversells', 2, { ...none, availabilityOffset: -1 }, 3],
    ['max availability caps what is shown', 5, { ...none, maxAvailability: 2 }, 2],
    ['max sell caps what is sold', 5, { ...none, maxSell: 1 }, 1],
    ['a cap of 0 closes the plan', 5, { ...none, maxSell: 0 }, 0],
    ['the lowest of all wins', 6, { maxSell: 4, maxAvailability: 3, availabilityOffset: 2 }, 3],
  ])('%s', (_, free, caps, expected) => {
    expect(sellableRooms(free, caps)).toBe(expected);
  });

  it.each([
    ['none of the plan sold: the whole cap', 5, { ...none, maxSell: 2 }, 0, 2],
    ['one sold of a cap of 2: one left', 5, { ...none, maxSell: 2 }, 1, 1],
    ['the cap reached: none, though rooms are free', 5, { ...none, maxSell: 2 }, 2, 0],
    ['sold past the cap (the cap lowered since): none, never below', 5, { ...none, maxSell: 1 }, 3, 0],
    ['no cap: the plan’s sales do not count', 5, none, 4, 5],
    ['free rooms still bind below what the cap leaves', 1, { ...none, maxSell: 4 }, 1, 1],
    ['the offset and the cap: the lower wins', 5, { ...none, maxSell: 3, availabilityOffset: 3 }, 1, 2],
    ['max availability and the cap: the lower wins', 6, { ...none, maxSell: 5, maxAvailability: 2 }, 1, 2],
  ])('max sell less the plan’s sold rooms — %s', (_, free, caps, sold, expected) => {
    expect(sellableRooms(free, caps, sold)).toBe(expected);
  });
});

describe('soldOnStay', () => {
  const sold = { '2026-12-01': 1, '2026-12-02': 3, '2026-12-04': 2 };
  it.each([
    ['no sales at all', undefined, ['2026-12-01'], 0],
    ['one night', sold, ['2026-12-01'], 1],
    ['the most sold night of the stay', sold, ['2026-12-01', '2026-12-02', '2026-12-03'], 3],
    ['a night without sales is none', sold, ['2026-12-03'], 0],
    ['no nights', sold, [], 0],
  ])('%s', (_, byDate, nights, expected) => {
    expect(soldOnStay(byDate, nights)).toBe(expected);
  });
});
