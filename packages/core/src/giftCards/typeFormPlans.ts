import { GIFT_CARD_MULTI, GIFT_CARD_NO_PROPERTY, type GiftcardType, repeatedRoomTypes } from '@tern/sdk';

// The rate plans of the gift card type form (document 3 §1, §3, §4, §5): the properties a type is redeemed at
// (its own for a single-property type, two or more of the user's for a multi-property one, none for a
// no-property one), a rate plan per room type of those properties, and upsell rows — a rate plan and its
// price — under the same "one per room type across rates and upsells" rule. Pure: the form and its tests call
// these; the server checks the same again.

export interface RatePlanChoice {
  /** Another property of a multi-property type; absent: the type's. */
  propertyId?: string;
  roomTypeId: string;
  ratePlanId: string;
}
export interface UpsellChoice extends RatePlanChoice {
  price: number | null;
  /** The row's hotel's currency, as the type's reply says it (a row chosen in the form has none yet). */
  currency?: string;
}

/** What these rules read of the form. */
export interface TypePlans {
  giftcardType: GiftcardType | null;
  /** The properties a multi-property type is redeemed at (its own first); empty for the other kinds. */
  propertyIds: string[];
  ratePlans: RatePlanChoice[];
  upsellRatePlans: UpsellChoice[];
}

/** The property a row's plan belongs to: its own, or the type's when it names none. */
export const planPropertyOf = (row: { propertyId?: string }, ownPropertyId: string): string =>
  row.propertyId ?? ownPropertyId;

/**
 * Whether a row is at a hotel the user does not work at (staff of one of a multi-property type's hotels). Such
 * rows are shown as at another hotel and sent back unchanged: the server keeps the plans a type has there and
 * refuses new ones (docs/decisions.md "multi-property").
 */
export const atOtherHotel = (row: { propertyId?: string }, own: string, mine: readonly string[]): boolean => {
  const of = planPropertyOf(row, own);
  return of !== own && !mine.includes(of);
};

/** The type's properties the user does not work at, in the type's order. */
export const otherHotelsOf = (
  form: Pick<TypePlans, 'giftcardType' | 'propertyIds'>,
  own: string,
  mine: readonly string[],
): string[] => typePropertiesOf(form, own).filter((p) => atOtherHotel({ propertyId: p }, own, mine));

/** The properties whose plans the type takes: its own (type 0), the chosen ones (type 1), none (type 2). */
export function typePropertiesOf(
  form: Pick<TypePlans, 'giftcardType' | 'propertyIds'>,
  own: string,
): string[] {
  if (form.giftcardType === GIFT_CARD_NO_PROPERTY) return [];
  if (form.giftcardType !== GIFT_CARD_MULTI) return [own];
  return form.propertyIds.includes(own) ? [...form.propertyIds] : [own, ...form.propertyIds];
}

/** The rows of the type's properties only (a property left, or a kind changed, drops the others' rows). */
export function plansOfTypeProperties<R extends RatePlanChoice>(
  rows: readonly R[],
  properties: string[],
  own: string,
) {
  return rows.filter((r) => properties.includes(planPropertyOf(r, own)));
}

/**
 * The form's change when its kind changes: a multi-property type starts with the type's own property; another
 * kind forgets the chosen properties and keeps only rows of its own property.
 */
export function changeGiftcardType<F extends TypePlans>(
  form: F,
  kind: GiftcardType,
  own: string,
): Partial<F> {
  const propertyIds = kind === GIFT_CARD_MULTI ? typePropertiesOf({ ...form, giftcardType: kind }, own) : [];
  const kept = typePropertiesOf({ giftcardType: kind, propertyIds }, own);
  const change: Partial<TypePlans> = {
    giftcardType: kind,
    propertyIds,
    // A no-property type keeps the rows (unsent) so that going back to a property does not lose them.
    ...(kind === GIFT_CARD_NO_PROPERTY
      ? {}
      : {
          ratePlans: plansOfTypeProperties(form.ratePlans, kept, own),
          upsellRatePlans: plansOfTypeProperties(form.upsellRatePlans, kept, own),
        }),
  };
  return change as Partial<F>;
}

