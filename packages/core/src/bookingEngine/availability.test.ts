import type { Occupancy } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  type DayRestrictions,
  fitsOccupancy,
  freeOnEveryNight,
  occupancyOptions,
  type StayAvailability,
  stayLimits,
  stayRestriction,
  unavailableReasonOf,
} from './availability.js';

const unit = { maxAdults: 3, maxChildren: 2, maxInfants: 1, maxOccupancy: 4 };
const plan = { maxAdults: 2, maxChildren: 2, maxInfants: 1 };
const party = (adults: number, children = 0, infants = 0): Occupancy => ({ adults, children, infants });

describe('fitsOccupancy: the party fits the unit and the plan', () => {
  it.each([
    [party(1), true],
    [party(2), true],
    [party(0), false], // at least one adult
    [party(3), false], // the plan's 2 adults, under the unit's 3
    [party(2, 2), true], // 4 = the unit's occupancy
    [party(2, 2, 1), true], // infants do not count towards the occupancy
    [party(2, 3), false], // the unit's 2 children
    [party(1, 0, 2), false], // the unit's 1 infant
  ])('%j: %s', (guests, expected) => {
    expect(fitsOccupancy(unit, plan, guests)).toBe(expected);
  });

  it.each([
    [{ ...unit, maxOccupancy: 3 }, party(2, 2), false], // adults + children over the occupancy
    [{ ...unit, maxOccupancy: 3 }, party(2, 1), true],
    [{ ...unit, maxChildren: 0 }, party(1, 1), false], // the unit's limit, though the plan takes 2
    [{ ...unit, maxAdults: 1 }, party(2), false],
  ])('unit %j, %j: %s', (u, guests, expected) => {
    expect(fitsOccupancy(u, plan, guests)).toBe(expected);
  });
});

describe('occupancyOptions: one rate per occupancy sold', () => {
  it.each([
    [unit, plan, false, [party(2)]],
    [{ ...unit, maxOccupancy: 1 }, plan, false, [party(1)]],
    [{ ...unit, maxAdults: 0 }, plan, false, [party(1)]], // never fewer than one adult
    [unit, plan, true, [party(2), party(2, 1), party(2, 2), party(1), party(1, 1), party(1, 2)]],
    [{ ...unit, maxOccupancy: 2 }, plan, true, [party(2), party(1), party(1, 1)]],
    [unit, { ...plan, maxChildren: 0 }, true, [party(2), party(1)]],
  ])('unit %j, plan %j, virtual %s', (u, p, virtual, expected) => {
    expect(occupancyOptions(u, p, virtual)).toEqual(expected);
  });
});

describe('freeOnEveryNight', () => {
  it.each([
    [[3, 1, 2], 1],
    [[5], 5],
    [[2, undefined, 4], 0], // a night without a count is sold out
    [[2, 0, 4], 0],
    [[], 0],
  ])('%j: %i', (counts, expected) => {
    expect(freeOnEveryNight(counts)).toBe(expected);
  });
});

const open: DayRestrictions = {
  stopSell: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStayArrival: 1,
  minStayThrough: 1,
  maxStay: null,
};
const day = (changes: Partial<DayRestrictions> = {}): DayRestrictions => ({ ...open, ...changes });
const stay = (changes: Partial<StayAvailability> = {}): StayAvailability => ({
  nights: [day(), day(), day()],
  departure: day(),
  available: 2,
  planMinStay: null,
  ...changes,
});

