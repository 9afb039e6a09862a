import type { PromoCode, PromoCodeBody, PromoCodeType, PromoStatus } from '@tern/sdk';
import { PROMO_TEXT_MAX, PROMO_TEXT_MIN } from '@tern/sdk';
import { type FormDrawerInput, formDrawerInput } from '../admin/formDrawerMachine.js';
import { validationKeys } from '../auth/rules.js';
import { roundMoney } from '../bookingEngine/pricing.js';
import { compareDays, type Day, monthOf } from '../dates/dates.js';
import { parseNumber } from '../format/parseNumber.js';

// Promo codes (document 2 §3, §4 M21 status label, §5, §9; DECISIONS 12): the label a list shows, the form's
// rules and its quick date ranges. "Today" is the property's.

/** M21: inactive (red), active (green), upcoming (blue: active, starts later), expired (orange: active, ended). */
export type PromoLabel = 'inactive' | 'active' | 'upcoming' | 'expired';
export const PROMO_LABEL_COLOURS: Record<PromoLabel, 'red' | 'green' | 'blue' | 'orange'> = {
  inactive: 'red',
  active: 'green',
  upcoming: 'blue',
  expired: 'orange',
};

export function promoLabel(
  promo: { status: PromoStatus; validFrom: string | null; validTo: string | null },
  today: Day,
): PromoLabel {
  if (promo.status === 'inactive') return 'inactive';
  if (promo.validFrom && compareDays(promo.validFrom as Day, today) > 0) return 'upcoming';
  if (promo.validTo && compareDays(promo.validTo as Day, today) < 0) return 'expired';
  return 'active';
}

/**
 * A promo's first day (document 2 §5: "validity range cannot begin before today"): not before the property's
 * `today`, unless it is the day the code already starts on (`keptFrom`: an edit keeps a range that has begun).
 * The form, the server and the picker's first day all read it here; the atomic take at checkout stays in SQL.
 */
export const isValidFromAllowed = (validFrom: Day, today: Day, keptFrom: Day | null = null): boolean =>
  validFrom === keptFrom || compareDays(validFrom, today) >= 0;

/** The first day the validity picker offers: today, or the code's own earlier first day when it is kept. */
export const validFromMinimum = (today: Day, keptFrom: Day | null = null): Day =>
  keptFrom && !isValidFromAllowed(keptFrom, today) ? keptFrom : today;

/** A new promo code's values (document 2 §3): a percentage of 10, inactive. */
export const NEW_PROMO = {
  codeType: 'percentage' as PromoCodeType,
  amount: 10,
  status: 'inactive' as PromoStatus,
};

export const promoValidationKeys = {
  length: 'validation_messages.promo_length',
  codeChars: 'validation_messages.promo_code_chars',
  amountMin: 'validation_messages.amount_min',
  percentMax: 'validation_messages.percent_max',
  limitMin: 'validation_messages.limit_min',
  beforeToday: 'validation_messages.range_before_today',
  rangeOrder: 'validation_messages.range_order',
} as const;
type PromoKey =
  | (typeof promoValidationKeys)[keyof typeof promoValidationKeys]
  | typeof validationKeys.required;
export type PromoField = 'name' | 'code' | 'amount' | 'usageLimit' | 'validFrom' | 'validTo';

export interface PromoFormValues {
  name: string;
  code: string;
  codeType: PromoCodeType;
  amount: number | null;
  usageLimit: number | null;
  validFrom: Day | null;
  validTo: Day | null;
}

/**
 * The promo form (§5): name and code of 2 to 50 (the code letters, digits, - and _), an amount of at least 1
 * (a percentage at most 100), a usage limit of at least 1 if given, a range that does not begin before today —
 * unless it is the range the code already had (`keptFrom`).
 */
