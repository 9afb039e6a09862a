import * as z from 'zod';
import { id, isoDate, listOf, recordId } from './common.js';
import { endpoint } from './define.js';
import { GIFT_CARD_TEXT_MAX, SEARCH_TERM_MAX } from './limits.js';

// Gift card types of a property's staff (document 3 §2.3, §3, §4 M23, §5, §7, §9; DECISIONS 13, 16, 23): what a
// store sells (single-property, multi-property or no-property, with their rate plans, stock, validity and
// price). The cards issued of them are in giftCards.ts, which makes the `giftCards` area of both.

/** Gift card types a page, per status tab (document 3 §9). */
export const GIFT_CARD_TYPES_PAGE_SIZE = 10;
// GIFT_CARD_TEXT_MAX (title, a recipient's name and e-mail) is in limits.ts: the store's light modules read it.
export { GIFT_CARD_TEXT_MAX };
export const GIFT_CARD_DESCRIPTION_MAX = 20_000;
export const GIFT_CARD_NOTE_MAX = 2_000;
/** Defaults of a new type (document 3 §9): valid 48 months, a stay of 1 night, reservation value 0. */
export const GIFT_CARD_DEFAULT_VALIDITY_MONTHS = 48;
export const GIFT_CARD_DEFAULT_LENGTH_OF_STAY = 1;
/** The discount a net price below the price makes (document 3 §5): its title. */
export const GIFT_CARD_DISCOUNT_TITLE = 'GiftCard Discount';
/** Photos a type shows at most. */
export const GIFT_CARD_PHOTOS_MAX = 20;
/**
 * A card's generated id (its code): 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L), drawn
 * by the server from a cryptographic source — about 60 bits, so codes cannot be guessed.
 */
export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 12;

/** giftcardType (document 3 §1, §3): 0 single-property, 1 multi-property, 2 no-property. */
export const GIFT_CARD_SINGLE = 0;
export const GIFT_CARD_MULTI = 1;
export const GIFT_CARD_NO_PROPERTY = 2;
export const giftcardType = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'Use 0 (single property), 1 (multi-property) or 2 (no property)',
});
export type GiftcardType = z.infer<typeof giftcardType>;

/** The status tabs (M23): created → published → archived (unpublishing archives, DECISIONS 16). */
export const giftCardTypeStatus = z.enum(['created', 'published', 'archived']);
export type GiftCardTypeStatus = z.infer<typeof giftCardTypeStatus>;

/** expirationType (document 3 §3): 0 a period after issuing, 1 an absolute date. */
export const expirationType = z.union([z.literal(0), z.literal(1)], {
  error: 'Use 0 (a period) or 1 (a date)',
});
export type ExpirationType = z.infer<typeof expirationType>;
export const expirationUnit = z.enum(['hours', 'days', 'months']);
export type ExpirationUnit = z.infer<typeof expirationUnit>;

/** settings.reservationValue (document 3 §3 `{product}tionValue`): 0 or 1. */
export const reservationValue = z.union([z.literal(0), z.literal(1)], { error: 'Use 0 or 1' });

/** A card's kind (the orders' filter, document 3 §7): a gift card, or an upsell card tied to rate plans. */
export const giftCardKind = z.enum(['gift_card', 'upsell']);
export type GiftCardKind = z.infer<typeof giftCardKind>;
/** Where a card was sold: issued by staff, bought in the store, or given through a campaign. */
export const giftCardSource = z.enum(['back_office', 'store', 'campaign']);
export type GiftCardSource = z.infer<typeof giftCardSource>;

// ---------------------------------------------------------------------------------------------------------------
// Gift card types

export const giftCardDiscount = z.object({
  title: z.string(),
  /** price − netPrice. */
  value: z.number(),
  discountType: z.literal('fixed_amount'),
  status: z.literal('active'),
});
export type GiftCardDiscount = z.infer<typeof giftCardDiscount>;

/** A rate plan a type is redeemed for, as its path of three levels (property → room type → rate plan). */
export const giftCardRatePlan = z.object({
  propertyId: recordId,
  roomTypeId: recordId,
  roomTypeTitle: z.string(),
  ratePlanId: recordId,
  ratePlanTitle: z.string(),
});
export type GiftCardRatePlan = z.infer<typeof giftCardRatePlan>;

export const giftCardUpsellRatePlan = giftCardRatePlan.extend({
  /** What the upsell costs on top, in `currency`. */
  price: z.number(),
  /** The row's property's currency: where the stay is booked and the upsell paid. */
  currency: z.string(),
});
export type GiftCardUpsellRatePlan = z.infer<typeof giftCardUpsellRatePlan>;

