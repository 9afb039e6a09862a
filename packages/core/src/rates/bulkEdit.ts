import type { ChangedCell, InventoryChanges, NightRestrictions, PriceChange } from '@tern/sdk';
import { validationKeys } from '../auth/rules.js';
import { applyModifier, roundMoney } from '../bookingEngine/pricing.js';
import { type Day, dayRun, daysBetween, isDay, isoWeekday } from '../dates/dates.js';
import { type RateValidationKey, rateValidationKeys } from './units.js';

// The inventory calendar's bulk edit (the contract's `inventory` area): one edit over a date range,
// some weekdays, some room types and rate plans, expanded into the cells it changes with their value before and
// after (`ChangedCell`, the preview), checked cell by cell, and undone by its inverse. The server applies a
// change set in one transaction; the web calendar previews and undoes with the same functions.
//
// Availability is the rooms the hotel has that night, the booked ones included (`total`); the rooms still free
// are total − booked, and total may never go below booked.

/** 1 Monday … 7 Sunday (`isoWeekday`). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface AvailabilityValue {
  total: number;
  booked: number;
}
/**
 * A plan's night: its price (`null`: none stored, the night is not sold) and restrictions, and a manual
 * per-person plan's rates by occupancy (adults → rate; absent: none stored).
 */
export interface RateValue extends NightRestrictions {
  price: number | null;
  occupancyRates?: Readonly<Record<string, number>>;
}

/** The calendar's values: by unit (or plan) id, then by day. A missing day is no row. */
export interface InventoryValues {
  availability: Record<string, Record<Day, AvailabilityValue>>;
  rates: Record<string, Record<Day, RateValue>>;
}

/** One cell of a change: a unit night's rooms in all, or a plan night's price and restrictions. */
export type AvailabilityCell = Extract<ChangedCell, { kind: 'availability' }>;
export type RateCell = Extract<ChangedCell, { kind: 'rate' }>;

/** A unit night's rooms in all (free + booked) to set. */
export interface AvailabilityTarget {
  unitId: string;
  date: Day;
  total: number;
}

export interface BulkEdit {
  /** First and last day, both included. */
  from: Day;
  to: Day;
  /** Days of the week edited; every day when absent or empty. */
  weekdays?: readonly number[];
  unitIds: readonly string[];
  ratePlanIds: readonly string[];
  changes: InventoryChanges;
}

/** A night without a row: no price, no restriction. */
export const EMPTY_RATE: RateValue = {
  price: null,
  stopSell: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStayArrival: 1,
  minStayThrough: 1,
  maxStay: null,
};

/**
 * What an edit acts on (the contract's `bulkEditBody`): the units named, else those of the plans named, else
 * all; the plans named, else the chosen units' plans.
 */
export function bulkEditTargets(
  body: { unitIds?: readonly string[]; ratePlanIds?: readonly string[] },
  units: readonly { id: string }[],
  plans: readonly { id: string; unitId: string }[],
): { unitIds: string[]; ratePlanIds: string[] } {
  const unitIds = body.unitIds
    ? [...body.unitIds]
    : body.ratePlanIds
      ? [...new Set(plans.filter((p) => body.ratePlanIds!.includes(p.id)).map((p) => p.unitId))]
      : units.map((u) => u.id);
  const ratePlanIds = body.ratePlanIds
    ? [...body.ratePlanIds]
    : plans.filter((p) => unitIds.includes(p.unitId)).map((p) => p.id);
  return { unitIds, ratePlanIds };
}

/** The days an edit touches: from `from` to `to` included, on the chosen weekdays (all when none are). */
export function bulkEditDays(edit: Pick<BulkEdit, 'from' | 'to' | 'weekdays'>): Day[] {
  const count = daysBetween(edit.from, edit.to);
  if (!Number.isFinite(count) || count < 0) return [];
  const days = dayRun(edit.from, count + 1);
  const on = edit.weekdays;
  return on?.length ? days.filter((d) => on.includes(isoWeekday(d))) : days;
}

/**
 * A night's price after the change, in the currency's decimals: set, or moved by a percentage or an amount
 * with the contracts' modifier rule, never below 0 (the contract's `priceChange`). A night without a price
 * gets one only by setting it.
 */
export function changedPrice(price: number | null, change: PriceChange, currency: string): number | null {
  if (change.op === 'set') return roundMoney(change.value, currency);
  if (price === null) return null;
  return roundMoney(
    applyModifier(price, { modifierLogic: change.op, modifierAmount: change.value }),
    currency,
  );
}