export function validatePromoForm(
  values: PromoFormValues,
  today: Day,
  keptFrom: Day | null = null,
): Partial<Record<PromoField, PromoKey>> {
  const errors: Partial<Record<PromoField, PromoKey>> = {};
  const length = (v: string) => v.trim().length >= PROMO_TEXT_MIN && v.trim().length <= PROMO_TEXT_MAX;
  if (values.name.trim() === '') errors.name = validationKeys.required;
  else if (!length(values.name)) errors.name = promoValidationKeys.length;
  if (values.code.trim() === '') errors.code = validationKeys.required;
  else if (!length(values.code)) errors.code = promoValidationKeys.length;
  else if (!/^[A-Za-z0-9_-]+$/.test(values.code.trim())) errors.code = promoValidationKeys.codeChars;
  if (values.amount === null || Number.isNaN(values.amount)) errors.amount = validationKeys.required;
  else if (values.amount < 1) errors.amount = promoValidationKeys.amountMin;
  else if (values.codeType === 'percentage' && values.amount > 100)
    errors.amount = promoValidationKeys.percentMax;
  if (values.usageLimit !== null && (!Number.isInteger(values.usageLimit) || values.usageLimit < 1))
    errors.usageLimit = promoValidationKeys.limitMin;
  if (values.validFrom && !isValidFromAllowed(values.validFrom, today, keptFrom))
    errors.validFrom = promoValidationKeys.beforeToday;
  if (values.validFrom && values.validTo && compareDays(values.validTo, values.validFrom) < 0)
    errors.validTo = promoValidationKeys.rangeOrder;
  return errors;
}

/** The validity range's quick picks (document 2 §9): past month, this month, next month. */
export function promoQuickRanges(
  today: Day,
): { id: 'pastMonth' | 'thisMonth' | 'nextMonth'; from: Day; to: Day }[] {
  const past = monthOf(today, -1);
  const current = monthOf(today);
  const next = monthOf(today, 1);
  return [
    { id: 'pastMonth', ...past },
    { id: 'thisMonth', ...current },
    { id: 'nextMonth', ...next },
  ];
}

/** Whether a code can be taken now: active, in its range, under its limit (what the store checks). */
export function promoUsable(
  promo: {
    status: PromoStatus;
    validFrom: string | null;
    validTo: string | null;
    usageLimit: number | null;
    usageCount: number;
  },
  today: Day,
): boolean {
  return (
    promoLabel(promo, today) === 'active' &&
    (promo.usageLimit === null || promo.usageCount < promo.usageLimit)
  );
}

/**
 * Whether a code takes money off a type a store sells (document 2 §3 appliesTo): no stores named — every store's
 * types; the store named with no types — every type it sells; else only the types named.
 */
export function promoAppliesTo(
  appliesTo: readonly PromoAppliesTo[],
  storeId: string,
  typeId: string,
): boolean {
  if (appliesTo.length === 0) return true;
  const store = appliesTo.find((a) => a.storeId === storeId);
  return (
    store !== undefined && (store.giftCardTypeIds.length === 0 || store.giftCardTypeIds.includes(typeId))
  );
}

/**
 * What one card costs with a code (document 3 §5 cart): a percentage of, or a fixed amount off, its net price,
 * never below 0, rounded to the currency's decimals (ISK whole, EUR cents). The store's cart and checkout both
 * price with it.
 */
export function promoNetPrice(
  netPrice: number,
  promo: { codeType: PromoCodeType; amount: number },
  currency: string,
): number {
  const off = promo.codeType === 'percentage' ? (netPrice * promo.amount) / 100 : promo.amount;
  return Math.max(0, roundMoney(netPrice - off, currency));
}

/** The promo drawer's values as typed (numbers as text), for `formDrawerMachine` (document 2 §3, §5). */
export interface PromoDraft {
  name: string;
  code: string;
  codeType: PromoCodeType;
  amount: string;
  usageLimit: string;
  active: boolean;
  /** The validity range; either end may be open (a script's `--from` alone). */
  validFrom: Day | null;
  validTo: Day | null;
  /** The gift-card stores it applies to, each with some of the types it sells (none named: all of them). */
  appliesTo: PromoAppliesTo[];
}

