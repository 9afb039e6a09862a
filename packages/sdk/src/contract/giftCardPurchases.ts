import * as z from 'zod';
import { email, id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { GIFT_CARD_TEXT_MAX } from './giftCardTypes.js';
import { GIFT_CARD_ISSUE_BATCH_MAX, SEARCH_TERM_MAX } from './limits.js';

// Gift card purchases of a property's staff (document 3 §2.3, §3, §4 M26/M27, §7, §9; DECISIONS 14, 21, 23):
// a bulk order of cards of one type for named recipients, made with the issue form. Paid: initiated →
// paid. Issued: pending → queued → issued — marking issued takes the type's stock and writes the cards in one
// transaction (409 `out_of_stock` when too few are left), and queues a background job that mails each recipient
// their card with its PDF, then marks the purchase issued. A job that fails for good (after its attempts, a
// process dying during one counting too) leaves the purchase failed with the reason, until staff retry it
// (failed → queued).

/** Purchases a page (document 3 §9). */
export const GIFT_CARD_PURCHASES_PAGE_SIZE = 10;
/** Cards one purchase buys at most. */
export const GIFT_CARD_PURCHASE_QUANTITY_MAX = GIFT_CARD_ISSUE_BATCH_MAX;

export const purchaseStatus = z.enum(['initiated', 'paid']);
export type PurchaseStatusValue = z.infer<typeof purchaseStatus>;
export const purchaseIssuedStatus = z.enum(['pending', 'queued', 'issued', 'failed']);
export type PurchaseIssuedStatusValue = z.infer<typeof purchaseIssuedStatus>;
/** Where a purchase was made: the issue form of the back office, or the public store (a paid checkout). */
export const purchaseSource = z.enum(['back_office', 'store']);
export type PurchaseSourceValue = z.infer<typeof purchaseSource>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: `At most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .default('');
const mail = z
  .string()
  .trim()
  .max(GIFT_CARD_TEXT_MAX, { error: `At most ${GIFT_CARD_TEXT_MAX} characters` })
  .pipe(email);

export const purchaseRecipient = z.object({ name: text(GIFT_CARD_TEXT_MAX), email: mail });
export type PurchaseRecipient = z.infer<typeof purchaseRecipient>;

export const giftCardPurchase = z.object({
  id: recordId,
  type: z.literal('giftCardPurchase'),
  /** Its number (12 characters of the cards' alphabet). */
  generatedId: z.string(),
  /** Made with the back office's issue form, or bought in the public store. */
  source: purchaseSource,
  /** A store purchase's checkout reference (what its payment and the buyer's receipt name); `null` otherwise. */
  referenceNumber: z.string().nullable(),
  propertyId: recordId,
  giftCardTypeId: recordId,
  /** The type's title. */
  title: z.string(),
  status: purchaseStatus,
  issuedStatus: purchaseIssuedStatus,
  quantity: z.number().int(),
  /** What each card sells for. */
  netPrice: z.number(),
  totalAmount: z.number(),
  /** The buyer. */
  email: z.string(),
  fullName: z.string(),
  companyRegistrationNumber: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  /** The cards' custom last day, or `null` (the type's validity). */
  expirationDate: z.string().nullable(),
  /** Every card's mail is in the outbox. */
  emailSent: z.boolean(),
  /** One per card, or none: then every card goes to the buyer. */
  orderRecipients: z.array(purchaseRecipient),
  /** The cards written (when marked issued). */
  recipients: z.number().int(),
  /** Name and quantity pairs (document 3 §3): the type's title and the quantity. */
  products: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /**
   * Why the cards are not delivered: while queued, the issuing job's last failure (it is retried after a
   * backoff); once failed, why its last attempt failed; else `null`.
   */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GiftCardPurchase = z.infer<typeof giftCardPurchase>;

export const giftCardPurchaseOrderBy = z.enum(['created_at', 'generated_id', 'total_amount']);
export type GiftCardPurchaseOrderBy = z.infer<typeof giftCardPurchaseOrderBy>;

/** The purchases list (document 3 §2.3, §7, §9; DECISIONS 21): 10 a page, newest first. */
export const giftCardPurchasesQuery = z
  .object({
    propertyId: id,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(GIFT_CARD_PURCHASES_PAGE_SIZE),
    orderBy: giftCardPurchaseOrderBy.default('created_at'),
    orderDirection: z.enum(['asc', 'desc']).default('desc'),
    /** Searches the number, the buyer's name and e-mail, the type's title and the recipients. */
    term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
    /** Paid, or initiated (shown as "unpaid"); absent: all. */
    status: purchaseStatus.optional(),
    /** The back office's or the store's; absent: both. */
    source: purchaseSource.optional(),
    /** Made on or after this day, in the property's time zone. */
    soldFrom: isoDate.optional(),
    soldTo: isoDate.optional(),
  })
  .refine((q) => !q.soldFrom || !q.soldTo || q.soldTo >= q.soldFrom, {
    error: 'The range ends before it starts',
    path: ['soldTo'],
  });
export type GiftCardPurchasesQuery = z.input<typeof giftCardPurchasesQuery>;

/** The issue order form as a purchase (document 3 §3, §5): a quantity of 1 is always paid. */
export const giftCardPurchaseCreateBody = z
  .object({
    propertyId: id,
    giftCardTypeId: id,
    name: text(GIFT_CARD_TEXT_MAX),
    email: mail,
    companyRegistrationNumber: optionalText(80),
    phone: optionalText(40),
    address: optionalText(160),
    city: optionalText(80),
    country: optionalText(80),
    netPrice: z.number().int({ error: 'Use a whole number' }).min(0).max(100_000_000),
    quantity: z
      .number()
      .int({ error: 'Use a whole number' })
      .min(1, { error: 'At least 1' })
      .max(GIFT_CARD_PURCHASE_QUANTITY_MAX, { error: `At most ${GIFT_CARD_PURCHASE_QUANTITY_MAX}` }),
    /** Not before the property's today; absent: the type's validity. */
    customExpirationDate: isoDate.nullable().default(null),
    purchaseState: z.enum(['paid', 'unpaid']),
    /** One per card, or none (every card to the buyer). */
    recipientsInfo: z.array(purchaseRecipient).max(GIFT_CARD_PURCHASE_QUANTITY_MAX).default([]),
  })
  .refine((b) => b.quantity > 1 || b.purchaseState === 'paid', {
    error: 'A single card is sold paid',
    path: ['purchaseState'],
  })
  .refine((b) => b.recipientsInfo.length === 0 || b.recipientsInfo.length === b.quantity, {
    error: 'One recipient per card, or none',
    path: ['recipientsInfo'],
  });
export type GiftCardPurchaseCreateBody = z.input<typeof giftCardPurchaseCreateBody>;

/** The recipients (document 3 §5 Purchase recipients): one per card, or none (all rows empty). */
export const giftCardPurchaseRecipientsBody = z.object({
  propertyId: id,
  recipientsInfo: z.array(purchaseRecipient).max(GIFT_CARD_PURCHASE_QUANTITY_MAX),
});
export type GiftCardPurchaseRecipientsBody = z.input<typeof giftCardPurchaseRecipientsBody>;

export const giftCardPurchaseStatusReply = z.object({
  status: purchaseStatus,
  issuedStatus: purchaseIssuedStatus,
});
export type GiftCardPurchaseStatusReply = z.infer<typeof giftCardPurchaseStatusReply>;

const PURCHASES = '/api/v1/tern_hotels/purchases';
const staff = ['supplier', 'admin'] as const;
const ofProperty = z.object({ propertyId: id });

export const giftCardPurchasesArea = defineArea('giftCardPurchases', {
  list: endpoint({
    method: 'GET',
    path: PURCHASES,
    summary:
      'A property’s gift card purchases, 10 a page, newest first or by created at, number or total; filtered by status (paid or initiated), source (back office or store) and the days made; `term` searches the number, buyer, type and recipients.',
    access: staff,
    owns: { propertyId: 'property' },
    query: giftCardPurchasesQuery,
    reply: 'list',
    response: listOf(giftCardPurchase),
    errors: [400, 404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${PURCHASES}/{id}`,
    summary: 'One gift card purchase of the property.',
    access: staff,
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'resource',
    response: giftCardPurchase,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: PURCHASES,
    summary:
      'Makes a purchase of a created or published type of the property with the issue form: pending, paid or initiated (a single card is paid). No card is written yet; the quantity must be in stock now (`out_of_stock`).',
    access: staff,
    owns: { propertyId: 'property', giftCardTypeId: 'giftCardType' },
    body: giftCardPurchaseCreateBody,
    reply: 'resource',
    response: giftCardPurchase,
    creates: true,
    errors: [400, 404, 409],
  }),
  markPaid: endpoint({
    method: 'PUT',
    path: `${PURCHASES}/{id}/mark_paid`,
    summary: 'Initiated → paid (M26); a paid purchase answers `purchase_paid`.',
    access: staff,
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'plain',
    response: giftCardPurchaseStatusReply,
    errors: [404, 409],
  }),
  markIssued: endpoint({
    method: 'PUT',
    path: `${PURCHASES}/{id}/mark_issued`,
    summary:
      'Pending → queued (M26): takes the type’s stock and writes the cards in one transaction (`out_of_stock` when too few are left), and queues the job that mails each recipient (or the buyer) their card with its PDF and then marks it issued. Only while pending (`purchase_not_pending`): of two calls at once, one queues.',
    access: staff,
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'plain',
    response: giftCardPurchaseStatusReply,
    errors: [404, 409],
  }),
  retryIssue: endpoint({
    method: 'PUT',
    path: `${PURCHASES}/{id}/retry_issue`,
    summary:
      'Failed → queued: queues the job that delivers the cards again, with its attempts anew (cards already mailed are not mailed again); audited. Only once the job failed for good (`purchase_not_failed`).',
    access: staff,
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    body: ofProperty,
    reply: 'plain',
    response: giftCardPurchaseStatusReply,
    errors: [404, 409],
  }),
  updateRecipients: endpoint({
    method: 'PUT',
    path: `${PURCHASES}/{id}/update_recipients`,
    summary:
      'Replaces the recipients while pending (`purchase_not_pending` after): one per card, or none (every card to the buyer).',
    access: staff,
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    body: giftCardPurchaseRecipientsBody,
    reply: 'plain',
    response: z.object({ orderRecipients: z.array(purchaseRecipient) }),
    errors: [400, 404, 409],
  }),
  pdfs: endpoint({
    method: 'GET',
    path: `${PURCHASES}/{id}/gift_cards_pdfs`,
    summary:
      'The cards’ PDFs of an issued purchase as one zip. The zip is written by a background job: until it is ready the reply is an empty file (the “being generated” message), and the job is queued once. Not issued yet: `purchase_not_issued`.',
    access: staff,
    recorded: { object: 'giftCardPurchase', idField: 'id', action: 'download_pdfs' },
    owns: { id: 'giftCardPurchase', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty,
    reply: 'file',
    response: z.unknown(),
    errors: [404, 409],
  }),
});
