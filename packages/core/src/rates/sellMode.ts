import type {
  AutoRateSettings,
  DerivedModifier,
  RateMode,
  RatePlanForm,
  RatePlanOption,
  SellMode,
} from './ratePlans.js';

// M19 (document 2 §4; R189–R192): the rate plan form's sell mode, rate mode, primary occupancy and auto
// derivation, as pure functions from one form to the next. `ratePlanFormMachine` calls them; so may a server
// that builds a plan from an API call.

const option = (occupancy: number, isPrimary: boolean, rate: number | null = null): RatePlanOption => ({
  occupancy,
  rate,
  isPrimary,
  derivedOption: { rate: [] },
});

/**
 * The per-person options (R190): one per occupancy from `maxOccupancy` down to 1, keeping the rate of an
 * occupancy the form already had; the primary is the one kept from before when still listed, otherwise the
 * maximum.
 */
export function perPersonOptions(
  maxOccupancy: number,
  previous: readonly RatePlanOption[] = [],
): RatePlanOption[] {
  const max = Math.max(1, Math.floor(maxOccupancy));
  const kept = previous.find((o) => o.isPrimary && o.occupancy >= 1 && o.occupancy <= max)?.occupancy ?? max;
  return Array.from({ length: max }, (_, i) => {
    const occupancy = max - i;
    const before = previous.find((o) => o.occupancy === occupancy);
    return option(occupancy, occupancy === kept, before?.rate ?? null);
  });
}

/**
 * Sets the sell mode. To per person: options from the maximum down to 1, the primary occupancy set, and the
 * derived steps recomputed in auto mode. To per room: one primary option for the maximum, rate mode manual
 * (derived and auto are per person only) and no primary occupancy. The same mode again changes nothing.
 */
export function setSellMode(form: RatePlanForm, sellMode: SellMode, maxOccupancy: number): RatePlanForm {
  if (form.sellMode === sellMode) return form;
  if (sellMode === 'per_room') {
    const primary = form.options.find((o) => o.isPrimary);
    return {
      ...form,
      sellMode,
      rateMode: 'manual',
      primaryOccupancy: null,
      options: [option(Math.max(1, maxOccupancy), true, primary?.rate ?? null)],
    };
  }
  const options = perPersonOptions(maxOccupancy, form.options);
  const primaryOccupancy = options.find((o) => o.isPrimary)!.occupancy;
  return withAuto({ ...form, sellMode, options, primaryOccupancy });
}

/** Whether a rate mode may be chosen (R189): manual always, derived and auto per person only. */
export const canUseRateMode = (sellMode: SellMode, rateMode: RateMode): boolean =>
  rateMode === 'manual' || sellMode === 'per_person';

/** Sets the rate mode when allowed (otherwise the form as it was); auto computes the steps at once. */
export function setRateMode(form: RatePlanForm, rateMode: RateMode): RatePlanForm {
  if (!canUseRateMode(form.sellMode, rateMode) || form.rateMode === rateMode) return form;
  return withAuto({ ...form, rateMode });
}

/**
 * Makes `occupancy` the primary (R191): it alone is primary, and every option's derived steps are reset
 * (emptied; in auto mode, recomputed from the new primary). An occupancy not among the options changes nothing.
 */
export function switchPrimary(form: RatePlanForm, occupancy: number): RatePlanForm {
  if (!form.options.some((o) => o.occupancy === occupancy)) return form;
  const options = form.options.map((o) => ({
    ...o,
    isPrimary: o.occupancy === occupancy,
    derivedOption: { rate: [] },
  }));
  return withAuto({ ...form, options, primaryOccupancy: occupancy });
}

/**
 * The auto step of occupancy `o` from primary `p` (R192): fewer persons a decrease of decreaseValue × (p − o),
 * more an increase of increaseValue × (o − p); a percent when that direction's mode is '%', otherwise an amount
 * in the plan's currency. The primary itself has none (`null`).
 */
export function autoModifier(settings: AutoRateSettings, o: number, p: number): DerivedModifier | null {
  if (o === p) return null;
  if (o < p) {
    const kind = settings.decreaseMode === '%' ? 'decrease_by_percent' : 'decrease_by_amount';
    return [kind, settings.decreaseValue * (p - o)];
  }
  const kind = settings.increaseMode === '%' ? 'increase_by_percent' : 'increase_by_amount';
  return [kind, settings.increaseValue * (o - p)];
}

/** Every option's steps computed from the primary and the auto settings (M19 RECOMPUTE). */
export function recomputeAuto(form: RatePlanForm): RatePlanForm {
  const primary = form.options.find((o) => o.isPrimary)?.occupancy ?? form.primaryOccupancy;
  if (primary == null) return form;
  const options = form.options.map((o) => {
    const step = autoModifier(form.autoRateSettings, o.occupancy, primary);
    return { ...o, derivedOption: { rate: step ? [step] : [] } };
  });
  return { ...form, options };
}

/** Changes the auto settings; in auto mode the steps follow. */
export function setAutoSettings(form: RatePlanForm, patch: Partial<AutoRateSettings>): RatePlanForm {
  const autoRateSettings = { ...form.autoRateSettings, ...patch };
  // The form's one "mode" sets both directions.
  if (patch.mode !== undefined) {
    autoRateSettings.decreaseMode = patch.decreaseMode ?? patch.mode;
    autoRateSettings.increaseMode = patch.increaseMode ?? patch.mode;
  }
  return withAuto({ ...form, autoRateSettings });
}

/**
 * Edits one option's rate or derived steps (by index). In auto mode the steps are computed, so only the rate
 * changes there.
 */
export function editOption(
  form: RatePlanForm,
  index: number,
  patch: { rate?: number | null; derived?: DerivedModifier[] },
): RatePlanForm {
  if (!form.options[index]) return form;
  const options = form.options.map((o, i) => {
    if (i !== index) return o;
    const derived =
      form.rateMode === 'auto' || patch.derived === undefined ? o.derivedOption.rate : patch.derived;
    return {
      ...o,
      rate: patch.rate === undefined ? o.rate : patch.rate,
      derivedOption: { rate: [...derived] },
    };
  });
  return { ...form, options };
}

const withAuto = (form: RatePlanForm): RatePlanForm =>
  form.rateMode === 'auto' && form.sellMode === 'per_person' ? recomputeAuto(form) : form;
