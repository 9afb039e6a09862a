import { validationKeys } from '../auth/rules.js';
import type { DayRestrictions } from '../booking/availability.js';
import type { ModifierLogic } from '../booking/pricing.js';
import { type Day, dayRun, daysBetween, isDay, isoWeekday } from '../dates/dates.js';
import { type RateValidationKey, rateValidationKeys } from './units.js';

// The inventory calendar's bulk edit (issue 11): one edit over a date range, some weekdays, some room types and
// rate plans, expanded into per-day cell changes with their before and after (the preview), checked cell by cell,
// and undone by its inverse. The server applies a change set in one transaction; the web calendar previews and
// undoes with the same functions.
//
// Availability is the rooms offered that day, the booked ones included; the rooms still free are
// availability − booked, and availability may never go below booked.

/** 1 Monday … 7 Sunday (`isoWeekday`). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface AvailabilityValue {
  availability: number;
  booked: number;
}
/** A plan's day: its price (`null`: none stored, the day is not sold) and restrictions. */
export interface RateValue extends DayRestrictions {
  price: number | null;
}

/** The calendar's values: by unit (or plan) id, then by day. A missing day is no row. */
export interface InventoryValues {
  availability: Record<string, Record<Day, AvailabilityValue>>;
  rates: Record<string, Record<Day, RateValue>>;
}

export type PriceChange = { op: 'set'; value: number } | { op: ModifierLogic; value: number };

export interface BulkEdit {
  /** First and last day, both included. */
  from: Day;
  to: Day;
  /** Days of the week edited; empty: every day. */
  weekdays: readonly Weekday[];
  unitIds: readonly string[];
  ratePlanIds: readonly string[];
  /** Rooms offered each day, for the units. */
  availability?: number;
  /** For the rate plans. */
  price?: PriceChange;
  /** For the rate plans; a `maxStay` of 0 or `null` is no maximum. */
  restrictions?: Partial<DayRestrictions>;
}

export type CellChange =
  | {
      kind: 'availability';
      unitId: string;
      date: Day;
      before: AvailabilityValue | null;
      after: AvailabilityValue;
    }
  | { kind: 'rate'; ratePlanId: string; date: Day; before: RateValue | null; after: RateValue };

/** A day without a row: no price, no restriction. */
export const EMPTY_RATE: RateValue = {
  price: null,
  stopSell: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStayArrival: 1,
  minStayThrough: 1,
  maxStay: null,
};

/** The days an edit touches: from `from` to `to` included, on the chosen weekdays (all when none are). */
export function bulkEditDays(edit: Pick<BulkEdit, 'from' | 'to' | 'weekdays'>): Day[] {
  const count = daysBetween(edit.from, edit.to);
  if (!Number.isFinite(count) || count < 0) return [];
  const days = dayRun(edit.from, count + 1);
  return edit.weekdays.length ? days.filter((d) => edit.weekdays.includes(isoWeekday(d))) : days;
}

/** A price after the change, unrounded and unclamped (a negative result is refused by `cellError`). */
export function changedPrice(price: number | null, change: PriceChange): number | null {
  const { op, value } = change;
  if (op === 'set') return value;
  if (price === null) return null;
  if (op === 'increase_by_percent') return price * (1 + value / 100);
  if (op === 'decrease_by_percent') return price * (1 - value / 100);
  return op === 'increase_by_amount' ? price + value : price - value;
}

const sameRate = (a: RateValue, b: RateValue) =>
  (Object.keys(EMPTY_RATE) as (keyof RateValue)[]).every((k) => a[k] === b[k]);

/**
 * The preview: every cell the edit touches with its value before and after, units' availability first, then
 * plans' days, each in day order. A plan day with no price after the edit is left out (an unpriced day is not
 * sold, so there is nothing to restrict); so is a cell the edit leaves as it was.
 */
export function expandBulkEdit(edit: BulkEdit, values: InventoryValues): CellChange[] {
  const days = bulkEditDays(edit);
  const changes: CellChange[] = [];
  if (edit.availability !== undefined)
    for (const unitId of edit.unitIds)
      for (const date of days) {
        const before = values.availability[unitId]?.[date] ?? null;
        if (before?.availability === edit.availability) continue;
        const after = { availability: edit.availability, booked: before?.booked ?? 0 };
        changes.push({ kind: 'availability', unitId, date, before, after });
      }
  if (edit.price === undefined && edit.restrictions === undefined) return changes;
  for (const ratePlanId of edit.ratePlanIds)
    for (const date of days) {
      const before = values.rates[ratePlanId]?.[date] ?? null;
      const current = before ?? EMPTY_RATE;
      const after: RateValue = { ...current, ...edit.restrictions };
      if (after.maxStay === 0) after.maxStay = null;
      if (edit.price) after.price = changedPrice(current.price, edit.price);
      if (after.price === null || (before && sameRate(before, after))) continue;
      changes.push({ kind: 'rate', ratePlanId, date, before, after });
    }
  return changes;
}

