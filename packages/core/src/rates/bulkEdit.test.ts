import type { ChangedCell, PriceChange } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { validationKeys } from '../auth/rules.js';
import {
  applyChanges,
  availabilityCells,
  type BulkEdit,
  bulkEditDays,
  bulkEditTargets,
  cellError,
  changedPrice,
  EMPTY_RATE,
  expandBulkEdit,
  type InventoryValues,
  type RateValue,
  undoChanges,
  validateBulkEdit,
} from './bulkEdit.js';
import { rateValidationKeys } from './units.js';

// 2030-01-07 is a Monday.
const edit = (patch: Partial<BulkEdit>): BulkEdit => ({
  from: '2030-01-07',
  to: '2030-01-09',
  unitIds: [],
  ratePlanIds: [],
  changes: {},
  ...patch,
});
const rate = (price: number | null, patch: Partial<RateValue> = {}): RateValue => ({
  ...EMPTY_RATE,
  price,
  ...patch,
});
const values: InventoryValues = {
  availability: {
    u1: {
      '2030-01-07': { total: 5, booked: 2 },
      '2030-01-08': { total: 5, booked: 4 },
      '2030-01-09': { total: 3, booked: 0 },
    },
  },
  rates: {
    r1: { '2030-01-07': rate(100), '2030-01-08': rate(120, { minStayArrival: 2 }), '2030-01-09': rate(80) },
    r2: { '2030-01-08': rate(50) },
  },
};
const expand = (patch: Partial<BulkEdit>, currency = 'EUR') => expandBulkEdit(edit(patch), values, currency);

describe('bulkEditTargets: as the contract’s bulkEditBody says', () => {
  const units = [{ id: 'u1' }, { id: 'u2' }];
  const plans = [
    { id: 'r1', unitId: 'u1' },
    { id: 'r2', unitId: 'u1' },
    { id: 'r3', unitId: 'u2' },
  ];
  it.each<[string, { unitIds?: string[]; ratePlanIds?: string[] }, string[], string[]]>([
    ['nothing named: everything', {}, ['u1', 'u2'], ['r1', 'r2', 'r3']],
    ['a unit: it and its plans', { unitIds: ['u2'] }, ['u2'], ['r3']],
    ['a plan: it and its unit', { ratePlanIds: ['r2'] }, ['u1'], ['r2']],
    ['both: as named', { unitIds: ['u2'], ratePlanIds: ['r1'] }, ['u2'], ['r1']],
  ])('%s', (_, body, unitIds, ratePlanIds) => {
    expect(bulkEditTargets(body, units, plans)).toEqual({ unitIds, ratePlanIds });
  });
});

describe('bulkEditDays', () => {
  it.each<[string, Partial<BulkEdit>, string[]]>([
    ['three days', {}, ['2030-01-07', '2030-01-08', '2030-01-09']],
    ['one day', { to: '2030-01-07' }, ['2030-01-07']],
    ['an empty range', { to: '2030-01-06' }, []],
    ['not a day', { from: '2030-02-30' }, []],
    ['no weekdays chosen: all', { weekdays: [] }, ['2030-01-07', '2030-01-08', '2030-01-09']],
    [
      'weekends of two weeks',
      { to: '2030-01-20', weekdays: [6, 7] },
      ['2030-01-12', '2030-01-13', '2030-01-19', '2030-01-20'],
    ],
    ['Tuesdays only', { weekdays: [2] }, ['2030-01-08']],
    [
      'across a month end',
      { from: '2030-01-30', to: '2030-02-02' },
      ['2030-01-30', '2030-01-31', '2030-02-01', '2030-02-02'],
    ],
  ])('%s', (_, patch, days) => {
    expect(bulkEditDays(edit(patch))).toEqual(days);
  });
});

