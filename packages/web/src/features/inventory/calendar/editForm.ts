import type { Day } from '@tern/core/dates';
import { parseNumber } from '@tern/core/format';
import {
  type BulkEdit,
  type BulkEditField,
  bulkEditTargets,
  type RateValidationKey,
  validateBulkEdit,
} from '@tern/core/rates';
import type { BulkEditBody, InventoryChanges, PriceChange, RestrictionsPatch } from '@tern/sdk';
import type { CalendarStructure, GridRow, PlanNightValue, UnitNightValue } from './calendarModel';

// The bulk edit form of the inventory calendar: what the hotelier typed (text, as typed: an empty field changes
// nothing), turned into core's `BulkEdit` for the preview and into the contract's body for the save.

export type FlagChoice = 'unchanged' | 'on' | 'off';
export type FlagField = 'stopSell' | 'closedToArrival' | 'closedToDeparture';
export const FLAG_FIELDS: readonly FlagField[] = ['stopSell', 'closedToArrival', 'closedToDeparture'];
export type PriceOp = 'unchanged' | PriceChange['op'];
export const PRICE_OPS: readonly PriceOp[] = [
  'unchanged',
  'set',
  'increase_by_percent',
  'decrease_by_percent',
  'increase_by_amount',
  'decrease_by_amount',
];
export type MaxStayChoice = 'unchanged' | 'none' | 'set';

export interface EditForm {
  from: Day;
  to: Day;
  /** 1 Monday … 7 Sunday; all seven: every day. */
  weekdays: number[];
  unitIds: string[];
  ratePlanIds: string[];
  priceOp: PriceOp;
  price: string;
  /** Rooms in all per night; empty: unchanged. */
  availability: string;
  flags: Record<FlagField, FlagChoice>;
  minStayArrival: string;
  minStayThrough: string;
  maxStay: MaxStayChoice;
  maxStayValue: string;
  /**
   * Manual per-person plans: the rate typed for each occupancy (adults → text; empty: unchanged, `none`:
   * removed, the option's own rate applies).
   */
  occupancyRates: Record<string, string>;
}

export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function emptyForm(from: Day, to: Day): EditForm {
  return {
    from,
    to,
    weekdays: [...ALL_WEEKDAYS],
    unitIds: [],
    ratePlanIds: [],
    priceOp: 'unchanged',
    price: '',
    availability: '',
    flags: { stopSell: 'unchanged', closedToArrival: 'unchanged', closedToDeparture: 'unchanged' },
    occupancyRates: {},
    minStayArrival: '',
    minStayThrough: '',
    maxStay: 'unchanged',
    maxStayValue: '',
  };
}

/**
 * The form opened from a cell (Enter on it): that day, that unit or rate plan, and the cell's field ready to
 * change, filled with what the cell holds (a flag turned the other way).
 */
export function formForCell(
  row: GridRow,
  day: Day,
  unitNight: UnitNightValue | undefined,
  planNight: PlanNightValue | undefined,
): EditForm {
  const form = emptyForm(day, day);
  if (!row.plan) {
    form.unitIds = [row.unit.id];
    form.availability = unitNight ? String(unitNight.total) : '';
    return form;
  }
  form.ratePlanIds = [row.plan.id];
  switch (row.kind) {
    case 'occupancy':
      // A manual per-person plan's other occupancies have rates of their own that night.
      if (row.plan.sellMode === 'per_person' && row.plan.rateMode === 'manual') {
        const adults = String(row.adults ?? 1);
        const rate = planNight?.occupancyRates?.[adults];
        form.occupancyRates = { [adults]: rate === undefined ? '' : String(rate) };
        break;
      }
      form.priceOp = 'set';
      form.price = planNight?.price != null ? String(planNight.price) : '';
      break;
    case 'price':
      form.priceOp = 'set';
      form.price = planNight?.price != null ? String(planNight.price) : '';
      break;
    case 'stopSell':
    case 'closedToArrival':
    case 'closedToDeparture':
      form.flags[row.kind] = planNight?.[row.kind] ? 'off' : 'on';
      break;
    case 'minStayArrival':
    case 'minStayThrough':
      form[row.kind] = String(planNight?.[row.kind] ?? 1);
      break;
    case 'maxStay':
      form.maxStay = planNight?.maxStay == null ? 'none' : 'set';
      form.maxStayValue = planNight?.maxStay == null ? '' : String(planNight.maxStay);
      break;
  }
  return form;
}