/** The same rates by occupancy (none stored and an empty set are the same). */
function sameOccupancyRates(a: RateValue['occupancyRates'], b: RateValue['occupancyRates']): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].every((k) => a?.[k] === b?.[k]);
}

const sameRate = (a: RateValue, b: RateValue) =>
  (Object.keys(EMPTY_RATE) as (keyof RateValue)[]).every((k) => a[k] === b[k]) &&
  sameOccupancyRates(a.occupancyRates, b.occupancyRates);

/**
 * A night's rates by occupancy after a change: those given set (in the currency's decimals), a `null` removed,
 * the others kept; `undefined` when none is left.
 */
export function changedOccupancyRates(
  before: RateValue['occupancyRates'],
  patch: Readonly<Record<string, number | null>>,
  currency: string,
): Record<string, number> | undefined {
  const after: Record<string, number> = { ...before };
  for (const [adults, rate] of Object.entries(patch)) {
    if (rate === null) delete after[adults];
    else after[adults] = roundMoney(rate, currency);
  }
  return Object.keys(after).length > 0 ? after : undefined;
}

/**
 * The preview: the cells the edit changes with their value before (`from`) and after (`to`), the units'
 * availability first, then the plans' nights, each in day order. A plan night without a price is left out
 * unless the edit sets one (nothing to move or restrict: it is not sold); so is a cell left as it was.
 */
export function expandBulkEdit(edit: BulkEdit, values: InventoryValues, currency: string): ChangedCell[] {
  const days = bulkEditDays(edit);
  const { availability, price, restrictions, occupancyRates } = edit.changes;
  const cells: ChangedCell[] =
    availability === undefined
      ? []
      : availabilityCells(
          edit.unitIds.flatMap((unitId) => days.map((date) => ({ unitId, date, total: availability }))),
          values.availability,
        );
  const patch = Object.fromEntries(Object.entries(restrictions ?? {}).filter(([, v]) => v !== undefined));
  const byOccupancy = occupancyRates && Object.keys(occupancyRates).length > 0 ? occupancyRates : undefined;
  if (price === undefined && Object.keys(patch).length === 0 && !byOccupancy) return cells;
  for (const ratePlanId of edit.ratePlanIds)
    for (const date of days) {
      const before = values.rates[ratePlanId]?.[date] ?? null;
      const after: RateValue = { ...(before ?? EMPTY_RATE), ...patch };
      if (price) after.price = changedPrice(before?.price ?? null, price, currency);
      if (byOccupancy) {
        const rates = changedOccupancyRates(before?.occupancyRates, byOccupancy, currency);
        if (rates) after.occupancyRates = rates;
        else delete after.occupancyRates;
      }
      if (after.price === null || (before && sameRate(before, after))) continue;
      cells.push({ kind: 'rate', ratePlanId, date, from: before, to: after });
    }
  return cells;
}

/**
 * The cells of setting unit nights' rooms in all, in the targets' order: each with the rooms booked that night
 * and its total before (`null`: no row); a night already at its total is left out. Whether a total is below
 * what is booked is `cellError`'s to say.
 */
export function availabilityCells(
  targets: readonly AvailabilityTarget[],
  values: InventoryValues['availability'],
): AvailabilityCell[] {
  const cells: AvailabilityCell[] = [];
  for (const { unitId, date, total } of targets) {
    const before = values[unitId]?.[date];
    if (before?.total === total) continue;
    cells.push({
      kind: 'availability',
      unitId,
      date,
      booked: before?.booked ?? 0,
      from: before?.total ?? null,
      to: total,
    });
  }
  return cells;
}

/**
 * Why a cell's new value cannot be saved, or `null`: rooms a whole number not below those booked; a price not
 * negative; minimum stays whole numbers of at least 1; a maximum stay not below the arrival minimum.
 */