export const giftCardPhoto = z.object({
  /** Where it is served (`/photos/uploads/…`). */
  url: z.string(),
  /** Its place, from 0. */
  position: z.number().int(),
});

export const giftCardTypeSettings = z.object({
  /** Nights a card is redeemed for (≥ 1). */
  lengthOfStay: z.number().int(),
  reservationValue,
});

export const giftCardType = z.object({
  id: recordId,
  type: z.literal('giftCardType'),
  /** The property whose staff own it. */
  propertyId: recordId,
  giftcardType,
  title: z.string(),
  /** The rich description (HTML as the editor writes it). */
  description: z.string(),
  price: z.number(),
  /** What a buyer pays; equal to the price when there is no discount. */
  netPrice: z.number(),
  /** `null` when the net price is the price. */
  discount: giftCardDiscount.nullable(),
  /** Cards it may issue in all (the stock it started with). */
  limit: z.number().int(),
  /** Cards issued so far. */
  issued: z.number().int(),
  /** limit − issued − held by the public store's open checkouts. */
  stock: z.number().int(),
  expirationType,
  expirationDuration: z.number().int().nullable(),
  expirationDurationUnit: expirationUnit.nullable(),
  absoluteExpirationDate: z.string().nullable(),
  status: giftCardTypeStatus,
  /** `null` for a no-property type. */
  settings: giftCardTypeSettings.nullable(),
  /** Gift-card stores of its property that sell it (the stores order them by priority). */
  storeIds: z.array(recordId),
  ratePlans: z.array(giftCardRatePlan),
  upsellRatePlans: z.array(giftCardUpsellRatePlan),
  offerLetterDelivery: z.boolean(),
  offerPickupAtHotel: z.boolean(),
  pdfTemplateId: recordId.nullable(),
  photos: z.array(giftCardPhoto),
  /** Cards exist: its sale terms can no longer change (document 3 §4); duplicate it instead. */
  locked: z.boolean(),
  /** The type it was duplicated from, or `null`. */
  duplicateOf: recordId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCardType = z.infer<typeof giftCardType>;

/** A required text of at most `max` characters. */
export const giftCardText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: `At most ${max} characters` });
const money = z
  .number({ error: 'Enter a valid price' })
  .min(0, { error: 'Enter a valid price' })
  .max(100_000_000);

/** A choice of the three-level path: property (absent: the type's), room type, rate plan. */
export const giftCardRatePlanInput = z.object({
  /** Another property the caller works at (a multi-property type); absent: the type's property. */
  propertyId: id.optional(),
  /** The room type (unit) the plan sells: one plan per room type across rates and upsells. */
  roomTypeId: id,
  ratePlanId: id,
});
export const giftCardUpsellInput = giftCardRatePlanInput.extend({
  price: z.number({ error: 'Enter a valid price' }).min(0, { error: 'Enter a valid price' }).max(100_000_000),
});

/** The fields of the type form (document 3 §5), before the rules that join them. */
export const giftCardTypeFields = z.object({
  propertyId: id,
  giftcardType: giftcardType.default(GIFT_CARD_SINGLE),
  title: giftCardText(GIFT_CARD_TEXT_MAX),
  description: giftCardText(GIFT_CARD_DESCRIPTION_MAX),
  price: money,
  /** Optional: at least 1 and below the price; absent, it is the price (DECISIONS 13). */
  netPrice: z.number().min(1, { error: 'At least 1' }).max(100_000_000).nullable().optional(),
  limit: z
    .number({ error: 'Enter a valid inventory' })
    .int({ error: 'Enter a valid inventory' })
    .min(1, { error: 'Enter a valid inventory' })
    .max(10_000_000),
  expirationType: expirationType.default(0),
  expirationDuration: z
    .number()
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'At least 1' })
    .max(100_000)
    .default(GIFT_CARD_DEFAULT_VALIDITY_MONTHS),
  expirationDurationUnit: expirationUnit.default('months'),
  /** Required when expirationType is 1; a day after the property's today. */
  absoluteExpirationDate: isoDate.nullable().default(null),
  settings: z
    .object({
      lengthOfStay: z
        .number()
        .int({ error: 'Use a whole number' })
        .min(1, { error: 'At least 1' })
        .max(365)
        .default(GIFT_CARD_DEFAULT_LENGTH_OF_STAY),
      reservationValue: reservationValue.default(0),
    })
    .default({ lengthOfStay: GIFT_CARD_DEFAULT_LENGTH_OF_STAY, reservationValue: 0 }),
  storeIds: z.array(id).min(1, { error: 'required' }).max(100),
  ratePlans: z.array(giftCardRatePlanInput).max(500).default([]),
  upsellRatePlans: z.array(giftCardUpsellInput).max(500).default([]),
  offerLetterDelivery: z.boolean().default(false),
  offerPickupAtHotel: z.boolean().default(false),
  pdfTemplateId: id.nullable().default(null),
  /** Uploads of the property (`/photos/uploads/…`), in the order shown. */
  photos: z
    .array(z.object({ url: z.string().trim().min(1).max(300) }))
    .max(GIFT_CARD_PHOTOS_MAX)
    .default([]),
});