describe('stayRestriction: each rule at its edges', () => {
  it.each<[string, Partial<StayAvailability>, ReturnType<typeof stayRestriction>]>([
    ['an open stay', {}, null],
    // sold out
    ['no room free', { available: 0 }, 'sold_out'],
    ['one room free', { available: 1 }, null],
    ['a night without a price', { nights: [day(), undefined, day()] }, 'sold_out'],
    ['no nights', { nights: [] }, 'sold_out'],
    // stop sell
    ['stop sell on the last night', { nights: [day(), day(), day({ stopSell: true })] }, 'stop_sell'],
    ['stop sell on the check-out day only', { departure: day({ stopSell: true }) }, null],
    // closed to arrival
    [
      'closed to arrival on the first night',
      { nights: [day({ closedToArrival: true }), day()] },
      'closed_to_arrival',
    ],
    ['closed to arrival on a later night', { nights: [day(), day({ closedToArrival: true })] }, null],
    // closed to departure
    [
      'closed to departure on the check-out day',
      { departure: day({ closedToDeparture: true }) },
      'closed_to_departure',
    ],
    ['closed to departure on a night stayed', { nights: [day(), day({ closedToDeparture: true })] }, null],
    ['no row for the check-out day', { departure: undefined }, null],
    // minimum stay
    ['3 nights, arrival minimum 3', { nights: [day({ minStayArrival: 3 }), day(), day()] }, null],
    ['3 nights, arrival minimum 4', { nights: [day({ minStayArrival: 4 }), day(), day()] }, 'min_stay'],
    ['3 nights, plan minimum 3', { planMinStay: 3 }, null],
    ['3 nights, plan minimum 4', { planMinStay: 4 }, 'min_stay'],
    [
      '3 nights, a night through minimum 4',
      { nights: [day(), day({ minStayThrough: 4 }), day()] },
      'min_stay',
    ],
    ['3 nights, a night through minimum 3', { nights: [day(), day(), day({ minStayThrough: 3 })] }, null],
    [
      'minimum stay of a later night as arrival',
      { nights: [day(), day({ minStayArrival: 9 }), day()] },
      null,
    ],
    // maximum stay
    ['3 nights, maximum 3', { nights: [day({ maxStay: 3 }), day(), day()] }, null],
    ['3 nights, maximum 2', { nights: [day({ maxStay: 2 }), day(), day()] }, 'max_stay'],
    ['maximum on a later night', { nights: [day(), day({ maxStay: 1 }), day()] }, null],
    // order: the first broken rule is the reason
    ['sold out before stop sell', { available: 0, nights: [day({ stopSell: true })] }, 'sold_out'],
    [
      'stop sell before closed to arrival',
      { nights: [day({ closedToArrival: true, stopSell: true })] },
      'stop_sell',
    ],
    [
      'closed to arrival before closed to departure',
      { nights: [day({ closedToArrival: true })], departure: day({ closedToDeparture: true }) },
      'closed_to_arrival',
    ],
    [
      'closed to departure before minimum stay',
      { nights: [day({ minStayArrival: 5 })], departure: day({ closedToDeparture: true }) },
      'closed_to_departure',
    ],
    ['minimum before maximum', { nights: [day({ minStayArrival: 5, maxStay: 0 })] }, 'min_stay'],
  ])('%s', (_, changes, expected) => {
    expect(stayRestriction(stay(changes))).toBe(expected);
  });
});

describe('unavailableReasonOf: occupancy first', () => {
  it.each<[Occupancy, Partial<StayAvailability>, ReturnType<typeof unavailableReasonOf>]>([
    [party(3), { available: 0 }, 'occupancy'],
    [party(2), { available: 0 }, 'sold_out'],
    [party(2), {}, null],
  ])('%j with %j: %s', (guests, changes, expected) => {
    expect(unavailableReasonOf(unit, plan, guests, stay(changes))).toBe(expected);
  });
});

describe('stayLimits: what the rates table shows', () => {
  it.each([
    [day({ minStayArrival: 2, maxStay: 7 }), null, { minStay: 2, maxStay: 7 }],
    [day({ minStayArrival: 2 }), 3, { minStay: 3, maxStay: null }],
    [day(), null, { minStay: 1, maxStay: null }],
    [undefined, 3, { minStay: 3, maxStay: null }],
    [undefined, null, { minStay: null, maxStay: null }],
  ])('%j, plan minimum %j', (arrival, planMinStay, expected) => {
    expect(stayLimits(arrival, planMinStay)).toEqual(expected);
  });
});
