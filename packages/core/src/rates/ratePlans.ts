import { INHERIT_FIELDS, mealType, modifierType, type RatePlan, rateMode, sellMode } from '@tern/sdk';
import { validationKeys } from '../auth/rules.js';
import type { ModifierLogic } from '../bookingEngine/pricing.js';
import { countRule, type RateValidationKey, rateValidationKeys } from './units.js';

// Rate plans (document 2 §3 "Rate plan", §5, §9; R187–R195): the form's values, defaults and rules. The sell
// mode transitions (M19) are in `sellMode.ts`, the prices and restrictions of a day in `nightRate.ts`.

/** The 23 meal types (§9, R194), from the contract (the engine shows what a plan is saved with). */
export const MEAL_TYPES = mealType.options;
export type RatePlanMealType = (typeof MEAL_TYPES)[number];

/** The four modifier types (§9, R135), the contracts' too. */
export const MODIFIER_TYPES = modifierType.options satisfies readonly ModifierLogic[];

export const SELL_MODES = sellMode.options;
export type SellMode = (typeof SELL_MODES)[number];
/** `derived` and `auto` apply to per-person plans only (R189). */
export const RATE_MODES = rateMode.options;
export type RateMode = (typeof RATE_MODES)[number];

/** One step of a derived rate: `[type, value]`, a percent or an amount in the plan's currency. */
export type DerivedModifier = [ModifierLogic, number];

export interface RatePlanOption {
  /** Persons (adults) this option is sold for. */
  occupancy: number;
  /** The option's own rate (manual mode); `null`: none set. */
  rate: number | null;
  isPrimary: boolean;
  /** Derived and auto modes: the steps from the primary's rate, applied in order. */
  derivedOption: { rate: DerivedModifier[] };
}

/** `'%'` or a currency code (then an amount in that currency). */
export type AutoRateMode = string;
export interface AutoRateSettings {
  decreaseMode: AutoRateMode;
  decreaseValue: number;
  increaseMode: AutoRateMode;
  increaseValue: number;
  /** The mode the form offers for both; each direction's own mode is the one applied. */
  mode: AutoRateMode;
}

/** The inherit_* flags of §3 (R195), as the contract names them: what a child plan takes from its parent. */
export const INHERIT_FLAGS = INHERIT_FIELDS;
export type InheritFlag = (typeof INHERIT_FIELDS)[number];

/** Seven values, Monday first (index 0 Monday … 6 Sunday; `isoWeekday(day) - 1`). */
export type Week<T> = [T, T, T, T, T, T, T];
export interface WeekRestrictions {
  /** 0: no maximum. */
  maxStay: Week<number>;
  minStayArrival: Week<number>;
  minStayThrough: Week<number>;
  closedToArrival: Week<boolean>;
  closedToDeparture: Week<boolean>;
  stopSell: Week<boolean>;
}
export const WEEK_RESTRICTION_FIELDS = [
  'maxStay',
  'minStayArrival',
  'minStayThrough',
  'closedToArrival',
  'closedToDeparture',
  'stopSell',
] as const satisfies readonly (keyof WeekRestrictions)[];

export interface RatePlanForm extends WeekRestrictions, Record<InheritFlag, boolean> {
  title: string;
  unitId: string;
  parentRatePlanId: string | null;
  currency: string;
  sellMode: SellMode;
  rateMode: RateMode;
  /** Per person: the occupancy whose rate is stored; `null` per room. */
  primaryOccupancy: number | null;
  childrenFee: number;
  infantFee: number;
  mealType: RatePlanMealType;
  cancellationPolicyId: string | null;
  options: RatePlanOption[];
  autoRateSettings: AutoRateSettings;
  /** Rooms this plan may sell a day at most; `null`: no cap. */
  maxSell: number | null;
  /** Availability shown for this plan at most; `null`: no cap. */
  maxAvailability: number | null;
  /** Rooms held back from the unit's availability (may be negative to oversell). */
  availabilityOffset: number;
}

const week = <T>(value: T): Week<T> => [value, value, value, value, value, value, value];

/**
 * A new plan's values (§9, R188): per room, manual, no fees, min stay 1 and max stay 0 each day, no closures or
 * stop sell, offset 0, auto modes '%' with 0; one primary option for the unit's maximum occupancy; no parent,
 * nothing inherited; meal type `room_only` (the engine's default).
 */
