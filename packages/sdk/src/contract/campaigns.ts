import * as z from 'zod';
import { email, id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import {
  CAMPAIGN_OPTIONS_MAX,
  CAMPAIGN_STATES,
  GIFT_CARD_TEXT_MAX,
  GOVERNMENT_ID_MAX,
  SEARCH_TERM_MAX,
} from './limits.js';
import { storeLocale } from './store.js';

// Gift campaigns (document 3 §2.3, §3 "Gift campaign and option", §4 M28, §5 Campaign forms, §7 "Campaigns",
// §8; DECISIONS 23): a hotel offers a group of people (its staff, a company's customers) a choice of gifts; each
// recipient picks one option once, on the campaign's public page, and receives a gift card of that option's
// type by e-mail — a card that redeems like any other. A campaign belongs to a property; its staff make it
// (draft or published), publish, unpublish (archived) and publish again. Each option names a gift card type of
// the property whose stock it takes when picked, and the expiry of the cards it gives. A recipient (the same
// government-issued id, or the same e-mail) picks once per campaign: the database decides under concurrency.

/** Campaigns a page (document 3 §9: the list asks 100). */
export const CAMPAIGNS_PAGE_SIZE = 100;
export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;

export const campaignStatus = z.enum(CAMPAIGN_STATES);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/** One gift a recipient may pick. */
export const campaignOption = z.object({
  id: recordId,
  name: z.string(),
  description: z.string(),
  /** A photo of the property (`/photos/uploads/…`). */
  photoUrl: z.string(),
  /** The last day the cards it gives may be used (`YYYY-MM-DD`). */
  expirationDate: z.string(),
  giftCardTypeId: recordId,
  giftCardTypeTitle: z.string(),
  /** Its place, from 0. */
  position: z.number().int(),
  /** Recipients who picked it. */
  picked: z.number().int(),
  /** Cards its type has left (core's `giftCardStock`). */
  stock: z.number().int(),
});
export type CampaignOption = z.infer<typeof campaignOption>;

export const campaign = z.object({
  id: recordId,
  type: z.literal('giftCampaign'),
  propertyId: recordId,
  name: z.string(),
  description: z.string(),
  status: campaignStatus,
  options: z.array(campaignOption),
  /** Recipients who picked a gift. */
  recipients: z.number().int(),
  /** The public page's path (`/gift-campaign/{id}`). */
  publicPath: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: `At most ${max} characters` });

/** The campaign without its options (document 3 §7: created first, its options after; M41). */
export const campaignBody = z.object({
  propertyId: id,
  name: text(CAMPAIGN_NAME_MAX),
  description: text(CAMPAIGN_DESCRIPTION_MAX),
  /** "Publish when created" (document 3 §5: required, default no → draft). */
  publish: z.boolean().default(false),
});
export type CampaignBody = z.input<typeof campaignBody>;

/** A change: only what changed is sent (document 3 §7, R327); `status` publishes or unpublishes (M28). */
export const campaignUpdateBody = z.object({
  propertyId: id,
  name: text(CAMPAIGN_NAME_MAX).optional(),
  description: text(CAMPAIGN_DESCRIPTION_MAX).optional(),
  status: campaignStatus.optional(),
});
export type CampaignUpdateBody = z.input<typeof campaignUpdateBody>;

export const campaignOptionBody = z.object({
  propertyId: id,
  name: text(GIFT_CARD_TEXT_MAX),
  description: text(CAMPAIGN_DESCRIPTION_MAX),
  photoUrl: z.string().trim().min(1, { error: 'required' }).max(500),
  /** Not before the property's today. */
  expirationDate: isoDate,
  giftCardTypeId: id,
  position: z.number().int().min(0).max(CAMPAIGN_OPTIONS_MAX).optional(),
});
export type CampaignOptionBody = z.input<typeof campaignOptionBody>;

/** A recipient, as the staff see them. */
export const campaignRecipient = z.object({
  id: recordId,
  type: z.literal('giftCampaignRecipient'),
  name: z.string(),
  email: z.string(),
  /** Only its last 4 digits are shown. */
  governmentIdLast4: z.string(),
  optionId: recordId,
  optionName: z.string(),
  giftCardId: recordId.nullable(),
  giftCardCode: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipient>;

/** The public page (document 3 §3 "Gift campaign and option", M29): a published campaign and its options. */
export const publicCampaign = z.object({
  id: recordId,
  name: z.string(),
  description: z.string(),
  propertyTitle: z.string(),
  logoUrl: z.string().nullable(),
  options: z.array(
    z.object({
      id: recordId,
      name: z.string(),
      description: z.string(),
      photoUrl: z.string(),
      expirationDate: z.string(),
      /** Nothing left to give of this option. */
      soldOut: z.boolean(),
    }),
  ),
});
export type PublicCampaign = z.infer<typeof publicCampaign>;

/** A recipient's choice (document 3 §3, §5: name, e-mail and a numeric government-issued id, all required). */
export const campaignPickBody = z.object({
  optionId: id,
  name: text(GIFT_CARD_TEXT_MAX),
  email: z.string().trim().max(GIFT_CARD_TEXT_MAX).pipe(email),
  governmentIssuedId: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(GOVERNMENT_ID_MAX)
    .regex(/^[0-9]+$/, { error: 'Digits only' }),
  locale: storeLocale.default('is'),
});
export type CampaignPickBody = z.input<typeof campaignPickBody>;

export const campaignPick = z.object({
  /** The address the gift card was sent to. */
  email: z.string(),
  optionName: z.string(),
});
export type CampaignPick = z.infer<typeof campaignPick>;

const CAMPAIGNS = '/api/v1/gift_campaigns';
const STAFF = ['supplier', 'admin'] as const;

export const campaignsArea = defineArea('campaigns', {
  list: endpoint({
    method: 'GET',
    path: CAMPAIGNS,
    summary:
      'A property’s gift campaigns of one status (published by default), newest first, 100 a page; `term` searches the name.',
    access: [...STAFF],
    owns: { propertyId: 'property' },
    query: z.object({
      propertyId: id,
      status: campaignStatus.default('published'),
      term: z.string().trim().max(SEARCH_TERM_MAX).optional(),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(CAMPAIGNS_PAGE_SIZE).default(CAMPAIGNS_PAGE_SIZE),
    }),
    reply: 'list',
    response: listOf(campaign),
    errors: [404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${CAMPAIGNS}/{id}`,
    summary: 'One campaign of the property, with its options.',
    access: [...STAFF],
    owns: { id: 'giftCampaign', propertyId: 'property' },
    params: z.object({ id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: campaign,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: CAMPAIGNS,
    summary:
      'Adds a campaign without its options (they follow, one call each): a draft, or published when `publish`. Audited.',
    access: [...STAFF],
    owns: { propertyId: 'property' },
    body: campaignBody,
    reply: 'resource',
    response: campaign,
    creates: true,
    errors: [400, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${CAMPAIGNS}/{id}`,
    summary:
      'Changes what is sent of a campaign: its name and description (not once archived: 409 `campaign_archived`), and its status along M28 — draft → published, published → archived, archived → published (else 409 `campaign_transition_invalid`). Publishing needs at least one option (409 `campaign_without_options`). Audited.',
    access: [...STAFF],
    owns: { id: 'giftCampaign', propertyId: 'property' },
    params: z.object({ id }),
    body: campaignUpdateBody,
    reply: 'resource',
    response: campaign,
    errors: [400, 404, 409],
  }),
  createOption: endpoint({
    method: 'POST',
    path: `${CAMPAIGNS}/{id}/options`,
    summary:
      'Adds an option to a campaign that is not archived: a gift card type of the property, a photo of the property, the cards’ expiry (not before today). Audited.',
    access: [...STAFF],
    owns: { id: 'giftCampaign', propertyId: 'property', giftCardTypeId: 'giftCardType' },
    params: z.object({ id }),
    body: campaignOptionBody,
    reply: 'resource',
    response: campaign,
    creates: true,
    errors: [400, 404, 409],
  }),
  updateOption: endpoint({
    method: 'PUT',
    path: `${CAMPAIGNS}/{id}/options/{optionId}`,
    summary: 'Changes an option of a campaign that is not archived. Audited.',
    access: [...STAFF],
    owns: {
      id: 'giftCampaign',
      optionId: 'giftCampaignOption',
      propertyId: 'property',
      giftCardTypeId: 'giftCardType',
    },
    params: z.object({ id, optionId: id }),
    body: campaignOptionBody,
    reply: 'resource',
    response: campaign,
    errors: [400, 404, 409],
  }),
  removeOption: endpoint({
    method: 'DELETE',
    path: `${CAMPAIGNS}/{id}/options/{optionId}`,
    summary:
      'Removes an option nobody picked yet (409 `campaign_option_picked` otherwise), of a campaign that is not archived; a published campaign keeps at least one. Audited.',
    access: [...STAFF],
    owns: { id: 'giftCampaign', optionId: 'giftCampaignOption', propertyId: 'property' },
    params: z.object({ id, optionId: id }),
    query: z.object({ propertyId: id }),
    reply: 'resource',
    response: campaign,
    errors: [404, 409],
  }),
  recipients: endpoint({
    method: 'GET',
    path: `${CAMPAIGNS}/{id}/recipients`,
    summary: 'Who picked what, newest first, with the gift card each was sent.',
    access: [...STAFF],
    owns: { id: 'giftCampaign', propertyId: 'property' },
    params: z.object({ id }),
    query: z.object({
      propertyId: id,
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(CAMPAIGNS_PAGE_SIZE).default(CAMPAIGNS_PAGE_SIZE),
    }),
    reply: 'list',
    response: listOf(campaignRecipient),
    errors: [404],
  }),
  public: endpoint({
    method: 'GET',
    path: `${CAMPAIGNS}/{id}/options`,
    summary:
      'A published campaign’s public page: its name, description, hotel and options (404 `campaign_not_found` for a draft, an archived or an unknown one). Public.',
    access: 'public',
    owns: { id: 'publicGiftCampaign' },
    params: z.object({ id }),
    reply: 'plain',
    response: publicCampaign,
    errors: [404],
  }),
  pick: endpoint({
    method: 'POST',
    path: `${CAMPAIGNS}/{id}/gift_recipients`,
    summary:
      'A recipient picks one option: the gift card of its type is issued (source campaign, the option’s expiry) and e-mailed to them with its PDF. Once per campaign: the same government-issued id or e-mail again is refused with 409 `campaign_already_picked`; an option with no stock left 409 `sold_out`. Throttled per address (429). Public.',
    access: 'public',
    owns: { id: 'publicGiftCampaign', optionId: 'publicGiftCampaignOption' },
    params: z.object({ id }),
    body: campaignPickBody,
    reply: 'plain',
    response: campaignPick,
    creates: true,
    errors: [400, 404, 409, 429],
  }),
});

// The products page (document 2 §2 names /products and says nothing of it; docs/decisions.md): what a property
// sells — its gift card types with stock, sales and redemptions, and the options of its campaigns.

export const productsQuery = z.object({ propertyId: id });

export const productType = z.object({
  id: recordId,
  title: z.string(),
  status: z.enum(['created', 'published', 'archived']),
  giftcardType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  price: z.number(),
  netPrice: z.number(),
  currency: z.string(),
  limit: z.number().int(),
  issued: z.number().int(),
  /** Cards left to sell now (held cards of open store checkouts taken off). */
  stock: z.number().int(),
  /** Cards of it redeemed (used). */
  redeemed: z.number().int(),
  /** Paid in the store and in the back office (Σ net price of its issued cards). */
  sales: z.number(),
  /** Its stores' names. */
  stores: z.array(z.string()),
});
export type ProductType = z.infer<typeof productType>;

export const productOption = z.object({
  campaignId: recordId,
  campaignName: z.string(),
  campaignStatus,
  optionId: recordId,
  name: z.string(),
  giftCardTypeTitle: z.string(),
  expirationDate: z.string(),
  picked: z.number().int(),
});

export const products = z.object({
  types: z.array(productType),
  campaignOptions: z.array(productOption),
});
export type Products = z.infer<typeof products>;

export const productsArea = defineArea('products', {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/products',
    summary:
      'What a property sells: its gift card types with stock, issued, redeemed and sales, and its campaigns’ options with how many picked each.',
    access: [...STAFF],
    owns: { propertyId: 'property' },
    query: productsQuery,
    reply: 'plain',
    response: products,
    errors: [404],
  }),
});