type Fields = z.output<typeof giftCardTypeFields>;

/** Room types named more than once across the rate and upsell rows (document 3 §5: one per room type). */
export function repeatedRoomTypes(
  ratePlans: readonly { roomTypeId: string }[],
  upsellRatePlans: readonly { roomTypeId: string }[],
): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { roomTypeId } of [...ratePlans, ...upsellRatePlans]) {
    if (seen.has(roomTypeId)) repeated.add(roomTypeId);
    seen.add(roomTypeId);
  }
  return [...repeated];
}

/** The discount of a price and net price (document 3 §5): `null` when they are equal. */
export function giftCardDiscountOf(
  price: number,
  netPrice: number | null | undefined,
): GiftCardDiscount | null {
  if (netPrice == null || netPrice === price) return null;
  return {
    title: GIFT_CARD_DISCOUNT_TITLE,
    value: Math.round((price - netPrice) * 100) / 100,
    discountType: 'fixed_amount',
    status: 'active',
  };
}

/** The rules of the type form that join fields (document 3 §5). */
function typeRules<S extends z.ZodType<Fields>>(schema: S) {
  return schema
    .refine((b) => b.netPrice == null || b.netPrice < b.price, {
      error: 'The discounted price must be below the price',
      path: ['netPrice'],
    })
    .refine((b) => b.expirationType !== 1 || b.absoluteExpirationDate !== null, {
      error: 'required',
      path: ['absoluteExpirationDate'],
    })
    .refine(
      (b) => b.giftcardType === GIFT_CARD_NO_PROPERTY || b.ratePlans.length + b.upsellRatePlans.length > 0,
      { error: 'required', path: ['ratePlans'] },
    )
    .refine(
      (b) =>
        b.giftcardType !== GIFT_CARD_NO_PROPERTY ||
        (b.ratePlans.length === 0 && b.upsellRatePlans.length === 0),
      { error: 'A no-property gift card has no rate plans', path: ['ratePlans'] },
    )
    .refine((b) => repeatedRoomTypes(b.ratePlans, b.upsellRatePlans).length === 0, {
      error: 'Select one per room type',
      path: ['ratePlans'],
    });
}

/** Creating a type: the form, and whether to publish it at once ("publish when created"). */
export const giftCardTypeCreateBody = typeRules(
  giftCardTypeFields.extend({ publish: z.boolean().default(false) }),
);
export type GiftCardTypeCreateBody = z.input<typeof giftCardTypeCreateBody>;

/**
 * Changing a type: the whole form. Once cards exist (`locked`), only what does not change what was sold may
 * change: title, description, photos, stores, letter and pickup offers, the PDF template.
 */
export const giftCardTypeUpdateBody = typeRules(giftCardTypeFields);
export type GiftCardTypeUpdateBody = z.input<typeof giftCardTypeUpdateBody>;

/** The fields a locked type still takes (document 3 §4: editing is locked where cards exist). */
export const GIFT_CARD_TYPE_FIELDS_WHEN_LOCKED = [
  'title',
  'description',
  'photos',
  'storeIds',
  'offerLetterDelivery',
  'offerPickupAtHotel',
  'pdfTemplateId',
] as const;

export const giftCardTypesQuery = z.object({
  propertyId: id,
  status: giftCardTypeStatus.default('published'),
  term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(GIFT_CARD_TYPES_PAGE_SIZE),
});
export type GiftCardTypesQuery = z.input<typeof giftCardTypesQuery>;

/** The stock of a type (`sizes`): limit − issued − held by the public store's open checkouts. */
export const giftCardTypeSize = z.object({
  id: recordId,
  limit: z.number().int(),
  issued: z.number().int(),
  stock: z.number().int(),
});
export type GiftCardTypeSize = z.infer<typeof giftCardTypeSize>;

// ---------------------------------------------------------------------------------------------------------------

const BASE = '/api/v1/tern_hotels';
export const GIFT_CARD_TYPES_PATH = `${BASE}/gift_card_types`;
export const GIFT_CARDS_PATH = `${BASE}/gift_cards`;
const TYPES = GIFT_CARD_TYPES_PATH;
export const giftCardStaff = ['supplier', 'admin'] as const;
const staff = giftCardStaff;
/** A call on one type or card names the property it is of: the owner check resolves both. */
export const giftCardOfProperty = z.object({ propertyId: id });
const ofProperty = giftCardOfProperty;

