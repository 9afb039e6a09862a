import { describe, expect, it } from 'vitest';
import type { CalendarPlan, CalendarStructure, GridRow } from './calendarModel';
import { emptyForm, formBody, formChanges, formEdit, formErrors, formForCell } from './editForm';

/** A plan of its own (no parent), without a max sell. */
const OWN_PLAN = { rateMode: 'manual' as const, maxSell: null, parentRatePlanId: null, inherited: [] };
/** A night with none of the plan's rooms booked, and no max sell. */
const UNSOLD = { sold: 0, maxSellLeft: null };

const structure: CalendarStructure = {
  currency: 'EUR',
  units: [
    { id: 'u1', title: 'Double', count: 5 },
    { id: 'u2', title: 'Suite', count: 2 },
  ],
  ratePlans: [
    { id: 'r1', unitId: 'u1', title: 'Flex', sellMode: 'per_room', maxAdults: 2, ...OWN_PLAN },
    { id: 'r2', unitId: 'u1', title: 'Saver', sellMode: 'per_room', maxAdults: 2, ...OWN_PLAN },
    { id: 'r3', unitId: 'u2', title: 'Flex', sellMode: 'per_room', maxAdults: 2, ...OWN_PLAN },
  ],
};
const unit = structure.units[0]!;
const plan = structure.ratePlans[0]!;
const row = (kind: GridRow['kind'], withPlan = true): GridRow => ({
  key: kind,
  kind,
  unit,
  plan: withPlan ? plan : null,
  first: false,
});
const night = {
  price: 120,
  byOccupancy: [120, 120],
  ...UNSOLD,
  stopSell: false,
  closedToArrival: true,
  closedToDeparture: false,
  minStayArrival: 2,
  minStayThrough: 1,
  maxStay: 7,
};

describe('the bulk edit form', () => {
  it('changes nothing while every field is empty, which core refuses', () => {
    const form = emptyForm('2027-01-01', '2027-01-07');
    expect(formChanges(form)).toEqual({});
    expect(formErrors(form)).toMatchObject({
      changes: 'validation_messages.required',
      targets: 'validation_messages.required',
    });
  });

  it.each<[GridRow['kind'], object]>([
    ['price', { price: { op: 'set', value: 120 } }],
    ['stopSell', { restrictions: { stopSell: true } }],
    ['closedToArrival', { restrictions: { closedToArrival: false } }],
    ['minStayArrival', { restrictions: { minStayArrival: 2 } }],
    ['maxStay', { restrictions: { maxStay: 7 } }],
  ])('opened from a %s cell, changes that field for that plan and night', (kind, changes) => {
    const form = formForCell(row(kind), '2027-01-03', undefined, night);
    expect(form).toMatchObject({ from: '2027-01-03', to: '2027-01-03', ratePlanIds: ['r1'], unitIds: [] });
    expect(formChanges(form)).toEqual(changes);
    expect(formErrors(form)).toEqual({});
  });

  it('opened from a rooms cell, sets that room type’s rooms', () => {
    const form = formForCell(row('booked', false), '2027-01-03', { total: 4, booked: 1, free: 3 }, undefined);
    expect(form.unitIds).toEqual(['u1']);
    expect(formChanges(form)).toEqual({ availability: 4 });
  });

  it('reports core’s field errors: a whole number of rooms, a percent decrease up to 100, max not below min', () => {
    const form = {
      ...emptyForm('2027-01-01', '2027-01-07'),
      ratePlanIds: ['r1'],
      availability: '2.5',
      priceOp: 'decrease_by_percent' as const,
      price: '120',
      minStayArrival: '3',
      maxStay: 'set' as const,
      maxStayValue: '2',
      weekdays: [],
    };
    expect(formErrors(form)).toEqual({
      availability: 'validation_messages.whole_number',
      price: 'validation_messages.percent_max',
      maxStay: 'validation_messages.max_below_min',
      weekdays: 'validation_messages.required',
    });
  });

  it('sends only what is chosen, and previews the targets as the server resolves them', () => {
    const form = {
      ...emptyForm('2027-01-01', '2027-01-07'),
      ratePlanIds: ['r2'],
      weekdays: [6, 5],
      priceOp: 'increase_by_amount' as const,
      price: '12,5',
      flags: {
        stopSell: 'on' as const,
        closedToArrival: 'unchanged' as const,
        closedToDeparture: 'off' as const,
      },
      maxStay: 'none' as const,
    };
    expect(formBody(form, true)).toEqual({
      from: '2027-01-01',
      to: '2027-01-07',
      weekdays: [5, 6],
      ratePlanIds: ['r2'],
      changes: {
        price: { op: 'increase_by_amount', value: 12.5 },
        restrictions: { stopSell: true, closedToDeparture: false, maxStay: null },
      },
      preview: true,
    });
    // Only plans ticked: their room types are the units (the contract's `bulkEditBody`).
    expect(formEdit(form, structure)).toMatchObject({
      unitIds: ['u1'],
      ratePlanIds: ['r2'],
      weekdays: [5, 6],
    });
    // Only a room type ticked: its plans.
    expect(formEdit({ ...form, unitIds: ['u2'], ratePlanIds: [] }, structure)).toMatchObject({
      unitIds: ['u2'],
      ratePlanIds: ['r3'],
    });
  });
});

describe('rates by occupancy (manual per-person plans)', () => {
  const manual = { ...plan, sellMode: 'per_person' as const, rateMode: 'manual' as const, maxAdults: 3 };
  const occupancyRow = (adults: number, p: CalendarPlan = manual): GridRow => ({
    key: `occupancy${adults}`,
    kind: 'occupancy',
    unit,
    plan: p,
    adults,
    first: false,
  });
  const stored = { ...night, occupancyRates: { '2': 95 } };

  it('opened from an occupancy cell of a manual plan, edits that occupancy’s rate, not the price', () => {
    const form = formForCell(occupancyRow(2), '2027-01-03', undefined, stored);
    expect(form.occupancyRates).toEqual({ '2': '95' });
    expect(form.priceOp).toBe('unchanged');
    expect(formChanges({ ...form, occupancyRates: { '2': '99.5' } })).toEqual({
      occupancyRates: { '2': 99.5 },
    });
    // One without a rate that night opens empty: nothing to change until one is typed.
    const empty = formForCell(occupancyRow(1), '2027-01-03', undefined, stored);
    expect(empty.occupancyRates).toEqual({ '1': '' });
    expect(formErrors(empty).changes).toBeDefined();
  });

  it('none removes a rate; a negative one is refused by core’s rule', () => {
    const form = { ...emptyForm('2027-01-03', '2027-01-03'), ratePlanIds: ['r1'] };
    expect(formChanges({ ...form, occupancyRates: { '1': 'none', '2': '' } })).toEqual({
      occupancyRates: { '1': null },
    });
    expect(formErrors({ ...form, occupancyRates: { '2': '-4' } }).occupancyRates).toBeDefined();
  });

  it('a derived plan’s occupancy cell still sets the price it derives from', () => {
    const derived = { ...manual, rateMode: 'derived' as const };
    const form = formForCell(occupancyRow(2, derived), '2027-01-03', undefined, stored);
    expect(form.priceOp).toBe('set');
    expect(form.occupancyRates).toEqual({});
  });
});
