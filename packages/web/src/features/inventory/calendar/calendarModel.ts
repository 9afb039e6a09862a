import { addDays, type Day, dayRun, daysBetween, monthOf } from '@tern/core/dates';
import type { InventoryValues, RateValue } from '@tern/core/rates';
import type { InheritedValue, InventoryCalendar, NightRestrictions } from '@tern/sdk';

// What the inventory calendar draws, apart from how: the days it spans (a year of whole months from the current
// one), its rows (per unit: rooms in all, booked and free; per rate plan: the price, the price per occupancy of a
// per-person plan, what is left of its max sell and the six restrictions) and the values the months loaded so
// far hold, merged by day. A child plan's values it inherits are its parent's (as the engine sells them):
// marked, and not edited here.

/** Months the calendar spans, the current one first: a year. */
export const CALENDAR_MONTHS = 12;

export interface CalendarMonth {
  /** `YYYY-MM`. */
  key: string;
  from: Day;
  to: Day;
  /** Index of its first day among the window's days. */
  start: number;
  length: number;
}

export interface CalendarWindow {
  from: Day;
  to: Day;
  days: Day[];
  months: CalendarMonth[];
}

/** The days the calendar shows: from the first of `today`'s month, `months` whole months (at most 366 days). */
export function calendarWindow(today: Day, months = CALENDAR_MONTHS): CalendarWindow {
  const list: CalendarMonth[] = [];
  let start = 0;
  for (let shift = 0; shift < months; shift++) {
    const { from, to } = monthOf(today, shift);
    const length = daysBetween(from, to) + 1;
    list.push({ key: from.slice(0, 7), from, to, start, length });
    start += length;
  }
  const from = list[0]!.from;
  return { from, to: list.at(-1)!.to, days: dayRun(from, start), months: list };
}

/** The month holding the day at `index` of the window. */
export function monthAt(window: CalendarWindow, index: number): CalendarMonth {
  return window.months.find((m) => index >= m.start && index < m.start + m.length) ?? window.months[0]!;
}

/** The index of the same day of the month `shift` months on (the month's last day when it is shorter). */
export function shiftMonth(window: CalendarWindow, index: number, shift: number): number {
  const here = monthAt(window, index);
  const at = window.months.indexOf(here) + shift;
  const target = window.months[Math.min(window.months.length - 1, Math.max(0, at))]!;
  if (target === here) return shift > 0 ? here.start + here.length - 1 : shift < 0 ? here.start : index;
  return target.start + Math.min(index - here.start, target.length - 1);
}

export type RestrictionKind = keyof NightRestrictions;
export type RowKind = 'total' | 'booked' | 'free' | 'price' | 'occupancy' | 'maxSellLeft' | RestrictionKind;

export const RESTRICTION_ROWS: readonly RestrictionKind[] = [
  'stopSell',
  'closedToArrival',
  'closedToDeparture',
  'minStayArrival',
  'minStayThrough',
  'maxStay',
];

export interface CalendarUnit {
  id: string;
  title: string;
  count: number;
}
export interface CalendarPlan {
  id: string;
  unitId: string;
  title: string;
  sellMode: 'per_room' | 'per_person';
  maxAdults: number;
  rateMode: 'manual' | 'derived' | 'auto';
  /** Rooms the plan sells per night at most; `null`: no cap (and no row for it). */
  maxSell: number | null;
  parentRatePlanId: string | null;
  /** What a child plan takes from its parent: those rows show the parent's values and are not edited here. */
  inherited: readonly InheritedValue[];
}
export interface CalendarStructure {
  currency: string;
  units: CalendarUnit[];
  ratePlans: CalendarPlan[];
}

export interface GridRow {
  key: string;
  kind: RowKind;
  unit: CalendarUnit;
  plan: CalendarPlan | null;
  /** Adults, for an `occupancy` row. */
  adults?: number;
  /** The first row of its unit or rate plan (drawn with its title). */
  first: boolean;
}

/** The rows, unit by unit: its rooms, then each of its rate plans' price (per occupancy) and restrictions. */
export function gridRows(structure: CalendarStructure): GridRow[] {
  const rows: GridRow[] = [];
  for (const unit of structure.units) {
    for (const kind of ['total', 'booked', 'free'] as const)
      rows.push({ key: `${unit.id}:${kind}`, kind, unit, plan: null, first: kind === 'total' });
    for (const plan of structure.ratePlans.filter((p) => p.unitId === unit.id)) {
      rows.push({ key: `${plan.id}:price`, kind: 'price', unit, plan, first: true });
      if (plan.sellMode === 'per_person')
        for (let adults = 1; adults <= plan.maxAdults; adults++)
          rows.push({
            key: `${plan.id}:occupancy:${adults}`,
            kind: 'occupancy',
            unit,
            plan,
            adults,
            first: false,
          });
      if (plan.maxSell !== null)
        rows.push({ key: `${plan.id}:maxSellLeft`, kind: 'maxSellLeft', unit, plan, first: false });
      for (const kind of RESTRICTION_ROWS)
        rows.push({ key: `${plan.id}:${kind}`, kind, unit, plan, first: false });
    }
  }
  return rows;
}

