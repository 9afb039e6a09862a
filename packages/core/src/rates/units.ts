import { roomKind } from '@tern/sdk';
import { validationKeys } from '../auth/rules.js';

// Units (room types) of a hotel (document 2 §3 "Unit (room type)", §5, §9; R185, R186): the form's values, its
// defaults and its rules, as message keys the screens translate (`validation_messages.*`).

/** Room or dorm (the contract's list). */
export const ROOM_KINDS = roomKind.options;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** Keys of the rooms-and-rates rules, beside `validationKeys.required`. */
export const rateValidationKeys = {
  /** A whole number was expected. */
  wholeNumber: 'validation_messages.whole_number',
  /** At least 1. */
  atLeastOne: 'validation_messages.at_least_one',
  /** At least 0. */
  notNegative: 'validation_messages.not_negative',
  /** More than the unit holds (default occupancy), or than the plan's options allow. */
  tooMany: 'validation_messages.too_many',
  /** A value outside its list (room kind, meal type, sell mode…). */
  notAnOption: 'validation_messages.not_an_option',
  /** A maximum stay below the minimum. */
  maxBelowMin: 'validation_messages.max_below_min',
  /** Availability below the rooms already booked that day. */
  belowBooked: 'validation_messages.below_booked',
  /** A percentage above 100 where that would make a price negative. */
  percentMax: 'validation_messages.percent_max',
  /** A date range that ends before it starts. */
  rangeOrder: 'validation_messages.range_order',
} as const;
export type RateValidationKey =
  | typeof validationKeys.required
  | (typeof rateValidationKeys)[keyof typeof rateValidationKeys];

export interface UnitForm {
  title: string;
  roomKind: RoomKind;
  /** Rooms of this type; numbers are `null` while the field is empty. */
  countOfRooms: number | null;
  occAdults: number | null;
  occChildren: number | null;
  occInfants: number | null;
  /** Persons a room is usually sold for; `null`: not given. */
  defaultOccupancy: number | null;
  content: { description: string };
  /** Facility codes of the catalogue's room categories. */
  facilities: string[];
}

export type UnitFormField = Exclude<keyof UnitForm, 'content'>;
export type UnitFormErrors = Partial<Record<UnitFormField, RateValidationKey>>;

/** A new unit's values (§9: roomKind room); one room for two adults, the table's defaults. */
export function emptyUnitForm(): UnitForm {
  return {
    title: '',
    roomKind: 'room',
    countOfRooms: 1,
    occAdults: 2,
    occChildren: 0,
    occInfants: 0,
    defaultOccupancy: null,
    content: { description: '' },
    facilities: [],
  };
}

/**
 * A whole number of at least `min`; `null` when right. A required empty field is `required`; a fraction or a
 * non-number `wholeNumber`.
 */
export function countRule(value: number | null, min: 0 | 1, required = true): RateValidationKey | null {
  if (value === null || Number.isNaN(value)) return required ? validationKeys.required : null;
  if (!Number.isInteger(value)) return rateValidationKeys.wholeNumber;
  if (value < min) return min === 1 ? rateValidationKeys.atLeastOne : rateValidationKeys.notNegative;
  return null;
}

/**
 * The unit form (§5, R185): title, countOfRooms, occAdults, occChildren, occInfants required and numeric —
 * whole numbers, at least one room and one adult; children and infants may be 0. The room kind is room or dorm.
 * The default occupancy, when given, is a whole number from 1 to the persons the room holds (adults and
 * children).
 */
export function validateUnitForm(form: UnitForm): UnitFormErrors {
  const errors: UnitFormErrors = {};
  if (form.title.trim() === '') errors.title = validationKeys.required;
  if (!(ROOM_KINDS as readonly string[]).includes(form.roomKind))
    errors.roomKind = rateValidationKeys.notAnOption;
  const rules: [UnitFormField, RateValidationKey | null][] = [
    ['countOfRooms', countRule(form.countOfRooms, 1)],
    ['occAdults', countRule(form.occAdults, 1)],
    ['occChildren', countRule(form.occChildren, 0)],
    ['occInfants', countRule(form.occInfants, 0)],
    ['defaultOccupancy', countRule(form.defaultOccupancy, 1, false)],
  ];
  for (const [field, key] of rules) if (key) errors[field] = key;
  if (
    !errors.defaultOccupancy &&
    form.defaultOccupancy !== null &&
    !errors.occAdults &&
    !errors.occChildren &&
    form.defaultOccupancy > (form.occAdults ?? 0) + (form.occChildren ?? 0)
  )
    errors.defaultOccupancy = rateValidationKeys.tooMany;
  return errors;
}

/**
 * The most persons a per-person rate plan of this unit is sold for (M19 "from the maximum down to 1";
 * docs/decisions.md): the unit's adult occupancy. Children and infants pay the plan's fees on top, so the
 * options count adults; at least 1.
 */
export function maxPlanOccupancy(unit: Pick<UnitForm, 'occAdults'>): number {
  return Math.max(1, Math.floor(unit.occAdults ?? 1));
}