export function emptyRatePlanForm(
  unit: { id: string; maxOccupancy: number },
  currency: string,
): RatePlanForm {
  return {
    title: '',
    unitId: unit.id,
    parentRatePlanId: null,
    currency,
    sellMode: 'per_room',
    rateMode: 'manual',
    primaryOccupancy: null,
    childrenFee: 0,
    infantFee: 0,
    mealType: 'room_only',
    cancellationPolicyId: null,
    options: [{ occupancy: unit.maxOccupancy, rate: null, isPrimary: true, derivedOption: { rate: [] } }],
    autoRateSettings: { decreaseMode: '%', decreaseValue: 0, increaseMode: '%', increaseValue: 0, mode: '%' },
    ...(Object.fromEntries(INHERIT_FLAGS.map((f) => [f, false])) as Record<InheritFlag, boolean>),
    maxStay: week(0),
    minStayArrival: week(1),
    minStayThrough: week(1),
    closedToArrival: week(false),
    closedToDeparture: week(false),
    stopSell: week(false),
    maxSell: null,
    maxAvailability: null,
    availabilityOffset: 0,
  };
}

/**
 * A saved plan as the form edits it (the drawer's "edit"): its values, the seven-day arrays as weeks (a stored
 * array of another length is padded with §9's default of its field, or cut to seven).
 */
export function formOfRatePlan(plan: RatePlan): RatePlanForm {
  const defaults = emptyRatePlanForm({ id: plan.unitId, maxOccupancy: 1 }, plan.currency);
  const weekOf = <T>(values: readonly T[], fallback: Week<T>): Week<T> =>
    fallback.map((value, day) => (day < values.length ? values[day]! : value)) as Week<T>;
  return {
    title: plan.title,
    unitId: plan.unitId,
    parentRatePlanId: plan.parentRatePlanId,
    currency: plan.currency,
    sellMode: plan.sellMode,
    rateMode: plan.rateMode,
    primaryOccupancy: plan.primaryOccupancy,
    childrenFee: plan.childrenFee,
    infantFee: plan.infantFee,
    mealType: plan.mealType,
    cancellationPolicyId: plan.cancellationPolicyId,
    options: plan.options.map((o) => ({
      occupancy: o.occupancy,
      rate: o.rate,
      isPrimary: o.isPrimary,
      derivedOption: { rate: o.derivedOption.rate.map(([type, value]) => [type, value] as DerivedModifier) },
    })),
    autoRateSettings: { ...plan.autoRateSettings },
    ...(Object.fromEntries(INHERIT_FLAGS.map((f) => [f, plan[f]])) as Record<InheritFlag, boolean>),
    maxStay: weekOf(plan.maxStay, defaults.maxStay),
    minStayArrival: weekOf(plan.minStayArrival, defaults.minStayArrival),
    minStayThrough: weekOf(plan.minStayThrough, defaults.minStayThrough),
    closedToArrival: weekOf(plan.closedToArrival, defaults.closedToArrival),
    closedToDeparture: weekOf(plan.closedToDeparture, defaults.closedToDeparture),
    stopSell: weekOf(plan.stopSell, defaults.stopSell),
    maxSell: plan.maxSell,
    maxAvailability: plan.maxAvailability,
    availabilityOffset: plan.availabilityOffset,
  };
}

export type RatePlanFormField =
  | Exclude<keyof RatePlanForm, 'options' | 'autoRateSettings' | InheritFlag | keyof WeekRestrictions>
  | 'options'
  | 'decreaseValue'
  | 'increaseValue';
export type RatePlanFormErrors = Partial<Record<RatePlanFormField, RateValidationKey>> & {
  /** Per option index. */
  optionErrors?: Record<number, RateValidationKey>;
  /** Per seven-day array: the first day in error (0 Monday) and why. */
  weekErrors?: Partial<Record<keyof WeekRestrictions, { day: number; key: RateValidationKey }>>;
};

const isAmount = (v: number | null) => v !== null && Number.isFinite(v) && v >= 0;
const isPercentMode = (mode: AutoRateMode) => mode === '%';

/** A derived step's value is valid: not negative, and a percent decrease at most 100. */
export function modifierError([type, value]: DerivedModifier): RateValidationKey | null {
  if (!(MODIFIER_TYPES as readonly string[]).includes(type)) return rateValidationKeys.notAnOption;
  if (!Number.isFinite(value) || value < 0) return rateValidationKeys.notNegative;
  if (type === 'decrease_by_percent' && value > 100) return rateValidationKeys.percentMax;
  return null;
}

/**
 * The rate plan form (§5, R187; §3, R189): a title; a currency; sell mode, rate mode and meal type from their
 * lists, derived and auto only per person; fees not negative; exactly one primary option, with a rate unless
 * the plan inherits its parent's; per person, the primary occupancy the primary option's; occupancies whole numbers of at least 1 and each once; option rates and
 * derived steps not negative (a percent decrease at most 100); auto values not negative (a percent decrease at
 * most 100); a parent other than itself; per day, minimum stays whole numbers ≥ 1, maximum stays ≥ 0 (0: none)
 * and not below the arrival minimum; maxSell and maxAvailability, when given, whole numbers ≥ 0; the offset a
 * whole number.
 */
