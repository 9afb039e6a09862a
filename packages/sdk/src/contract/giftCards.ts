import * as z from 'zod';
import { auditEntry } from './admin.js';
import { email, id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import {
  GIFT_CARDS_PATH as CARDS,
  GIFT_CARD_NOTE_MAX,
  GIFT_CARD_TEXT_MAX,
  giftCardKind,
  giftCardSource,
  giftCardTypeEndpoints,
  giftCardOfProperty as ofProperty,
  giftCardStaff as staff,
  GIFT_CARD_TYPES_PATH as TYPES,
  giftCardText as text,
} from './giftCardTypes.js';
import { GIFT_CARD_ISSUE_BATCH_MAX, SEARCH_TERM_MAX } from './limits.js';

// The gift cards issued of a property's types (document 3 §2.3, §3, §4 M24, §5, §9; DECISIONS 13, 16, 23): the
// orders list and its export, the liability report, issuing, and what staff do with one card. The server counts
// the stock: issuing takes it in the transaction that writes the cards, so a type never issues more than its
// limit. The types themselves are in giftCardTypes.ts; the `giftCards` area carries both.

/** Issued cards a page (document 3 §9, DECISIONS 17). */
export const GIFT_CARDS_PAGE_SIZE = 10;

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
  /**
   * The hotels it is redeemed at, by name: its type's property, for a multi-property type the hotels of its rate
   * plans, none for a no-property type (the card details' property list, 5 a page).
   */
  properties: z.array(z.string()),
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
     * Mail each card this call issues to its recipient now, with its PDF (the issue form's "send each card by
     * e-mail now", checked by default there and in `tern gift-cards issue`): queued in the same transaction, sent
     * by the job `giftCard.send`, recorded in each card's history. Absent: nothing is sent (a card issued before
     * for a row key is never sent again by a rerun).
     */
    sendEmail: z.boolean().default(false),
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

/** A card's history: its audit trail (issued, edits, marks, mails sent) without the callers' addresses. */
export const giftCardHistoryEntry = auditEntry.omit({ ip: true, userAgent: true });
export type GiftCardHistoryEntry = z.infer<typeof giftCardHistoryEntry>;

/** An action on one issued card of the property (M24's marks, its booking's cancel, its mail), answering the card. */
const cardAction = <B extends z.ZodType>(
  method: 'PUT' | 'POST',
  action: string,
  summary: string,
  body: B,
  errors: readonly number[],
) =>
  endpoint({
    method,
    path: `${CARDS}/{id}/${action}`,
    summary,
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    body,
    reply: 'resource',
    response: giftCard,
    errors,
  });

export const giftCardsArea = defineArea('giftCards', {
  ...giftCardTypeEndpoints,
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
  markUsed: cardAction(
    'PUT',
    'mark_used',
    'Marks an unused card used, with a note (M24). A used card answers `gift_card_used`.',
    giftCardNoteBody,
    [400, 404, 409],
  ),
  markUnused: cardAction(
    'PUT',
    'reset',
    'Marks a used card unused again, with a note (M24). Refused (`gift_card_consumed`) when its booking’s arrival has passed and the booking is not cancelled; a booking still to come (arriving today or later) is cancelled with it, in the same transaction.',
    giftCardNoteBody,
    [400, 404, 409],
  ),
  cancelBooking: cardAction(
    'PUT',
    'cancel_booking',
    'Cancels the booking a card was redeemed for (the booking drawer; document 3 §4): only while it is not cancelled (`booking_already_cancelled`) and its arrival has not passed — today or later in the property’s zone, the boundary of mark unused (`gift_card_booking_started`); a card without one answers `gift_card_no_booking`. The card stays used: reissuing it is a mark unused afterwards.',
    ofProperty,
    [404, 409],
  ),
  markDelivered: cardAction(
    'PUT',
    'mark_delivered',
    'Marks a card delivered (M24); a delivered card answers `gift_card_delivered`.',
    ofProperty,
    [404, 409],
  ),
  sendEmail: cardAction(
    'POST',
    'send_email',
    'Mails the card to its recipient again (or for the first time) with its PDF, as a purchase mails its cards: queued now (the job `giftCard.send`), marked delivered once written to the outbox, and recorded in the card’s history. Answers the card.',
    ofProperty,
    [404],
  ),
  history: endpoint({
    method: 'GET',
    path: `${CARDS}/{id}/history`,
    summary:
      'The card’s history, newest first: its audit trail (edits, marks, mails asked for and sent) with who did what and when.',
    access: staff,
    owns: { id: 'giftCard', propertyId: 'property' },
    params: z.object({ id }),
    query: ofProperty.extend({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    reply: 'list',
    response: listOf(giftCardHistoryEntry),
    errors: [404],
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