export function cellError(cell: ChangedCell): RateValidationKey | null {
  if (cell.kind === 'availability') {
    if (!Number.isInteger(cell.to)) return rateValidationKeys.wholeNumber;
    return cell.to < cell.booked ? rateValidationKeys.belowBooked : null;
  }
  if (!cell.to) return null;
  const { price, minStayArrival, minStayThrough, maxStay } = cell.to;
  if (price === null || !Number.isFinite(price) || price < 0) return rateValidationKeys.notNegative;
  for (const rate of Object.values(cell.to.occupancyRates ?? {}))
    if (!Number.isFinite(rate) || rate < 0) return rateValidationKeys.notNegative;
  if (![minStayArrival, minStayThrough].every(Number.isInteger)) return rateValidationKeys.wholeNumber;
  if (minStayArrival < 1 || minStayThrough < 1) return rateValidationKeys.atLeastOne;
  if (maxStay !== null && maxStay < minStayArrival) return rateValidationKeys.maxBelowMin;
  return null;
}

export type BulkEditField =
  | 'from'
  | 'to'
  | 'changes'
  | 'availability'
  | 'price'
  | 'occupancyRates'
  | keyof NightRestrictions;

/**
 * The bulk edit form (what the contract's `bulkEditBody` checks, as message keys): real days in order;
 * something to change; availability a whole number ≥ 0; a price or amount ≥ 0 (a percent decrease at most
 * 100); minimum stays whole numbers ≥ 1; a maximum stay `null` (none) or ≥ 1 and not below the minimum
 * arrival stay given with it.
 */
export function validateBulkEdit(
  edit: Pick<BulkEdit, 'from' | 'to' | 'changes'>,
): Partial<Record<BulkEditField, RateValidationKey>> {
  const errors: Partial<Record<BulkEditField, RateValidationKey>> = {};
  if (!isDay(edit.from)) errors.from = validationKeys.required;
  if (!isDay(edit.to)) errors.to = validationKeys.required;
  else if (!errors.from && edit.to < edit.from) errors.to = rateValidationKeys.rangeOrder;
  const { availability, price, restrictions: r, occupancyRates } = edit.changes;
  const restricts = r !== undefined && Object.values(r).some((v) => v !== undefined);
  const byOccupancy = Object.entries(occupancyRates ?? {});
  if (availability === undefined && price === undefined && !restricts && byOccupancy.length === 0)
    errors.changes = validationKeys.required;
  if (byOccupancy.some(([adults, rate]) => !/^[1-9][0-9]?$/.test(adults) || (rate !== null && !(rate >= 0))))
    errors.occupancyRates = rateValidationKeys.notNegative;
  if (availability !== undefined && !Number.isInteger(availability))
    errors.availability = rateValidationKeys.wholeNumber;
  else if (availability !== undefined && availability < 0)
    errors.availability = rateValidationKeys.notNegative;
  if (price && (!Number.isFinite(price.value) || price.value < 0))
    errors.price = rateValidationKeys.notNegative;
  else if (price?.op === 'decrease_by_percent' && price.value > 100)
    errors.price = rateValidationKeys.percentMax;
  for (const field of ['minStayArrival', 'minStayThrough', 'maxStay'] as const) {
    const v = r?.[field];
    if (v == null) continue;
    if (!Number.isInteger(v)) errors[field] = rateValidationKeys.wholeNumber;
    else if (v < 1) errors[field] = rateValidationKeys.atLeastOne;
  }
  const max = r?.maxStay;
  if (!errors.maxStay && max != null && r?.minStayArrival !== undefined && max < r.minStayArrival)
    errors.maxStay = rateValidationKeys.maxBelowMin;
  return errors;
}

/**
 * The change set that undoes `cells`: each cell back to its value before, in reverse order. A unit night that
 * had no row goes back to 0 rooms (what no row counts as); a plan night that had none loses its row (`null`).
 */
export function undoChanges(cells: readonly ChangedCell[]): ChangedCell[] {
  return [...cells]
    .reverse()
    .map((c) =>
      c.kind === 'availability' ? { ...c, from: c.to, to: c.from ?? 0 } : { ...c, from: c.to, to: c.from },
    );
}

/** The values after a change set (the calendar's optimistic view); a plan night set to `null` drops its row. */
export function applyChanges(values: InventoryValues, cells: readonly ChangedCell[]): InventoryValues {
  const availability = { ...values.availability };
  const rates = { ...values.rates };
  for (const c of cells) {
    if (c.kind === 'availability') {
      availability[c.unitId] = { ...availability[c.unitId], [c.date]: { total: c.to, booked: c.booked } };
      continue;
    }
    const plan = { ...rates[c.ratePlanId] };
    if (c.to === null) delete plan[c.date];
    else plan[c.date] = { ...c.to };
    rates[c.ratePlanId] = plan;
  }
  return { availability, rates };
}