/** The form's change when a property is chosen or left on a multi-property type (leaving drops its rows). */
export function toggleTypeProperty<F extends TypePlans>(
  form: F,
  id: string,
  on: boolean,
  own: string,
  mine?: readonly string[],
): Partial<F> {
  const chosen = typePropertiesOf(form, own);
  // Its own property, and one the user does not work at (`mine`, when given), stay: their plans are kept.
  const stays = (p: string) =>
    p === own || (mine !== undefined && atOtherHotel({ propertyId: p }, own, mine));
  const propertyIds = on ? [...new Set([...chosen, id])] : chosen.filter((p) => p !== id || stays(p));
  const change: Partial<TypePlans> = {
    propertyIds,
    ratePlans: plansOfTypeProperties(form.ratePlans, propertyIds, own),
    upsellRatePlans: plansOfTypeProperties(form.upsellRatePlans, propertyIds, own),
  };
  return change as Partial<F>;
}

/** The rate (not upsell) row of a room type, if one is chosen. */
export const rateOf = (rows: readonly RatePlanChoice[], roomTypeId: string, property: string, own: string) =>
  rows.find((r) => r.roomTypeId === roomTypeId && planPropertyOf(r, own) === property);

/** The rates when a room type's select changes: its row replaced, or dropped for "no rate plan". */
export function chooseRate(
  rows: readonly RatePlanChoice[],
  choice: { propertyId: string; roomTypeId: string; ratePlanId: string | null },
  own: string,
): RatePlanChoice[] {
  const others = rows.filter((r) => r !== rateOf(rows, choice.roomTypeId, choice.propertyId, own));
  if (choice.ratePlanId === null) return others;
  const row: RatePlanChoice = { roomTypeId: choice.roomTypeId, ratePlanId: choice.ratePlanId };
  return [...others, choice.propertyId === own ? row : { ...row, propertyId: choice.propertyId }];
}

/** A new upsell row, at the first of the type's properties, its room type and plan still to choose. */
export const newUpsellRow = (property: string, own: string): UpsellChoice => ({
  ...(property === own ? {} : { propertyId: property }),
  roomTypeId: '',
  ratePlanId: '',
  price: null,
});

export interface PlanRuleKeys {
  required: string;
  onePerRoomType: string;
  twoProperties: string;
  validPrice: string;
}

/**
 * The rate plans' errors (document 3 §5): plans are required unless no-property; a multi-property type names two
 * properties or more, each with a plan; one plan per room type across rates and upsells; each upsell row has its
 * plan and a price of at least 0. Row fields are dotted: `upsellRatePlans.<i>.price`, and a property's missing
 * plan is `ratePlans.<propertyId>`.
 */
export function planErrors(form: TypePlans, own: string, keys: PlanRuleKeys): Record<string, string> {
  const e: Record<string, string> = {};
  const properties = typePropertiesOf(form, own);
  if (properties.length === 0) return e;
  const rates = plansOfTypeProperties(form.ratePlans, properties, own);
  const upsells = form.upsellRatePlans;
  if (form.giftcardType === GIFT_CARD_MULTI && properties.length < 2) e.propertyIds = keys.twoProperties;
  const chosen = [...rates, ...upsells].filter((r) => r.ratePlanId !== '');
  if (chosen.length === 0) e.ratePlans = keys.required;
  else if (repeatedRoomTypes(chosen, []).length > 0) e.ratePlans = keys.onePerRoomType;
  if (form.giftcardType === GIFT_CARD_MULTI && chosen.length > 0)
    for (const p of properties)
      if (!chosen.some((r) => planPropertyOf(r, own) === p)) e[`ratePlans.${p}`] = keys.required;
  upsells.forEach((row, i) => {
    if (row.roomTypeId === '' || row.ratePlanId === '') e[`upsellRatePlans.${i}.ratePlanId`] = keys.required;
    if (row.price === null || Number.isNaN(row.price)) e[`upsellRatePlans.${i}.price`] = keys.required;
    else if (row.price < 0) e[`upsellRatePlans.${i}.price`] = keys.validPrice;
  });
  return e;
}
