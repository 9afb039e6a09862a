import * as z from 'zod';
import { id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { SEARCH_TERM_MAX } from './limits.js';

// Promo codes of a property (document 2 §2 promo codes page, §3 promo code, §4 status label, §5, §7, §8;
// DECISIONS 12): the public store takes them off gift-card purchases. Usage is counted by the server (a limit
// holds under concurrent purchases).

/** Promo codes a page (document 2 §9). */
export const PROMO_CODES_PAGE_SIZE = 10;
/** Name and code: 2 to 50 characters (DECISIONS 12). */
export const PROMO_TEXT_MIN = 2;
export const PROMO_TEXT_MAX = 50;

export const promoCodeType = z.enum(['percentage', 'fixed_amount']);
export type PromoCodeType = z.infer<typeof promoCodeType>;
export const promoStatus = z.enum(['active', 'inactive']);
export type PromoStatus = z.infer<typeof promoStatus>;

export const promoAppliesTo = z.object({
  storeId: id,
  giftCardTypeIds: z.array(id).max(500),
});

export const promoCode = z.object({
  id: recordId,
  type: z.literal('promoCode'),
  propertyId: recordId,
  name: z.string(),
  code: z.string(),
  codeType: promoCodeType,
  amount: z.number(),
  usageLimit: z.number().int().nullable(),
  /** Purchases that used it so far. */
  usageCount: z.number().int(),
  status: promoStatus,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  appliesTo: z.array(z.object({ storeId: recordId, giftCardTypeIds: z.array(recordId) })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCode>;

const text = z
  .string()
  .trim()
  .min(PROMO_TEXT_MIN, { error: `Use ${PROMO_TEXT_MIN} to ${PROMO_TEXT_MAX} characters` })
  .max(PROMO_TEXT_MAX, { error: `Use ${PROMO_TEXT_MIN} to ${PROMO_TEXT_MAX} characters` });
/** A day, or empty (a cleared range sends empty `validFrom` and `validTo`, document 2 §5). */
const optionalDay = z
  .union([z.literal(''), isoDate])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const promoCodeBody = z
  .object({
    propertyId: id,
    name: text,
    code: text.regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' }),
    codeType: promoCodeType,
    amount: z.number().min(1, { error: 'At least 1' }).max(1_000_000),
    usageLimit: z.number().int().min(1, { error: 'At least 1' }).max(1_000_000_000).nullable().optional(),
    status: promoStatus,
    validFrom: optionalDay,
    validTo: optionalDay,
    appliesTo: z.array(promoAppliesTo).max(100),
  })
  .refine((b) => b.codeType !== 'percentage' || b.amount <= 100, {
    error: 'A percentage is at most 100',
    path: ['amount'],
  })
  .refine((b) => !b.validFrom || !b.validTo || b.validTo >= b.validFrom, {
    error: 'The range ends before it starts',
    path: ['validTo'],
  });
export type PromoCodeBody = z.input<typeof promoCodeBody>;

const PROMOS = '/api/v1/tern_hotels/promo_codes';

export const promoCodesArea = defineArea('promoCodes', {
  list: endpoint({
    method: 'GET',
    path: PROMOS,
    summary: 'A property’s promo codes, newest first, 10 a page; `term` searches name and code.',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    query: z.object({
      propertyId: id,
      term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(PROMO_CODES_PAGE_SIZE),
      orderBy: z.enum(['created_at', 'name', 'code']).default('created_at'),
      orderDirection: z.enum(['asc', 'desc']).default('desc'),
    }),
    reply: 'list',
    response: listOf(promoCode),
    errors: [404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${PROMOS}/{id}`,
    summary: 'One promo code of the property.',
    access: ['supplier', 'admin'],
    owns: { id: 'promoCode', propertyId: 'property' },
    params: z.object({ id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: promoCode,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: PROMOS,
    summary:
      'Adds a promo code. The code is unique in the property (letters and case alike); the range may not begin before the property’s today.',
    access: ['supplier', 'admin'],
    owns: {
      propertyId: 'property',
      'appliesTo[].storeId': 'narrows',
      'appliesTo[].giftCardTypeIds': 'narrows',
    },
    body: promoCodeBody,
    reply: 'resource',
    response: promoCode,
    creates: true,
    errors: [400, 404, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${PROMOS}/{id}`,
    summary:
      'Changes a promo code. A range that already began may stay as it is; a new start may not be before today.',
    access: ['supplier', 'admin'],
    owns: {
      id: 'promoCode',
      propertyId: 'property',
      'appliesTo[].storeId': 'narrows',
      'appliesTo[].giftCardTypeIds': 'narrows',
    },
    params: z.object({ id }),
    body: promoCodeBody,
    reply: 'resource',
    response: promoCode,
    errors: [400, 404, 409],
  }),
});
