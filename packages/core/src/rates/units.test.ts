import { unitBody } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { emptyUnitForm, maxPlanOccupancy, type UnitForm, validateUnitForm } from './units.js';

const valid: UnitForm = { ...emptyUnitForm(), title: 'Double room' };

describe('emptyUnitForm', () => {
  it('is a room (§9), one room for two adults, and lacks only its title', () => {
    expect(emptyUnitForm()).toMatchObject({
      roomKind: 'room',
      countOfRooms: 1,
      occAdults: 2,
      occChildren: 0,
    });
    expect(validateUnitForm(emptyUnitForm())).toEqual({ title: 'validation_messages.required' });
  });
});

describe('validateUnitForm (§5, R185)', () => {
  it.each<[string, Partial<UnitForm>, Record<string, string>]>([
    ['a valid unit', {}, {}],
    ['a dorm', { roomKind: 'dorm' }, {}],
    ['a blank title', { title: '  ' }, { title: 'validation_messages.required' }],
    ['another kind', { roomKind: 'suite' as never }, { roomKind: 'validation_messages.not_an_option' }],
    ['no count of rooms', { countOfRooms: null }, { countOfRooms: 'validation_messages.required' }],
    [
      'a count that is not a number',
      { countOfRooms: Number.NaN },
      { countOfRooms: 'validation_messages.required' },
    ],
    ['no rooms', { countOfRooms: 0 }, { countOfRooms: 'validation_messages.at_least_one' }],
    ['half a room', { countOfRooms: 1.5 }, { countOfRooms: 'validation_messages.whole_number' }],
    ['no adults field', { occAdults: null }, { occAdults: 'validation_messages.required' }],
    ['no adult', { occAdults: 0 }, { occAdults: 'validation_messages.at_least_one' }],
    ['no children field', { occChildren: null }, { occChildren: 'validation_messages.required' }],
    ['negative children', { occChildren: -1 }, { occChildren: 'validation_messages.not_negative' }],
    ['no infants field', { occInfants: null }, { occInfants: 'validation_messages.required' }],
    ['negative infants', { occInfants: -2 }, { occInfants: 'validation_messages.not_negative' }],
    ['a default occupancy of 2', { defaultOccupancy: 2 }, {}],
    ['a default occupancy counting children', { occChildren: 1, defaultOccupancy: 3 }, {}],
    [
      'a default occupancy above adults and children',
      { defaultOccupancy: 3 },
      { defaultOccupancy: 'validation_messages.too_many' },
    ],
    [
      'a default occupancy of 0',
      { defaultOccupancy: 0 },
      { defaultOccupancy: 'validation_messages.at_least_one' },
    ],
    [
      'a fractional default occupancy',
      { defaultOccupancy: 1.5 },
      { defaultOccupancy: 'validation_messages.whole_number' },
    ],
  ])('%s', (_, patch, errors) => {
    expect(validateUnitForm({ ...valid, ...patch })).toEqual(errors);
  });
});

describe('maxPlanOccupancy: the adults a room holds, at least 1', () => {
  it.each([
    [2, 2],
    [5, 5],
    [null, 1],
    [0, 1],
  ])('occAdults %s → %i', (occAdults, max) => {
    expect(maxPlanOccupancy({ occAdults })).toBe(max);
  });
});

describe('the form and the contract', () => {
  it('a valid form with its property is a unitBody the contract accepts', () => {
    const parsed = unitBody.safeParse({
      ...valid,
      defaultOccupancy: 2,
      propertyId: '7f1c0c7e-56a8-4a8e-9a3e-6d4f0f0e2b11',
    });
    expect(parsed.success).toBe(true);
  });
});
