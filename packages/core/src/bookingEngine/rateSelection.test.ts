import { describe, expect, it } from 'vitest';
import { rate, unit } from '../test/bookingFixtures.js';
import { hasMissingSpaces, quantityOptions, ratesForParty, roomsOf } from './rateSelection.js';

describe('rates and rooms', () => {
  const double = unit('u', 'Double', [rate('a', { availability: 3 }), rate('b', { availability: 3 })], {
    availability: 3,
  });

  it('offers 0 … chosen + what is left of the unit, shared by its rates', () => {
    expect(quantityOptions(double, 'a', {})).toEqual([0, 1, 2, 3]);
    expect(quantityOptions(double, 'a', { u: { a: 1, b: 1 } })).toEqual([0, 1, 2]);
    expect(quantityOptions(double, 'b', { u: { a: 3 } })).toEqual([0]);
  });

  it('finds missing guest spaces: adults need adult places, everyone needs a place', () => {
    const two = { rate: rate('x'), quantity: 1 };
    expect(hasMissingSpaces([], { adults: 4, children: 0 })).toBe(false);
    expect(hasMissingSpaces([two], { adults: 2, children: 0 })).toBe(false);
    expect(hasMissingSpaces([two], { adults: 2, children: 1 })).toBe(true);
    expect(hasMissingSpaces([{ ...two, quantity: 2 }], { adults: 3, children: 1 })).toBe(false);
    const family = { rate: rate('f', { occupancy: { adults: 2, children: 1, infants: 1 } }), quantity: 1 };
    expect(hasMissingSpaces([family], { adults: 2, children: 2 })).toBe(false);
    expect(hasMissingSpaces([family], { adults: 3, children: 0 })).toBe(true);
  });

  it('offers the rates within the party: no more adults, no more children and infants than it has', () => {
    const occ = (adults: number, children: number, infants: number) =>
      rate(`r${adults}${children}${infants}`, { occupancy: { adults, children, infants } });
    const room = unit('u', 'Family', [
      occ(3, 0, 0),
      occ(2, 0, 0),
      occ(2, 1, 0),
      occ(2, 0, 1),
      occ(1, 0, 0),
      occ(1, 2, 0),
    ]);
    const ids = (party: { adults: number; children: number }) =>
      ratesForParty([room], party)[0]!.ratePlans.map((r) => r.id);
    expect(ids({ adults: 2, children: 0 })).toEqual(['r200', 'r100']);
    expect(ids({ adults: 2, children: 1 })).toEqual(['r200', 'r210', 'r201', 'r100']);
    expect(ids({ adults: 3, children: 2 })).toEqual(['r300', 'r200', 'r210', 'r201', 'r100', 'r120']);
    expect(ratesForParty([room], { adults: 2, children: 0 })[0]).toMatchObject({ id: 'u', title: 'Family' });
  });
});

describe('rooms for core totals', () => {
  it('lists a rate chosen twice as two rooms', () => {
    expect(
      roomsOf([
        { rate: 'a', quantity: 2 },
        { rate: 'b', quantity: 1 },
      ]),
    ).toEqual(['a', 'a', 'b']);
  });
});