/** A typed number: empty is `undefined` (unchanged); anything else the number it reads as (`NaN` if none). */
function typed(text: string): number | undefined {
  return parseNumber(text) ?? undefined;
}

export function formChanges(form: EditForm): InventoryChanges {
  const changes: InventoryChanges = {};
  if (form.priceOp !== 'unchanged')
    changes.price = { op: form.priceOp, value: typed(form.price) ?? Number.NaN };
  const availability = typed(form.availability);
  if (availability !== undefined) changes.availability = availability;
  const restrictions: RestrictionsPatch = {};
  for (const field of FLAG_FIELDS)
    if (form.flags[field] !== 'unchanged') restrictions[field] = form.flags[field] === 'on';
  const minArrival = typed(form.minStayArrival);
  if (minArrival !== undefined) restrictions.minStayArrival = minArrival;
  const minThrough = typed(form.minStayThrough);
  if (minThrough !== undefined) restrictions.minStayThrough = minThrough;
  if (form.maxStay === 'none') restrictions.maxStay = null;
  if (form.maxStay === 'set') restrictions.maxStay = typed(form.maxStayValue) ?? Number.NaN;
  if (Object.keys(restrictions).length) changes.restrictions = restrictions;
  const byOccupancy: Record<string, number | null> = {};
  for (const [adults, text] of Object.entries(form.occupancyRates)) {
    if (/^\s*none\s*$/i.test(text)) byOccupancy[adults] = null;
    else {
      const rate = typed(text);
      if (rate !== undefined) byOccupancy[adults] = rate;
    }
  }
  if (Object.keys(byOccupancy).length) changes.occupancyRates = byOccupancy;
  return changes;
}

export type FormErrors = Partial<Record<BulkEditField | 'weekdays' | 'targets', RateValidationKey | string>>;

/** Core's checks of the edit, and the form's own: at least one weekday, something to edit. */
export function formErrors(form: EditForm): FormErrors {
  const errors: FormErrors = {
    ...validateBulkEdit({ from: form.from, to: form.to, changes: formChanges(form) }),
  };
  if (!form.weekdays.length) errors.weekdays = 'validation_messages.required';
  if (!form.unitIds.length && !form.ratePlanIds.length) errors.targets = 'validation_messages.required';
  return errors;
}

/** The weekdays to send: none when every day is edited. */
const weekdaysOf = (form: EditForm) =>
  form.weekdays.length === ALL_WEEKDAYS.length ? undefined : [...form.weekdays].sort();

/** Core's edit, with the targets as the server resolves them (`bulkEditTargets`), for the preview. */
export function formEdit(form: EditForm, structure: CalendarStructure): BulkEdit {
  const weekdays = weekdaysOf(form);
  return {
    from: form.from,
    to: form.to,
    ...(weekdays ? { weekdays } : {}),
    ...bulkEditTargets(
      {
        ...(form.unitIds.length ? { unitIds: form.unitIds } : {}),
        ...(form.ratePlanIds.length ? { ratePlanIds: form.ratePlanIds } : {}),
      },
      structure.units,
      structure.ratePlans,
    ),
    changes: formChanges(form),
  };
}

/** The contract's body of the save (or of the server's preview, with `preview`). */
export function formBody(form: EditForm, preview = false): BulkEditBody {
  const weekdays = weekdaysOf(form);
  return {
    from: form.from,
    to: form.to,
    ...(weekdays ? { weekdays } : {}),
    ...(form.unitIds.length ? { unitIds: form.unitIds } : {}),
    ...(form.ratePlanIds.length ? { ratePlanIds: form.ratePlanIds } : {}),
    changes: formChanges(form),
    ...(preview ? { preview: true } : {}),
  };
}
