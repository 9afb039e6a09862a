import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  type BulkEdit,
  bulkEditDays,
  type CellChange,
  cellError,
  changedPrice,
  EMPTY_RATE,
  expandBulkEdit,
  type InventoryValues,
  type PriceChange,
  type RateValue,
  undoChanges,
  validateBulkEdit,
} from './bulkEdit.js';

// 2030-01-07 is a Monday.
const edit = (patch: Partial<BulkEdit>): BulkEdit => ({
  from: '2030-01-07',
  to: '2030-01-09',
  weekdays: [],
  unitIds: [],
  ratePlanIds: [],
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
      '2030-01-07': { availability: 5, booked: 2 },
      '2030-01-08': { availability: 5, booked: 4 },
      '2030-01-09': { availability: 3, booked: 0 },
    },
  },
  rates: {
    r1: { '2030-01-07': rate(100), '2030-01-08': rate(120, { minStayArrival: 2 }), '2030-01-09': rate(80) },
    r2: { '2030-01-08': rate(50) },
  },
};

describe('bulkEditDays', () => {
  it.each<[string, Partial<BulkEdit>, string[]]>([
    ['three days', {}, ['2030-01-07', '2030-01-08', '2030-01-09']],
    ['one day', { to: '2030-01-07' }, ['2030-01-07']],
    ['an empty range', { to: '2030-01-06' }, []],
    ['not a day', { from: '2030-02-30' }, []],
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

describe('changedPrice: set, ± percent, ± amount', () => {
  it.each<[number | null, PriceChange, number | null]>([
    [100, { op: 'set', value: 90 }, 90],
    [null, { op: 'set', value: 90 }, 90],
    [100, { op: 'increase_by_percent', value: 10 }, 110],
    [100, { op: 'decrease_by_percent', value: 25 }, 75],
    [100, { op: 'increase_by_amount', value: 5 }, 105],
    [100, { op: 'decrease_by_amount', value: 120 }, -20],
    [null, { op: 'increase_by_amount', value: 5 }, null],
  ])('%s with %j → %s', (price, change, after) => {
    const result = changedPrice(price, change);
    if (after === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(after, 9);
  });
});

describe('expandBulkEdit: the preview', () => {
  it('sets availability on the chosen days and keeps what is booked; an unchanged cell is left out', () => {
    expect(expandBulkEdit(edit({ unitIds: ['u1'], availability: 3 }), values)).toEqual([
      {
        kind: 'availability',
        unitId: 'u1',
        date: '2030-01-07',
        before: { availability: 5, booked: 2 },
        after: { availability: 3, booked: 2 },
      },
      {
        kind: 'availability',
        unitId: 'u1',
        date: '2030-01-08',
        before: { availability: 5, booked: 4 },
        after: { availability: 3, booked: 4 },
      },
    ]);
  });
  it('creates availability rows where there were none', () => {
    expect(expandBulkEdit(edit({ unitIds: ['u2'], availability: 1, to: '2030-01-07' }), values)).toEqual([
      {
        kind: 'availability',
        unitId: 'u2',
        date: '2030-01-07',
        before: null,
        after: { availability: 1, booked: 0 },
      },
    ]);
  });
  it('raises prices by 10 % on priced days only', () => {
    const changes = expandBulkEdit(
      edit({ ratePlanIds: ['r1', 'r2'], price: { op: 'increase_by_percent', value: 10 } }),
      values,
    );
    expect(
      changes.map((c) => [
        c.kind === 'rate' && c.ratePlanId,
        c.date,
        Number((c.after as RateValue).price!.toFixed(9)),
      ]),
    ).toEqual([
      ['r1', '2030-01-07', 110],
      ['r1', '2030-01-08', 132],
      ['r1', '2030-01-09', 88],
      ['r2', '2030-01-08', 55],
    ]);
  });
  it('sets a price where none was, keeping the restrictions of the row', () => {
    const changes = expandBulkEdit(
      edit({ ratePlanIds: ['r2'], price: { op: 'set', value: 70 }, weekdays: [1, 2] }),
      values,
    );
    expect(changes).toEqual([
      { kind: 'rate', ratePlanId: 'r2', date: '2030-01-07', before: null, after: rate(70) },
      { kind: 'rate', ratePlanId: 'r2', date: '2030-01-08', before: rate(50), after: rate(70) },
    ]);
  });
  it('sets restrictions on priced days, a max stay of 0 meaning none', () => {
    const changes = expandBulkEdit(
      edit({ ratePlanIds: ['r1', 'r2'], restrictions: { stopSell: true, maxStay: 0 }, weekdays: [2] }),
      values,
    );
    expect(changes.map((c) => [c.date, c.after])).toEqual([
      ['2030-01-08', rate(120, { minStayArrival: 2, stopSell: true })],
      ['2030-01-08', rate(50, { stopSell: true })],
    ]);
  });
  it('does both targets at once and nothing for an edit that changes nothing', () => {
    const both = expandBulkEdit(
      edit({
        unitIds: ['u1'],
        ratePlanIds: ['r1'],
        availability: 4,
        price: { op: 'set', value: 1 },
        to: '2030-01-07',
      }),
      values,
    );
    expect(both.map((c) => c.kind)).toEqual(['availability', 'rate']);
    expect(
      expandBulkEdit(edit({ ratePlanIds: ['r1'], price: { op: 'increase_by_amount', value: 0 } }), values),
    ).toEqual([]);
  });
});

const availability = (value: number, booked: number): CellChange => ({
  kind: 'availability',
  unitId: 'u1',
  date: '2030-01-07',
  before: null,
  after: { availability: value, booked },
});
const rateCell = (after: RateValue): CellChange => ({
  kind: 'rate',
  ratePlanId: 'r1',
  date: '2030-01-07',
  before: null,
  after,
});

describe('cellError', () => {
  it.each<[string, CellChange, string | null]>([
    ['availability above booked', availability(3, 2), null],
    ['availability equal to booked', availability(2, 2), null],
    ['availability below booked', availability(1, 2), 'validation_messages.below_booked'],
    ['fractional availability', availability(2.5, 0), 'validation_messages.whole_number'],
    ['a price of 0', rateCell(rate(0)), null],
    ['a negative price', rateCell(rate(-0.01)), 'validation_messages.not_negative'],
    ['a min stay of 0', rateCell(rate(10, { minStayArrival: 0 })), 'validation_messages.at_least_one'],
    [
      'a min stay through of 0',
      rateCell(rate(10, { minStayThrough: 0 })),
      'validation_messages.at_least_one',
    ],
    [
      'a fractional min stay',
      rateCell(rate(10, { minStayArrival: 1.5 })),
      'validation_messages.whole_number',
    ],
    [
      'a max stay below the min',
      rateCell(rate(10, { minStayArrival: 3, maxStay: 2 })),
      'validation_messages.max_below_min',
    ],
    ['a max stay equal to the min', rateCell(rate(10, { minStayArrival: 3, maxStay: 3 })), null],
    ['no max stay', rateCell(rate(10, { minStayArrival: 3, maxStay: null })), null],
  ])('%s', (_, change, key) => {
    expect(cellError(change)).toBe(key);
  });
  it('finds the cells a decrease would push below 0', () => {
    const changes = expandBulkEdit(
      edit({ ratePlanIds: ['r1'], price: { op: 'decrease_by_amount', value: 90 } }),
      values,
    );
    expect(changes.filter((c) => cellError(c)).map((c) => c.date)).toEqual(['2030-01-09']);
  });
});

describe('validateBulkEdit', () => {
  const ok = edit({ ratePlanIds: ['r1'], price: { op: 'set', value: 10 } });
  it.each<[string, BulkEdit, Record<string, string>]>([
    ['a price edit', ok, {}],
    ['no start', { ...ok, from: '' }, { from: 'validation_messages.required' }],
    [
      'a range ending before it starts',
      { ...ok, to: '2030-01-01' },
      { to: 'validation_messages.range_order' },
    ],
    ['no target', { ...ok, ratePlanIds: [] }, { targets: 'validation_messages.required' }],
    [
      'nothing to change',
      edit({ unitIds: ['u1'], restrictions: {} }),
      { change: 'validation_messages.required' },
    ],
    [
      'a negative availability',
      edit({ unitIds: ['u1'], availability: -1 }),
      { availability: 'validation_messages.not_negative' },
    ],
    [
      'a fractional availability',
      edit({ unitIds: ['u1'], availability: 1.5 }),
      { availability: 'validation_messages.whole_number' },
    ],
    [
      'a negative price',
      { ...ok, price: { op: 'set', value: -1 } },
      { price: 'validation_messages.not_negative' },
    ],
    [
      'a negative amount',
      { ...ok, price: { op: 'increase_by_amount', value: -1 } },
      { price: 'validation_messages.not_negative' },
    ],
    [
      'a decrease above 100 %',
      { ...ok, price: { op: 'decrease_by_percent', value: 101 } },
      { price: 'validation_messages.percent_max' },
    ],
    ['an increase above 100 %', { ...ok, price: { op: 'increase_by_percent', value: 150 } }, {}],
    [
      'a min stay of 0',
      { ...ok, restrictions: { minStayArrival: 0 } },
      { minStayArrival: 'validation_messages.at_least_one' },
    ],
    [
      'a min stay through of 1.5',
      { ...ok, restrictions: { minStayThrough: 1.5 } },
      { minStayThrough: 'validation_messages.whole_number' },
    ],
    [
      'a max stay below the min stay',
      { ...ok, restrictions: { minStayArrival: 3, maxStay: 2 } },
      { maxStay: 'validation_messages.max_below_min' },
    ],
    [
      'a max stay of 0 (none) with a min stay',
      { ...ok, restrictions: { minStayArrival: 3, maxStay: 0 } },
      {},
    ],
    [
      'a negative max stay',
      { ...ok, restrictions: { maxStay: -1 } },
      { maxStay: 'validation_messages.not_negative' },
    ],
  ])('%s', (_, bulk, errors) => {
    expect(validateBulkEdit(bulk)).toEqual(errors);
  });
});

describe('undoChanges and applyChanges', () => {
  it.each<[string, Partial<BulkEdit>]>([
    ['availability', { unitIds: ['u1'], availability: 4 }],
    ['prices', { ratePlanIds: ['r1', 'r2'], price: { op: 'decrease_by_percent', value: 10 } }],
    ['a price set on new days', { ratePlanIds: ['r2'], price: { op: 'set', value: 60 } }],
    ['restrictions', { ratePlanIds: ['r1'], restrictions: { closedToArrival: true, minStayThrough: 3 } }],
  ])('undoing %s gives the values back', (_, patch) => {
    const changes = expandBulkEdit(edit(patch), values);
    expect(changes.length).toBeGreaterThan(0);
    const after = applyChanges(values, changes);
    expect(after).not.toEqual(values);
    expect(applyChanges(after, undoChanges(changes))).toEqual(values);
  });
  it('is the inverse change set, in reverse order', () => {
    const changes = expandBulkEdit(
      edit({ ratePlanIds: ['r1'], price: { op: 'set', value: 99 }, to: '2030-01-08' }),
      values,
    );
    expect(
      undoChanges(changes).map((c) => [
        c.date,
        (c.before as RateValue | null)?.price,
        (c.after as RateValue).price,
      ]),
    ).toEqual([
      ['2030-01-08', 99, 120],
      ['2030-01-07', 99, 100],
    ]);
  });
  it('puts a new availability row back to 0 rooms', () => {
    const [undo] = undoChanges(
      expandBulkEdit(edit({ unitIds: ['u9'], availability: 2, to: '2030-01-07' }), values),
    );
    expect(undo).toMatchObject({ before: { availability: 2 }, after: { availability: 0, booked: 0 } });
  });
  it('does not change the values it is given', () => {
    const copy = structuredClone(values);
    applyChanges(
      values,
      expandBulkEdit(
        edit({ unitIds: ['u1'], ratePlanIds: ['r1'], availability: 9, price: { op: 'set', value: 1 } }),
        values,
      ),
    );
    expect(values).toEqual(copy);
  });
});