describe('changedPrice: set, ± percent, ± amount, in the currency’s decimals, never below 0', () => {
  it.each<[number | null, PriceChange, string, number | null]>([
    [100, { op: 'set', value: 90 }, 'EUR', 90],
    [null, { op: 'set', value: 90.456 }, 'EUR', 90.46],
    [100, { op: 'increase_by_percent', value: 10 }, 'EUR', 110],
    [99.99, { op: 'increase_by_percent', value: 10 }, 'EUR', 109.99],
    [100, { op: 'decrease_by_percent', value: 25 }, 'EUR', 75],
    [100, { op: 'increase_by_amount', value: 5 }, 'EUR', 105],
    [100, { op: 'decrease_by_amount', value: 120 }, 'EUR', 0],
    [15_000, { op: 'increase_by_percent', value: 3.3 }, 'ISK', 15_495],
    [null, { op: 'increase_by_amount', value: 5 }, 'EUR', null],
  ])('%s with %j in %s → %s', (price, change, currency, after) => {
    expect(changedPrice(price, change, currency)).toBe(after);
  });
});

describe('expandBulkEdit: the preview', () => {
  it('sets the rooms on the chosen days and keeps what is booked; an unchanged cell is left out', () => {
    expect(expand({ unitIds: ['u1'], changes: { availability: 3 } })).toEqual([
      { kind: 'availability', unitId: 'u1', date: '2030-01-07', booked: 2, from: 5, to: 3 },
      { kind: 'availability', unitId: 'u1', date: '2030-01-08', booked: 4, from: 5, to: 3 },
    ]);
  });
  it('creates availability rows where there were none', () => {
    expect(expand({ unitIds: ['u2'], changes: { availability: 1 }, to: '2030-01-07' })).toEqual([
      { kind: 'availability', unitId: 'u2', date: '2030-01-07', booked: 0, from: null, to: 1 },
    ]);
  });
  it('raises prices by 10 % on priced days only', () => {
    const cells = expand({
      ratePlanIds: ['r1', 'r2'],
      changes: { price: { op: 'increase_by_percent', value: 10 } },
    });
    expect(cells.map((c) => c.kind === 'rate' && [c.ratePlanId, c.date, c.to?.price])).toEqual([
      ['r1', '2030-01-07', 110],
      ['r1', '2030-01-08', 132],
      ['r1', '2030-01-09', 88],
      ['r2', '2030-01-08', 55],
    ]);
  });
  it('sets a price where none was, keeping the restrictions of the row', () => {
    expect(
      expand({ ratePlanIds: ['r2'], changes: { price: { op: 'set', value: 70 } }, weekdays: [1, 2] }),
    ).toEqual([
      { kind: 'rate', ratePlanId: 'r2', date: '2030-01-07', from: null, to: rate(70) },
      { kind: 'rate', ratePlanId: 'r2', date: '2030-01-08', from: rate(50), to: rate(70) },
    ]);
  });
  it('sets restrictions on priced days only; fields not given stay', () => {
    const cells = expand({
      ratePlanIds: ['r1', 'r2'],
      changes: { restrictions: { stopSell: true, maxStay: undefined } },
      weekdays: [1, 2],
    });
    expect(cells.map((c) => [c.date, c.kind === 'rate' && c.to])).toEqual([
      ['2030-01-07', rate(100, { stopSell: true })],
      ['2030-01-08', rate(120, { minStayArrival: 2, stopSell: true })],
      ['2030-01-08', rate(50, { stopSell: true })],
    ]);
  });
  it('clears a maximum stay with null', () => {
    const withMax = { ...values, rates: { r1: { '2030-01-07': rate(100, { maxStay: 7 }) } } };
    const [cell] = expandBulkEdit(
      edit({ ratePlanIds: ['r1'], changes: { restrictions: { maxStay: null } } }),
      withMax,
      'EUR',
    );
    expect(cell).toMatchObject({ from: { maxStay: 7 }, to: { maxStay: null } });
  });
  it('does both targets at once, and nothing for an edit that changes nothing', () => {
    const both = expand({
      unitIds: ['u1'],
      ratePlanIds: ['r1'],
      changes: { availability: 4, price: { op: 'set', value: 1 } },
      to: '2030-01-07',
    });
    expect(both.map((c) => c.kind)).toEqual(['availability', 'rate']);
    expect(
      expand({ ratePlanIds: ['r1'], changes: { price: { op: 'increase_by_amount', value: 0 } } }),
    ).toEqual([]);
    expect(expand({ ratePlanIds: ['r1'], changes: {} })).toEqual([]);
  });
});

