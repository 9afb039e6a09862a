import * as z from 'zod';
import { email, id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { GIFT_CARD_ISSUE_BATCH_MAX, SEARCH_TERM_MAX } from './limits.js';

// Gift cards of a property's staff (document 3 §2.3, §3, §4 M23/M24, §5, §7, §9; DECISIONS 13, 16, 23): gift
// card types (what a store sells: single-property, multi-property or no-property, with their rate plans, stock,
// validity and price) and the issued cards (orders) made of them. The server counts the stock: issuing takes it
// in the transaction that writes the cards, so a type never issues more than its limit.

/** Gift card types a page, per status tab (document 3 §9). */
export const GIFT_CARD_TYPES_PAGE_SIZE = 10;
/** Issued cards a page (document 3 §9, DECISIONS 17). */
export const GIFT_CARDS_PAGE_SIZE = 10;
/** Title, and a recipient's name and e-mail: at most 80 characters (document 3 §5, §9). */
export const GIFT_CARD_TEXT_MAX = 80;
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
  /** What the upsell costs on top, in the property's currency. */
  price: z.number(),
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
  /** limit − issued. */
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

const text = (max: number) =>
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
  title: text(GIFT_CARD_TEXT_MAX),
  description: text(GIFT_CARD_DESCRIPTION_MAX),
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

/** The stock of a type (`sizes`): limit − issued. */
export const giftCardTypeSize = z.object({
  id: recordId,
  limit: z.number().int(),
  issued: z.number().int(),
  stock: z.number().int(),
});
export type GiftCardTypeSize = z.infer<typeof giftCardTypeSize>;

// ---------------------------------------------------------------------------------------------------------------
// Issued cards

/** The booking a card was redeemed for (document 3 §3 agentBooking). */
export const giftCardBooking = z.object({
  bookingId: recordId,
  reservationId: z.string(),
  arrivalDate: z.string(),
  status: z.string(),
  bookingType: z.enum(['normal', 'upsell']),
  propertyId: recordId,
});

export const giftCardDelivery = z.object({
  deliveryName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  deliveryZipCode: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  deliveryState: z.string().nullable(),
  deliveryCountry: z.string().nullable(),
});

export const giftCard = z.object({
  id: recordId,
  type: z.literal('giftCard'),
  /** Its code: what the recipient types to redeem it. */
  generatedId: z.string(),
  giftCardTypeId: recordId,
  propertyId: recordId,
  kind: giftCardKind,
  /** The type's title when it was issued. */
  title: z.string(),
  /** The recipient. */
  name: z.string(),
  email: z.string(),
  notes: z.string(),
  /** Used (redeemed or marked used). */
  booked: z.boolean(),
  delivered: z.boolean(),
  sendByLetter: z.boolean(),
  pickupAtHotel: z.boolean(),
  /** The last day it may be used (`YYYY-MM-DD`). */
  expirationDate: z.string(),
  price: z.number(),
  netPrice: z.number(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  purchaseGeneratedId: z.string().nullable(),
  /** The property that sells it. */
  supplierName: z.string(),
  sourceOfSale: giftCardSource,
  /** The issuing client's key of the row it was issued for (bulk issuing), or `null`. */
  rowKey: z.string().nullable(),
  agentBooking: giftCardBooking.nullable(),
  redeemedBy: z.string().nullable(),
  redeemMethod: z.string().nullable(),
  multiProperty: z.boolean(),
  settings: z.object({ lengthOfStay: z.number().int() }).nullable(),
  ...giftCardDelivery.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCard = z.infer<typeof giftCard>;

export const giftCardOrderBy = z.enum(['code', 'expiration', 'created_at']);
export type GiftCardOrderBy = z.infer<typeof giftCardOrderBy>;

/** A query-string boolean: `true`/`false`; absent: any. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true')
  .optional();

/** The orders list (document 3 §2.3 filters, §7 query, §9 paging: 10 a page, newest first). */
export const giftCardsQuery = z
  .object({
    propertyId: id,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(GIFT_CARDS_PAGE_SIZE),
    orderBy: giftCardOrderBy.default('created_at'),
    orderDirection: z.enum(['asc', 'desc']).default('desc'),
    /** Searches the code, the recipient's name and e-mail, the buyer and the title. */
    term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
    kind: giftCardKind.optional(),
    /** Used (`true`) or unused (`false`). */
    booked: flag,
    /** Sent (`true`) or not sent (`false`). */
    delivered: flag,
    /** By letter (`true`) or by e-mail (`false`). */
    sendByLetter: flag,
    /** Sold on or after this day, in the property's time zone. */
    soldFrom: isoDate.optional(),
    /** Sold on or before this day. */
    soldTo: isoDate.optional(),
    giftCardTypeId: id.optional(),
  })
  .refine((q) => !q.soldFrom || !q.soldTo || q.soldTo >= q.soldFrom, {
    error: 'The range ends before it starts',
    path: ['soldTo'],
  });
export type GiftCardsQuery = z.input<typeof giftCardsQuery>;

/** The formats the orders list exports to (document 3 §2.3 export menu, §7 `exportFormat`). */
export const giftCardExportFormat = z.enum(['csv', 'xlsx']);
export type GiftCardExportFormat = z.infer<typeof giftCardExportFormat>;

const { page: _page, limit: _limit, ...listFilters } = giftCardsQuery.shape;
/** The export: the list's query (filters, order) without paging, plus the format. */
export const giftCardsExportQuery = z
  .object({ ...listFilters, exportFormat: giftCardExportFormat })
  .refine((q) => !q.soldFrom || !q.soldTo || q.soldTo >= q.soldFrom, {
    error: 'The range ends before it starts',
    path: ['soldTo'],
  });
export type GiftCardsExportQuery = z.input<typeof giftCardsExportQuery>;

/** The most months one liability report covers. */
export const GIFT_CARD_LIABILITY_MONTHS_MAX = 120;
/** A month, `YYYY-MM` (1900–2999); a day `YYYY-MM-DD` names its month (what a date picker gives). */
const yearMonth = z
  .string()
  .regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, { error: 'Use YYYY-MM' })
  .transform((m) => m.slice(0, 7));
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** The liability ledger's months, in the property's time zone, both included. */
export const giftCardLiabilityQuery = z
  .object({ propertyId: id, from: yearMonth, to: yearMonth })
  .refine((q) => q.to >= q.from, { error: 'The range ends before it starts', path: ['to'] })
  .refine((q) => monthIndex(q.to) - monthIndex(q.from) < GIFT_CARD_LIABILITY_MONTHS_MAX, {
    error: `At most ${GIFT_CARD_LIABILITY_MONTHS_MAX} months`,
    path: ['to'],
  });
export type GiftCardLiabilityQuery = z.input<typeof giftCardLiabilityQuery>;

/** A number of cards and what they were sold for (their net price). */
export const giftCardAmount = z.object({ count: z.number().int(), value: z.number() });

export const giftCardLiabilityMonth = z.object({
  /** `YYYY-MM`, in the property's time zone. */
  month: z.string(),
  /** Cards sold (issued) in the month. */
  sold: giftCardAmount,
  /** Cards used (redeemed or marked used) in the month, before expiring or being cancelled. */
  redeemed: giftCardAmount,
  /** Cards whose last day passed in the month unused and not cancelled. */
  expired: giftCardAmount,
  /** Cards cancelled in the month, unused and unexpired. */
  cancelled: giftCardAmount,
  /** Cards sold by the month's end, neither used, expired nor cancelled then: what the property owes in stays. */
  outstanding: giftCardAmount,
});

export const giftCardLiability = z.object({
  propertyId: recordId,
  currency: z.string(),
  /** Outstanding at the start of the first month. */
  opening: giftCardAmount,
  months: z.array(giftCardLiabilityMonth),
});
export type GiftCardLiability = z.infer<typeof giftCardLiability>;

const recipientName = text(GIFT_CARD_TEXT_MAX);
const recipientEmail = z
  .string()
  .trim()
  .max(GIFT_CARD_TEXT_MAX, { error: `At most ${GIFT_CARD_TEXT_MAX} characters` })
  .pipe(email);

export const giftCardRecipient = z.object({
  /**
   * The client's key of this row (e.g. a hash of the CSV line): a card is issued once per type and row key, so
   * a rerun of an interrupted batch issues only the rows still missing.
   */
  rowKey: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { error: 'Use visible ASCII characters' }),
  name: recipientName,
  email: recipientEmail,
  note: z.string().trim().max(GIFT_CARD_NOTE_MAX).default(''),
});
export type GiftCardRecipient = z.input<typeof giftCardRecipient>;

/** Issuing cards of a type (the issue order's recipients; document 3 §3, §5). */
export const issueGiftCardsBody = z
  .object({
    propertyId: id,
    recipients: z
      .array(giftCardRecipient)
      .min(1, { error: 'required' })
      .max(GIFT_CARD_ISSUE_BATCH_MAX, { error: `At most ${GIFT_CARD_ISSUE_BATCH_MAX} a call` }),
    /** A custom last day, not before the property's today; absent: from the type's period or date. */
    expirationDate: isoDate.nullable().optional(),
    /** What each card was sold for (a whole number ≥ 0); absent: the type's net price. */
    netPrice: z.number().int({ error: 'Use a whole number' }).min(0).max(100_000_000).nullable().optional(),
    buyerName: text(GIFT_CARD_TEXT_MAX).nullable().optional(),
    buyerEmail: recipientEmail.nullable().optional(),
    /**
     * Record the cards as sold (document 3 §3 purchase, §4 M26): they belong to one purchase of the run — found
     * again by `key` in every batch and rerun of it — of `quantity` cards, `paid` or initiated (`unpaid`), issued
     * once all its cards are. Absent: the cards belong to no purchase.
     */
    purchase: z
      .object({
        key: z.string().trim().min(1).max(200),
        quantity: z.number().int().min(1).max(1_000_000),
        purchaseState: z.enum(['paid', 'unpaid']),
      })
      .optional(),
  })
  .refine((b) => new Set(b.recipients.map((r) => r.rowKey)).size === b.recipients.length, {
    error: 'Each row key once',
    path: ['recipients'],
  });
export type IssueGiftCardsBody = z.input<typeof issueGiftCardsBody>;

export const issueGiftCardsReply = z.object({
  /** One card per recipient row, in the order sent: new, or issued for that row key before. */
  cards: z.array(giftCard),
  /** How many of them this call issued (the rest were issued before). */
  created: z.number().int(),
  /** The type's stock left. */
  stock: z.number().int(),
});
export type IssueGiftCardsReply = z.infer<typeof issueGiftCardsReply>;

/** Marking used, or unused again (M24): the note is required. */
export const giftCardNoteBody = z.object({
  propertyId: id,
  notes: text(GIFT_CARD_NOTE_MAX),
});

/** The details drawer (document 3 §5): expiry not before today, the recipient's name and e-mail. */
export const giftCardDetailsBody = z.object({
  propertyId: id,
  expirationDate: isoDate,
  name: recipientName,
  email: recipientEmail,
});
export type GiftCardDetailsBody = z.input<typeof giftCardDetailsBody>;

// ---------------------------------------------------------------------------------------------------------------

const BASE = '/api/v1/tern_hotels';
const TYPES = `${BASE}/gift_card_types`;
const CARDS = `${BASE}/gift_cards`;
const staff = ['supplier', 'admin'] as const;
/** A call on one type or card names the property it is of: the owner check resolves both. */
const ofProperty = z.object({ propertyId: id });

export const giftCardsArea = defineArea('giftCards', {
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
    summary: 'The stock of each of the property’s gift card types: limit − issued, as the issuing counts it.',
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
      // Checked by the services among the property's stores (store_not_found) and the PDF templates it may use
      // (pdf_template_not_found).
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
      // Checked by the service (property_not_found): a property the caller works at, or a plan the type has
      // already there (staff of one of a multi-property type's hotels keep its plans at the others).
      'ratePlans[].propertyId': 'narrows',
      'upsellRatePlans[].propertyId': 'narrows',
      // Checked by the service inside those properties (rate_plan_not_found): a plan of that property selling
      // that room type.
      'ratePlans[].roomTypeId': 'narrows',
      'ratePlans[].ratePlanId': 'narrows',
      'upsellRatePlans[].roomTypeId': 'narrows',
      'upsellRatePlans[].ratePlanId': 'narrows',
      // Checked by the services among the property's stores (store_not_found) and the PDF templates it may use
      // (pdf_template_not_found).
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
  issue: endpoint({
    method: 'POST',
    path: `${TYPES}/{id}/issue_cards`,
    summary:
      'Issues one card per recipient row of a created or published type, taking its stock in the same transaction (all rows or none: `out_of_stock` when fewer are left). A row key issued before returns its card again, so a rerun issues only what is missing.',
    access: staff,
    owns: { id: 'giftCardType', propertyId: 'property' },
    params: z.object({ id }),
    body: issueGiftCardsBody,
    reply: 'plain',
    response: issueGiftCardsReply,
    creates: true,
    errors: [400, 404, 409],
  }),
  list: endpoint({
    method: 'GET',
    path: CARDS,
    summary:
      'A property’s issued gift cards (orders), 10 a page, newest first or by code or expiration; filtered by kind, used, delivered, delivery method and sold days; `term` searches code, recipient, buyer and title.',
    access: staff,
    owns: { propertyId: 'property', giftCardTypeId: 'giftCardType' },
    query: giftCardsQuery,
    reply: 'list',
    response: listOf(giftCard),
    errors: [404],
  }),
  export: endpoint({
    method: 'GET',
    path: `${CARDS}/export`,
    summary:
      'The filtered orders list as a file (`exportFormat` csv or xlsx), all pages, in the list’s order: streamed, so any number of cards. A text cell starting with = + - @, a tab or a carriage return is prefixed with an apostrophe (no formulas).',
    access: staff,
    recorded: { object: 'property', idField: 'propertyId', action: 'export_gift_cards' },
    owns: { propertyId: 'property', giftCardTypeId: 'giftCardType' },
    query: giftCardsExportQuery,
    reply: 'file',
    response: z.unknown(),
    errors: [404],
  }),
  liability: endpoint({
    method: 'GET',
    path: `${CARDS}/liability`,
    summary:
      'The liability ledger of a property, per month of its time zone (`from`–`to`, `YYYY-MM` or a day of the month, at most 120): cards sold, redeemed, expired and cancelled in the month and those outstanding at its end, with their value (net price). Each card leaves once, by whichever of those came first, so outstanding = previous outstanding + sold − redeemed − expired − cancelled.',
    access: staff,
    owns: { propertyId: 'property' },
    query: giftCardLiabilityQuery,
    reply: 'plain',
    response: giftCardLiability,
    errors: [404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${CARDS}/{id}`,
    summary: 'One issued gift card of the property.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'resource',
    response: giftCard,
    errors: [404],
  }),
  markUsed: endpoint({
    method: 'PUT',
    path: `${CARDS}/{id}/mark_used`,
    summary: 'Marks an unused card used, with a note (M24). A used card answers `gift_card_used`.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body: giftCardNoteBody,
    reply: 'resource',
    response: giftCard,
    errors: [400, 404, 409],
  }),
  markUnused: endpoint({
    method: 'PUT',
    path: `${CARDS}/{id}/reset`,
    summary:
      'Marks a used card unused again, with a note (M24). Refused (`gift_card_consumed`) when its booking’s arrival has passed and the booking is not cancelled; a booking still to come (arriving today or later) is cancelled with it, in the same transaction.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body: giftCardNoteBody,
    reply: 'resource',
    response: giftCard,
    errors: [400, 404, 409],
  }),
  cancelBooking: endpoint({
    method: 'PUT',
    path: `${CARDS}/{id}/cancel_booking`,
    summary:
      'Cancels the booking a card was redeemed for (the booking drawer; document 3 §4): only while it is not cancelled (`booking_already_cancelled`) and its arrival is after the property’s today (`gift_card_booking_started`); a card without one answers `gift_card_no_booking`. The card stays used: reissuing it is a mark unused afterwards.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'resource',
    response: giftCard,
    errors: [404, 409],
  }),
  markDelivered: endpoint({
    method: 'PUT',
    path: `${CARDS}/{id}/mark_delivered`,
    summary: 'Marks a card delivered (M24); a delivered card answers `gift_card_delivered`.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'resource',
    response: giftCard,
    errors: [404, 409],
  }),
  updateDetails: endpoint({
    method: 'PUT',
    path: `${CARDS}/{id}`,
    summary:
      'Changes a card’s last day (not before the property’s today), its recipient’s name and e-mail (the details drawer).',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body: giftCardDetailsBody,
    reply: 'resource',
    response: giftCard,
    errors: [400, 404],
  }),
});