/** A store a code applies to, and the types of that store it takes off (empty: every type the store sells). */
export interface PromoAppliesTo {
  storeId: string;
  giftCardTypeIds: string[];
}

/** The stores' part when a store is chosen or left (leaving forgets the types chosen of it). */
export function toggleAppliesToStore(
  appliesTo: readonly PromoAppliesTo[],
  storeId: string,
  on: boolean,
): PromoAppliesTo[] {
  const rest = appliesTo.filter((a) => a.storeId !== storeId);
  if (!on) return rest;
  return appliesTo.some((a) => a.storeId === storeId)
    ? appliesTo.map((a) => ({ ...a, giftCardTypeIds: [...a.giftCardTypeIds] }))
    : [...appliesTo, { storeId, giftCardTypeIds: [] }];
}

/** A store's types when one is chosen or left; choosing a type of a store not chosen chooses the store. */
export function toggleAppliesToType(
  appliesTo: readonly PromoAppliesTo[],
  storeId: string,
  typeId: string,
  on: boolean,
): PromoAppliesTo[] {
  const chosen = toggleAppliesToStore(appliesTo, storeId, true);
  return chosen.map((a) =>
    a.storeId !== storeId
      ? a
      : {
          storeId,
          giftCardTypeIds: on
            ? [...new Set([...a.giftCardTypeIds, typeId])]
            : a.giftCardTypeIds.filter((id) => id !== typeId),
        },
  );
}

/** The draft of a code being edited, or of a new one (§3's defaults: a percentage of 10, inactive). */
export function promoDraftOf(promo: PromoCode | null): PromoDraft {
  return {
    name: promo?.name ?? '',
    code: promo?.code ?? '',
    codeType: promo?.codeType ?? NEW_PROMO.codeType,
    amount: String(promo?.amount ?? NEW_PROMO.amount),
    usageLimit: promo?.usageLimit ? String(promo.usageLimit) : '',
    active: (promo?.status ?? NEW_PROMO.status) === 'active',
    validFrom: (promo?.validFrom ?? null) as Day | null,
    validTo: (promo?.validTo ?? null) as Day | null,
    appliesTo: (promo?.appliesTo ?? []).map((a) => ({
      storeId: a.storeId,
      giftCardTypeIds: [...a.giftCardTypeIds],
    })),
  };
}

/** What the rules read of a draft. */
export function promoValuesOf(draft: PromoDraft): PromoFormValues {
  return {
    name: draft.name,
    code: draft.code,
    codeType: draft.codeType,
    amount: parseNumber(draft.amount),
    usageLimit: parseNumber(draft.usageLimit),
    validFrom: draft.validFrom,
    validTo: draft.validTo,
  };
}

/** What a save sends for a (valid) draft; a cleared range is sent as empty days (document 2 §5). */
export function promoBodyOf(draft: PromoDraft, propertyId: string): PromoCodeBody {
  const values = promoValuesOf(draft);
  return {
    propertyId,
    name: values.name.trim(),
    code: values.code.trim(),
    codeType: values.codeType,
    amount: values.amount!,
    usageLimit: values.usageLimit,
    status: draft.active ? 'active' : 'inactive',
    validFrom: values.validFrom ?? '',
    validTo: values.validTo ?? '',
    appliesTo: (draft.appliesTo ?? []).map((a) => ({
      storeId: a.storeId,
      giftCardTypeIds: [...a.giftCardTypeIds],
    })),
  };
}

/**
 * The promo drawer's `formDrawerMachine` input: the draft of `promo` (or a new one) checked by
 * `validatePromoForm` against the property's `today`, an edited code keeping its own start.
 */
export function promoFormInput(promo: PromoCode | null, today: Day): FormDrawerInput<object> {
  const keptFrom = (promo?.validFrom ?? null) as Day | null;
  return formDrawerInput<PromoDraft>({
    values: promoDraftOf(promo),
    validate: (draft) => validatePromoForm(promoValuesOf(draft), today, keptFrom),
  });
}