const rooms = (to: number, booked: number): ChangedCell => ({
  kind: 'availability',
  unitId: 'u1',
  date: '2030-01-07',
  booked,
  from: null,
  to,
});
const night = (to: RateValue | null): ChangedCell => ({
  kind: 'rate',
  ratePlanId: 'r1',
  date: '2030-01-07',
  from: null,
  to,
});

describe('availabilityCells: rooms in all set night by night', () => {
  it('keeps the targets’ order, the rooms booked and the total before; leaves out a night already at its total', () => {
    expect(
      availabilityCells(
        [
          { unitId: 'u1', date: '2030-01-09', total: 4 },
          { unitId: 'u1', date: '2030-01-07', total: 5 },
          { unitId: 'u1', date: '2030-01-08', total: 6 },
          { unitId: 'u2', date: '2030-01-07', total: 2 },
        ],
        values.availability,
      ),
    ).toEqual([
      { kind: 'availability', unitId: 'u1', date: '2030-01-09', booked: 0, from: 3, to: 4 },
      { kind: 'availability', unitId: 'u1', date: '2030-01-08', booked: 4, from: 5, to: 6 },
      { kind: 'availability', unitId: 'u2', date: '2030-01-07', booked: 0, from: null, to: 2 },
    ]);
  });
  it('says nothing of a total below what is booked: cellError does', () => {
    const [cell] = availabilityCells([{ unitId: 'u1', date: '2030-01-08', total: 3 }], values.availability);
    expect(cell).toMatchObject({ booked: 4, from: 5, to: 3 });
    expect(cellError(cell!)).toBe('validation_messages.below_booked');
  });
});

describe('cellError', () => {
  it.each<[string, ChangedCell, string | null]>([
    ['rooms above booked', rooms(3, 2), null],
    ['rooms equal to booked', rooms(2, 2), null],
    ['rooms below booked', rooms(1, 2), 'validation_messages.below_booked'],
    ['fractional rooms', rooms(2.5, 0), 'validation_messages.whole_number'],
    ['a price of 0', night(rate(0)), null],
    ['a negative price', night(rate(-0.01)), 'validation_messages.not_negative'],
    ['no price', night(rate(null)), 'validation_messages.not_negative'],
    ['a row removed', night(null), null],
    ['a min stay of 0', night(rate(10, { minStayArrival: 0 })), 'validation_messages.at_least_one'],
    ['a min stay through of 0', night(rate(10, { minStayThrough: 0 })), 'validation_messages.at_least_one'],
    ['a fractional min stay', night(rate(10, { minStayArrival: 1.5 })), 'validation_messages.whole_number'],
    [
      'a max stay below the min',
      night(rate(10, { minStayArrival: 3, maxStay: 2 })),
      'validation_messages.max_below_min',
    ],
    ['a max stay equal to the min', night(rate(10, { minStayArrival: 3, maxStay: 3 })), null],
    ['no max stay', night(rate(10, { minStayArrival: 3, maxStay: null })), null],
  ])('%s', (_, cell, key) => {
    expect(cellError(cell)).toBe(key);
  });
  it('finds the cells a restriction would break', () => {
    const cells = expand({ ratePlanIds: ['r1'], changes: { restrictions: { maxStay: 1 } } });
    expect(cells.filter((c) => cellError(c)).map((c) => c.date)).toEqual(['2030-01-08']);
  });
  it('finds the nights where fewer rooms than booked would be left', () => {
    const cells = expand({ unitIds: ['u1'], changes: { availability: 3 } });
    expect(cells.map(cellError)).toEqual([null, 'validation_messages.below_booked']);
  });
});