/**
 * Why a cell's new value cannot be saved, or `null`: availability a whole number not below the rooms booked;
 * a price not negative; minimum stays whole numbers of at least 1; a maximum stay not below the arrival minimum.
 */
export function cellError(change: CellChange): RateValidationKey | null {
  if (change.kind === 'availability') {
    const { availability, booked } = change.after;
    if (!Number.isInteger(availability)) return rateValidationKeys.wholeNumber;
    return availability < booked ? rateValidationKeys.belowBooked : null;
  }
  const { price, minStayArrival, minStayThrough, maxStay } = change.after;
  if (price === null || !Number.isFinite(price) || price < 0) return rateValidationKeys.notNegative;
  if (![minStayArrival, minStayThrough].every(Number.isInteger)) return rateValidationKeys.wholeNumber;
  if (minStayArrival < 1 || minStayThrough < 1) return rateValidationKeys.atLeastOne;
  if (maxStay !== null && maxStay < minStayArrival) return rateValidationKeys.maxBelowMin;
  return null;
}

export type BulkEditField =
  | 'from'
  | 'to'
  | 'targets'
  | 'change'
  | 'availability'
  | 'price'
  | keyof DayRestrictions;

/**
 * The bulk edit form: real days in order; at least one room type or plan; something to change; availability a
 * whole number ≥ 0; a price or amount ≥ 0 (a percent decrease at most 100); minimum stays whole numbers ≥ 1; a
 * maximum stay ≥ 0 (0: none) and not below the minimum arrival stay given with it.
 */
export function validateBulkEdit(edit: BulkEdit): Partial<Record<BulkEditField, RateValidationKey>> {
  const errors: Partial<Record<BulkEditField, RateValidationKey>> = {};
  if (!isDay(edit.from)) errors.from = validationKeys.required;
  if (!isDay(edit.to)) errors.to = validationKeys.required;
  else if (!errors.from && edit.to < edit.from) errors.to = rateValidationKeys.rangeOrder;
  if (edit.unitIds.length + edit.ratePlanIds.length === 0) errors.targets = validationKeys.required;
  const { availability, price, restrictions: r } = edit;
  if (availability === undefined && price === undefined && (!r || Object.keys(r).length === 0))
    errors.change = validationKeys.required;
  if (availability !== undefined && (!Number.isInteger(availability) || availability < 0))
    errors.availability = Number.isInteger(availability)
      ? rateValidationKeys.notNegative
      : rateValidationKeys.wholeNumber;
  if (price && (!Number.isFinite(price.value) || price.value < 0))
    errors.price = rateValidationKeys.notNegative;
  else if (price?.op === 'decrease_by_percent' && price.value > 100)
    errors.price = rateValidationKeys.percentMax;
  for (const field of ['minStayArrival', 'minStayThrough'] as const) {
    const v = r?.[field];
    if (v !== undefined && !Number.isInteger(v)) errors[field] = rateValidationKeys.wholeNumber;
    else if (v !== undefined && v < 1) errors[field] = rateValidationKeys.atLeastOne;
  }
  const max = r?.maxStay;
  if (max != null && (!Number.isInteger(max) || max < 0)) errors.maxStay = rateValidationKeys.notNegative;
  else if (max != null && max > 0 && r?.minStayArrival !== undefined && max < r.minStayArrival)
    errors.maxStay = rateValidationKeys.maxBelowMin;
  return errors;
}

/** The change set that undoes `changes`: each cell back to its value before, in reverse order. */
export function undoChanges(changes: readonly CellChange[]): CellChange[] {
  return [...changes].reverse().map((c) => {
    if (c.kind === 'availability')
      return { ...c, before: c.after, after: c.before ?? { availability: 0, booked: c.after.booked } };
    return { ...c, before: c.after, after: c.before ?? { ...EMPTY_RATE } };
  });
}

/** The values after a change set (the calendar's optimistic view; a rate cell back to no price drops its row). */
export function applyChanges(values: InventoryValues, changes: readonly CellChange[]): InventoryValues {
  const next: InventoryValues = {
    availability: Object.fromEntries(Object.entries(values.availability).map(([k, v]) => [k, { ...v }])),
    rates: Object.fromEntries(Object.entries(values.rates).map(([k, v]) => [k, { ...v }])),
  };
  for (const c of changes) {
    if (c.kind === 'availability') {
      next.availability[c.unitId] = { ...next.availability[c.unitId], [c.date]: { ...c.after } };
      continue;
    }
    const plan = { ...next.rates[c.ratePlanId] };
    if (c.after.price === null) delete plan[c.date];
    else plan[c.date] = { ...c.after };
    next.rates[c.ratePlanId] = plan;
  }
  return next;
}