export interface UnitNightValue {
  total: number;
  booked: number;
  free: number;
}
export interface PlanNightValue extends RateValue {
  byOccupancy: (number | null)[];
  /** Rooms of the plan booked that night, and what is left of its max sell (`null`: no cap). */
  sold: number;
  maxSellLeft: number | null;
}

/** A per-person plan whose occupancies other than the primary take rates per night (`occupancyRates`). */
export const takesOccupancyRates = (plan: Pick<CalendarPlan, 'sellMode' | 'rateMode'>): boolean =>
  plan.sellMode === 'per_person' && plan.rateMode === 'manual';

/**
 * Whether a row shows a value a child plan takes from its parent (the price and its occupancies with the rate,
 * a restriction with its flag): drawn as inherited, and not edited from the calendar.
 */
export function isInherited(row: GridRow): boolean {
  if (!row.plan || row.plan.inherited.length === 0) return false;
  if (row.kind === 'price' || row.kind === 'occupancy') return row.plan.inherited.includes('price');
  return (row.plan.inherited as readonly string[]).includes(row.kind);
}

/** The values of the months loaded so far, by unit (or plan) and day. */
export interface CalendarData {
  structure: CalendarStructure | null;
  availability: Record<string, Record<Day, UnitNightValue>>;
  rates: Record<string, Record<Day, PlanNightValue>>;
}

export const EMPTY_DATA: CalendarData = { structure: null, availability: {}, rates: {} };

/**
 * The data with a reply's nights added (a later reply wins for its days). A whole reply's units and plans are
 * the list; a reply narrowed to some units or plans (`narrowed`: the bulk edit's preview) leaves it as it is.
 */
export function mergeCalendar(data: CalendarData, reply: InventoryCalendar, narrowed = false): CalendarData {
  const availability = { ...data.availability };
  for (const unit of reply.units) {
    const nights = { ...availability[unit.id] };
    for (const { date, total, booked, free } of unit.nights) nights[date] = { total, booked, free };
    availability[unit.id] = nights;
  }
  const rates = { ...data.rates };
  for (const plan of reply.ratePlans) {
    const nights = { ...rates[plan.id] };
    for (const { date, ...night } of plan.nights) nights[date] = night;
    rates[plan.id] = nights;
  }
  const structure: CalendarStructure | null = narrowed
    ? data.structure
    : {
        currency: reply.currency,
        units: reply.units.map(({ id, title, count }) => ({ id, title, count })),
        ratePlans: reply.ratePlans.map(
          ({ id, unitId, title, sellMode, maxAdults, rateMode, maxSell, parentRatePlanId, inherited }) => ({
            id,
            unitId,
            title,
            sellMode,
            maxAdults,
            rateMode,
            maxSell,
            parentRatePlanId,
            inherited,
          }),
        ),
      };
  return { structure, availability, rates };
}

/** What a cell holds: a number, a flag, `null` (no price, no maximum) — or `undefined` while its month loads. */
export function cellValue(row: GridRow, day: Day, data: CalendarData): number | boolean | null | undefined {
  if (!row.plan) {
    const night = data.availability[row.unit.id]?.[day];
    return night ? night[row.kind as 'total' | 'booked' | 'free'] : undefined;
  }
  const night = data.rates[row.plan.id]?.[day];
  if (!night) return undefined;
  if (row.kind === 'price') return night.price;
  if (row.kind === 'occupancy') return night.byOccupancy[(row.adults ?? 1) - 1] ?? null;
  if (row.kind === 'maxSellLeft') return night.maxSellLeft;
  return night[row.kind as RestrictionKind];
}

/** The calendar's values in core's shape (`InventoryValues`), for `expandBulkEdit`. */
export function inventoryValues(data: CalendarData): InventoryValues {
  const availability: InventoryValues['availability'] = {};
  for (const [unitId, nights] of Object.entries(data.availability))
    availability[unitId] = Object.fromEntries(
      Object.entries(nights).map(([day, n]) => [day, { total: n.total, booked: n.booked }]),
    );
  const rates: InventoryValues['rates'] = {};
  for (const [planId, nights] of Object.entries(data.rates))
    rates[planId] = Object.fromEntries(
      Object.entries(nights)
        // A night without a price has no row (the calendar draws it with the default restrictions).
        .filter(([, n]) => n.price !== null)
        .map(([day, { byOccupancy: _, sold: _sold, maxSellLeft: _left, ...rate }]) => [day, rate]),
    );
  return { availability, rates };
}

/** The months of the window a range of days touches. */
export function monthsOfRange(window: CalendarWindow, from: Day, to: Day): CalendarMonth[] {
  return window.months.filter((m) => m.from <= to && m.to >= from);
}

/** A week from `day`, kept inside the window: the bulk edit's default range. */
export function weekFrom(window: CalendarWindow, day: Day): { start: Day; end: Day } {
  const end = addDays(day, 6);
  return { start: day, end: end > window.to ? window.to : end };
}