describe('validateBulkEdit', () => {
  const ok = edit({ ratePlanIds: ['r1'], changes: { price: { op: 'set', value: 10 } } });
  const changes = (c: BulkEdit['changes']) => ({ ...ok, changes: c });
  it.each<[string, BulkEdit, Record<string, string>]>([
    ['a price edit', ok, {}],
    ['no start', { ...ok, from: '' }, { from: 'validation_messages.required' }],
    [
      'a range ending before it starts',
      { ...ok, to: '2030-01-01' },
      { to: 'validation_messages.range_order' },
    ],
    ['nothing to change', changes({ restrictions: {} }), { changes: 'validation_messages.required' }],
    [
      'only undefined restrictions',
      changes({ restrictions: { stopSell: undefined } }),
      { changes: 'validation_messages.required' },
    ],
    ['rooms only', changes({ availability: 0 }), {}],
    ['negative rooms', changes({ availability: -1 }), { availability: 'validation_messages.not_negative' }],
    [
      'fractional rooms',
      changes({ availability: 1.5 }),
      { availability: 'validation_messages.whole_number' },
    ],
    [
      'a negative price',
      changes({ price: { op: 'set', value: -1 } }),
      { price: 'validation_messages.not_negative' },
    ],
    [
      'a negative amount',
      changes({ price: { op: 'increase_by_amount', value: -1 } }),
      { price: 'validation_messages.not_negative' },
    ],
    [
      'a decrease above 100 %',
      changes({ price: { op: 'decrease_by_percent', value: 101 } }),
      { price: 'validation_messages.percent_max' },
    ],
    ['an increase above 100 %', changes({ price: { op: 'increase_by_percent', value: 150 } }), {}],
    [
      'a min stay of 0',
      changes({ restrictions: { minStayArrival: 0 } }),
      { minStayArrival: 'validation_messages.at_least_one' },
    ],
    [
      'a min stay through of 1.5',
      changes({ restrictions: { minStayThrough: 1.5 } }),
      { minStayThrough: 'validation_messages.whole_number' },
    ],
    [
      'a max stay below the min stay',
      changes({ restrictions: { minStayArrival: 3, maxStay: 2 } }),
      { maxStay: 'validation_messages.max_below_min' },
    ],
    ['no max stay with a min stay', changes({ restrictions: { minStayArrival: 3, maxStay: null } }), {}],
    [
      'a max stay of 0',
      changes({ restrictions: { maxStay: 0 } }),
      { maxStay: 'validation_messages.at_least_one' },
    ],
  ])('%s', (_, bulk, errors) => {
    expect(validateBulkEdit(bulk)).toEqual(errors);
  });
});

describe('undoChanges and applyChanges', () => {
  it.each<[string, Partial<BulkEdit>]>([
    ['rooms', { unitIds: ['u1'], changes: { availability: 4 } }],
    ['prices', { ratePlanIds: ['r1', 'r2'], changes: { price: { op: 'decrease_by_percent', value: 10 } } }],
    ['a price set on new days', { ratePlanIds: ['r2'], changes: { price: { op: 'set', value: 60 } } }],
    [
      'restrictions',
      { ratePlanIds: ['r1'], changes: { restrictions: { closedToArrival: true, minStayThrough: 3 } } },
    ],
  ])('undoing %s gives the values back', (_, patch) => {
    const cells = expand(patch);
    expect(cells.length).toBeGreaterThan(0);
    const after = applyChanges(values, cells);
    expect(after).not.toEqual(values);
    expect(applyChanges(after, undoChanges(cells))).toEqual(values);
  });
  it('is the inverse change set, in reverse order', () => {
    const cells = expand({
      ratePlanIds: ['r1'],
      changes: { price: { op: 'set', value: 99 } },
      to: '2030-01-08',
    });
    expect(undoChanges(cells).map((c) => c.kind === 'rate' && [c.date, c.from?.price, c.to?.price])).toEqual([
      ['2030-01-08', 99, 120],
      ['2030-01-07', 99, 100],
    ]);
  });
  it('puts a new unit row back to 0 rooms and removes a new plan row', () => {
    const [rooms0] = undoChanges(expand({ unitIds: ['u9'], changes: { availability: 2 }, to: '2030-01-07' }));
    expect(rooms0).toMatchObject({ from: 2, to: 0, booked: 0 });
    const [night0] = undoChanges(
      expand({ ratePlanIds: ['r9'], changes: { price: { op: 'set', value: 5 } }, to: '2030-01-07' }),
    );
    expect(night0).toMatchObject({ from: { price: 5 }, to: null });
  });
  it('does not change the values it is given', () => {
    const copy = structuredClone(values);
    applyChanges(
      values,
      expand({
        unitIds: ['u1'],
        ratePlanIds: ['r1'],
        changes: { availability: 9, price: { op: 'set', value: 1 } },
      }),
    );
    expect(values).toEqual(copy);
  });
});