/** The `giftCards` area's calls on types (giftCards.ts makes the area). */
export const giftCardTypeEndpoints = {
  listTypes: endpoint({
    method: 'GET',
    path: TYPES,
    summary:
      'A property’s gift card types of one status tab (published, created or archived), newest first, 10 a page; `term` searches the title.',
    access: staff,
    owns: { propertyId: 'property' },
    query: giftCardTypesQuery,
    reply: 'list',
    response: listOf(giftCardType),
    errors: [404],
  }),
  typeSizes: endpoint({
    method: 'GET',
    path: `${TYPES}/sizes`,
    summary:
      'The stock of each of the property’s gift card types: limit − issued − held by the public store’s open checkouts, as the issuing counts it.',
    access: staff,
    owns: { propertyId: 'property' },
    query: ofProperty,
    reply: 'plain',
    response: z.object({ items: z.array(giftCardTypeSize) }),
    errors: [404],
  }),
  getType: endpoint({
    method: 'GET',
    path: `${TYPES}/{id}`,
    summary: 'One gift card type of the property.',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'resource',
    response: giftCardType,
    errors: [404],
  }),
  createType: endpoint({
    method: 'POST',
    path: TYPES,
    summary:
      'Adds a gift card type, created or (`publish`) published at once. Its rate plans are of the property (of properties the caller works at for a multi-property type, which needs two of them); an absolute expiry is after today.',
    access: staff,
    owns: {
      propertyId: 'property',
      'ratePlans[].propertyId': 'property',
      'upsellRatePlans[].propertyId': 'property',
      // Checked by the service inside the properties resolved above (rate_plan_not_found): a plan of that
      // property selling that room type.
      'ratePlans[].roomTypeId': 'narrows',
      'ratePlans[].ratePlanId': 'narrows',
      'upsellRatePlans[].roomTypeId': 'narrows',
      'upsellRatePlans[].ratePlanId': 'narrows',
      // Checked by the services among the stores of the type's hotels (store_not_found; docs/decisions.md
      // "Group stores") and the PDF templates the property may use (pdf_template_not_found).
      storeIds: 'narrows',
      pdfTemplateId: 'narrows',
    },
    body: giftCardTypeCreateBody,
    reply: 'resource',
    response: giftCardType,
    creates: true,
    errors: [400, 404],
  }),
  updateType: endpoint({
    method: 'PUT',
    path: `${TYPES}/{id}`,
    summary:
      'Changes a gift card type (not an archived one). Once cards exist only the title, description, photos, stores, delivery offers and PDF template change: duplicate it for other terms. Its kind (giftcardType) stays. A rate plan of another property is of one the caller works at, or one the type has already.',
    access: staff,
    owns: {
      id: 'giftCardType',
      propertyId: 'property',
      // A property the caller works at, or one where the type has plans already (staff of one of a
      // multi-property type's hotels keep its plans at the others; the service refuses a new plan there).
      'ratePlans[].propertyId': 'giftCardTypePlanProperty',
      'upsellRatePlans[].propertyId': 'giftCardTypePlanProperty',
      // Checked by the service inside those properties (rate_plan_not_found): a plan of that property selling
      // that room type.
      'ratePlans[].roomTypeId': 'narrows',
      'ratePlans[].ratePlanId': 'narrows',
      'upsellRatePlans[].roomTypeId': 'narrows',
      'upsellRatePlans[].ratePlanId': 'narrows',
      // Checked by the services among the stores of the type's hotels (store_not_found; docs/decisions.md
      // "Group stores") and the PDF templates the property may use (pdf_template_not_found).
      storeIds: 'narrows',
      pdfTemplateId: 'narrows',
    },
    params: z.object({ id }),
    body: giftCardTypeUpdateBody,
    reply: 'resource',
    response: giftCardType,
    errors: [400, 404, 409],
  }),
  duplicateType: endpoint({
    method: 'POST',
    path: `${TYPES}/{id}/duplicate`,
    summary: 'A copy of a gift card type with the status created and nothing issued, open to editing.',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'resource',
    response: giftCardType,
    creates: true,
    errors: [404],
  }),
  publishType: endpoint({
    method: 'PUT',
    path: `${TYPES}/{id}/publish`,
    summary: 'Publishes a created gift card type: the stores sell it (M23).',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'resource',
    response: giftCardType,
    errors: [404, 409],
  }),
  unpublishType: endpoint({
    method: 'PUT',
    path: `${TYPES}/{id}/unpublish`,
    summary:
      'Unpublishes a published gift card type: it is archived, read-only, and no longer sold (M23, DECISIONS 16). Cards issued stay valid.',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'resource',
    response: giftCardType,
    errors: [404, 409],
  }),
};