export function validateRatePlanForm(form: RatePlanForm, options: { id?: string } = {}): RatePlanFormErrors {
  const errors: RatePlanFormErrors = {};
  if (form.title.trim() === '') errors.title = validationKeys.required;
  if (form.currency.trim() === '') errors.currency = validationKeys.required;
  if (form.unitId.trim() === '') errors.unitId = validationKeys.required;
  if (!(SELL_MODES as readonly string[]).includes(form.sellMode))
    errors.sellMode = rateValidationKeys.notAnOption;
  if (!(RATE_MODES as readonly string[]).includes(form.rateMode))
    errors.rateMode = rateValidationKeys.notAnOption;
  else if (form.rateMode !== 'manual' && form.sellMode !== 'per_person')
    errors.rateMode = rateValidationKeys.notAnOption;
  if (!(MEAL_TYPES as readonly string[]).includes(form.mealType))
    errors.mealType = rateValidationKeys.notAnOption;
  if (!isAmount(form.childrenFee)) errors.childrenFee = rateValidationKeys.notNegative;
  if (!isAmount(form.infantFee)) errors.infantFee = rateValidationKeys.notNegative;
  if (options.id && form.parentRatePlanId === options.id)
    errors.parentRatePlanId = rateValidationKeys.notAnOption;
  optionRules(form, errors);
  autoRules(form, errors);
  weekRules(form, errors);
  const sellCap = countRule(form.maxSell, 0, false);
  if (sellCap) errors.maxSell = sellCap;
  const availabilityCap = countRule(form.maxAvailability, 0, false);
  if (availabilityCap) errors.maxAvailability = availabilityCap;
  if (!Number.isInteger(form.availabilityOffset)) errors.availabilityOffset = rateValidationKeys.wholeNumber;
  return errors;
}

function optionRules(form: RatePlanForm, errors: RatePlanFormErrors): void {
  const optionErrors: Record<number, RateValidationKey> = {};
  const seen = new Set<number>();
  form.options.forEach((option, i) => {
    const key =
      countRule(option.occupancy, 1) ??
      (seen.has(option.occupancy) ? rateValidationKeys.notAnOption : null) ??
      (option.rate !== null && !isAmount(option.rate) ? rateValidationKeys.notNegative : null) ??
      option.derivedOption.rate.map(modifierError).find((e) => e !== null) ??
      null;
    seen.add(option.occupancy);
    if (key) optionErrors[i] = key;
  });
  if (Object.keys(optionErrors).length) errors.optionErrors = optionErrors;
  const primaries = form.options.filter((o) => o.isPrimary);
  if (form.options.length === 0) errors.options = validationKeys.required;
  else if (primaries.length !== 1) errors.options = rateValidationKeys.notAnOption;
  else if (!form.inheritRate && primaries[0]!.rate === null) errors.options = validationKeys.required;
  if (form.sellMode !== 'per_person') return;
  if (form.primaryOccupancy === null) errors.primaryOccupancy = validationKeys.required;
  else if (primaries[0]?.occupancy !== form.primaryOccupancy)
    errors.primaryOccupancy = rateValidationKeys.notAnOption;
}

function autoRules(form: RatePlanForm, errors: RatePlanFormErrors): void {
  const { decreaseMode, decreaseValue, increaseMode, increaseValue } = form.autoRateSettings;
  if (!isAmount(decreaseValue)) errors.decreaseValue = rateValidationKeys.notNegative;
  else if (isPercentMode(decreaseMode) && decreaseValue > 100)
    errors.decreaseValue = rateValidationKeys.percentMax;
  if (!isAmount(increaseValue)) errors.increaseValue = rateValidationKeys.notNegative;
  if (decreaseMode.trim() === '') errors.decreaseValue = validationKeys.required;
  if (increaseMode.trim() === '') errors.increaseValue = validationKeys.required;
}

function weekRules(form: RatePlanForm, errors: RatePlanFormErrors): void {
  const weekErrors: NonNullable<RatePlanFormErrors['weekErrors']> = {};
  const first = (field: keyof WeekRestrictions, check: (day: number) => RateValidationKey | null) => {
    for (let day = 0; day < 7; day++) {
      const key = check(day);
      if (key) {
        weekErrors[field] = { day, key };
        return;
      }
    }
  };
  first('minStayArrival', (d) => countRule(form.minStayArrival[d] ?? null, 1));
  first('minStayThrough', (d) => countRule(form.minStayThrough[d] ?? null, 1));
  first('maxStay', (d) => {
    const max = form.maxStay[d] ?? null;
    return (
      countRule(max, 0) ??
      (max! > 0 && max! < (form.minStayArrival[d] ?? 1) ? rateValidationKeys.maxBelowMin : null)
    );
  });
  for (const field of ['closedToArrival', 'closedToDeparture', 'stopSell'] as const)
    first(field, (d) => (typeof form[field][d] === 'boolean' ? null : validationKeys.required));
  if (Object.keys(weekErrors).length) errors.weekErrors = weekErrors;
}