describe('rates by occupancy (manual per-person plans)', () => {
  const stored: InventoryValues = {
    availability: {},
    rates: {
      r1: { '2030-01-07': rate(100, { occupancyRates: { '1': 70, '2': 85 } }), '2030-01-08': rate(100) },
    },
  };
  const byOccupancy = (occupancyRates: Record<string, number | null>, from = '2030-01-07', to = from) =>
    expandBulkEdit(edit({ from, to, ratePlanIds: ['r1'], changes: { occupancyRates } }), stored, 'EUR');

  it.each([
    ['sets one, keeps the others', { '1': 72.456 }, { '1': 72.46, '2': 85 }],
    ['adds an occupancy', { '3': 110 }, { '1': 70, '2': 85, '3': 110 }],
    ['removes one with null', { '2': null }, { '1': 70 }],
  ])('%s', (_, patch, expected) => {
    const [cell] = byOccupancy(patch);
    expect(cell).toMatchObject({ kind: 'rate', ratePlanId: 'r1', date: '2030-01-07' });
    expect((cell as Extract<ChangedCell, { kind: 'rate' }>).to!.occupancyRates).toEqual(expected);
    expect((cell as Extract<ChangedCell, { kind: 'rate' }>).to!.price).toBe(100);
  });

  it('removing every rate leaves none stored; setting the same rates changes nothing', () => {
    const [cell] = byOccupancy({ '1': null, '2': null });
    expect((cell as Extract<ChangedCell, { kind: 'rate' }>).to).not.toHaveProperty('occupancyRates');
    expect(byOccupancy({ '1': 70, '2': 85 })).toEqual([]);
    // A night without rates by occupancy, asked to remove one: nothing to change.
    expect(byOccupancy({ '2': null }, '2030-01-08')).toEqual([]);
  });

  it('a night without a price gets no row from rates by occupancy alone', () => {
    expect(byOccupancy({ '2': 90 }, '2030-01-09')).toEqual([]);
  });

  it('is undone to the rates before', () => {
    const cells = byOccupancy({ '1': 60 });
    const back = applyChanges(applyChanges(stored, cells), undoChanges(cells));
    expect(back.rates.r1!['2030-01-07']!.occupancyRates).toEqual({ '1': 70, '2': 85 });
  });

  it.each([
    ['a change of rates only is a change', { occupancyRates: { '2': 80 } }, {}],
    [
      'a negative rate is refused',
      { occupancyRates: { '2': -1 } },
      { occupancyRates: rateValidationKeys.notNegative },
    ],
    [
      'an occupancy that is not 1–99 is refused',
      { occupancyRates: { '0': 10 } },
      { occupancyRates: rateValidationKeys.notNegative },
    ],
    ['null removes: allowed', { occupancyRates: { '2': null } }, {}],
    ['an empty set is no change', { occupancyRates: {} }, { changes: validationKeys.required }],
  ])('validateBulkEdit: %s', (_, changes, expected) => {
    expect(validateBulkEdit({ from: '2030-01-07', to: '2030-01-07', changes })).toEqual(expected);
  });

  it('cellError refuses a negative rate by occupancy', () => {
    expect(cellError(night(rate(100, { occupancyRates: { '2': -5 } })))).not.toBeNull();
    expect(cellError(night(rate(100, { occupancyRates: { '2': 5 } })))).toBeNull();
  });
});
