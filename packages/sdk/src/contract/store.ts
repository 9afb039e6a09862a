import * as z from 'zod';
import { email, id, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import {
  expirationType,
  expirationUnit,
  GIFT_CARD_TEXT_MAX,
  giftCardDiscount,
  giftCardPhoto,
  giftCardText,
  giftcardType,
} from './giftCardTypes.js';
import {
  STORE_CARD_MESSAGE_MAX,
  STORE_DEFAULT_DELIVERY_COUNTRY,
  STORE_DELIVERIES,
  STORE_LOCALES,
  STORE_PAYER_TEXT_MAX,
} from './limits.js';
import { storeCornerStyle, storeFont } from './stores.js';

// The public gift store (document 3 §1, §2.1–§2.2, §3 "Store settings", "Cart item", "Checkout payload",
// "Purchase status return", §5 Cart / Store checkout, §7 "Store (public)", §8, §9): what an anonymous visitor's
// browser — or a hotel's own website through the SDK — calls, with no token. A store is found by its slug (any
// case); only an active store answers, and only the published types it sells. Prices, stock and promo codes are
// always the server's: the cart sends ids and quantities, never amounts. A checkout holds the cards for
// `STORE_HOLD_MINUTES` and answers where to pay; the payment provider sends the visitor back to the store's
// confirmation with a signed return, which `purchaseStatus` verifies (a tampered or replayed return changes
// nothing) before the purchase is paid and its cards issued.

// The store's plain constants are in limits.ts (no zod: the store's first load and core's store rules read them).
export {
  STORE_CARD_MESSAGE_MAX,
  STORE_DEFAULT_DELIVERY_COUNTRY,
  STORE_DELIVERIES,
  STORE_LOCALES,
  STORE_PAYER_TEXT_MAX,
};
export const storeLocale = z.enum(STORE_LOCALES);
export type StoreLocale = z.infer<typeof storeLocale>;

/** How long a checkout holds its cards before their stock goes back to the store (minutes). */
export const STORE_HOLD_MINUTES = 15;
/** Cards a checkout holds at most (document 3 §9: the cart's limit). */
export const STORE_CHECKOUT_CARDS_MAX = 10;

export const storeDelivery = z.enum(STORE_DELIVERIES);
export type StoreDelivery = z.infer<typeof storeDelivery>;

/** A store's address in paths: its slug, in any case. */
const storeSlug = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(63)
  .regex(/^[A-Za-z0-9-]+$/, { error: 'Not a store address' });

/** A gift card type as the store sells it. */
export const storefrontType = z.object({
  id: recordId,
  type: z.literal('storefrontType'),
  giftcardType,
  title: z.string(),
  /** The rich description (HTML, sanitised by the server). */
  description: z.string(),
  price: z.number(),
  /** What a buyer pays before a promo code; equal to the price when there is no discount. */
  netPrice: z.number(),
  discount: giftCardDiscount.nullable(),
  /** Cards left to sell now: limit − issued − held by open checkouts, never below 0. */
  stock: z.number().int(),
  expirationType,
  expirationDuration: z.number().int().nullable(),
  expirationDurationUnit: expirationUnit.nullable(),
  absoluteExpirationDate: z.string().nullable(),
  /** Nights it is redeemed for; `null` for a no-property type. */
  lengthOfStay: z.number().int().nullable(),
  offerLetterDelivery: z.boolean(),
  offerPickupAtHotel: z.boolean(),
  photos: z.array(giftCardPhoto),
  /** The hotels it is redeemed at (none for a no-property type). */
  hotelNames: z.array(z.string()),
  /** Its place in the store, from 1. */
  priority: z.number().int(),
});
export type StorefrontType = z.infer<typeof storefrontType>;

/** A store, its look and its property (document 3 §3 "Store settings"), with the types it sells in order. */
export const storefront = z.object({
  store: z.object({
    id: recordId,
    name: z.string(),
    slug: z.string(),
    allowPickupAtHotel: z.boolean(),
    /** What a pickup buyer is told (shown as it is, plain text). */
    allowPickupAtHotelInfo: z.string(),
    allowCancellation: z.boolean(),
  }),
  settings: z.object({
    logoUrl: z.string().nullable(),
    photoUrl: z.string().nullable(),
    bannerTitle: z.string(),
    bannerParagraph: z.string(),
    titleFont: storeFont.nullable(),
    textFont: storeFont.nullable(),
    tagColor: z.string(),
    cornerStyle: storeCornerStyle,
    /** The analytics id, loaded only after the visitor's consent; '' for none. */
    gaTrackingId: z.string(),
    /** Plain text shown line by line; '' when the store has none (then no box to tick at checkout). */
    termsAndConditions: z.string(),
  }),
  property: z.object({
    id: recordId,
    title: z.string(),
    /** ISO 4217: every price of the store is in it. */
    currency: z.string(),
    /** ISO 3166 alpha-2. */
    country: z.string(),
    /** The store speaks Icelandic only, with no language menu (document 3 §1). */
    icelandicOnly: z.boolean(),
  }),
  types: z.array(storefrontType),
});
export type Storefront = z.infer<typeof storefront>;

const quantity = z.number().int().min(1, { error: 'At least 1' }).max(10, { error: 'At most 10' });
const promoCodeText = z.string().trim().max(50).optional();

export const cartPricesBody = z.object({
  /** A promo code to try; absent or '' for none. */
  promoCode: promoCodeText,
  items: z
    .array(z.object({ id, quantity }))
    .min(1, { error: 'The cart is empty' })
    .max(STORE_CHECKOUT_CARDS_MAX),
});
export type CartPricesBody = z.input<typeof cartPricesBody>;

export const cartPrices = z.object({
  items: z.array(
    z.object({
      id: recordId,
      quantity: z.number().int(),
      price: z.number(),
      /** What one card costs now, the promo code's discount taken off. */
      netPrice: z.number(),
      promoCodeApplied: z.boolean(),
      /** Cards left to sell now. */
      stock: z.number().int(),
    }),
  ),
  /** The code that applied to at least one item (as the hotel wrote it), or `null`. */
  promoCode: z.string().nullable(),
  /** Σ netPrice × quantity. */
  total: z.number(),
  currency: z.string(),
});
export type CartPrices = z.infer<typeof cartPrices>;

/** A required text (the gift-card forms' one rule: trimmed, 'required', at most `max`). */
const text = giftCardText;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional();

/** One card of a checkout: its type, its recipient and how it is delivered (document 3 §3, §5). */
export const storeCheckoutCard = z
  .object({
    giftCardTypeId: id,
    delivery: storeDelivery,
    /** The recipient's name (printed on the card). */
    name: text(GIFT_CARD_TEXT_MAX),
    /** Required for an e-mail delivery. */
    email: z.string().trim().max(GIFT_CARD_TEXT_MAX).optional(),
    /** A message to the recipient, printed on the card. */
    info: optionalText(STORE_CARD_MESSAGE_MAX),
    deliveryName: optionalText(GIFT_CARD_TEXT_MAX),
    deliveryAddress: optionalText(STORE_PAYER_TEXT_MAX),
    deliveryZipCode: optionalText(20),
    deliveryCity: optionalText(GIFT_CARD_TEXT_MAX),
    deliveryState: optionalText(GIFT_CARD_TEXT_MAX),
    deliveryCountry: optionalText(GIFT_CARD_TEXT_MAX),
  })
  .superRefine((card, ctx) => {
    if (card.delivery === 'email' && !z.email().safeParse(card.email ?? '').success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid e-mail address' });
    if (card.delivery === 'letter')
      for (const field of ['deliveryName', 'deliveryAddress', 'deliveryZipCode', 'deliveryCity'] as const)
        if (!card[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  });
export type StoreCheckoutCard = z.input<typeof storeCheckoutCard>;

/** The payer (document 3 §3 "Checkout payload"). */
export const storePayer = z.object({
  firstName: text(STORE_PAYER_TEXT_MAX),
  lastName: text(STORE_PAYER_TEXT_MAX),
  address: text(STORE_PAYER_TEXT_MAX),
  phone: text(40),
  phoneCountryCode: optionalText(8),
  email: z.string().trim().max(STORE_PAYER_TEXT_MAX).pipe(email),
});
export type StorePayer = z.input<typeof storePayer>;

export const storeCheckoutBody = z.object({
  locale: storeLocale,
  promoCode: promoCodeText,
  cards: z
    .array(storeCheckoutCard)
    .min(1, { error: 'The cart is empty' })
    .max(STORE_CHECKOUT_CARDS_MAX, { error: `At most ${STORE_CHECKOUT_CARDS_MAX} cards` }),
  payer: storePayer,
  /** The store's terms were ticked (required when the store has terms). */
  termsAccepted: z.boolean(),
  /**
   * The total the visitor was shown (from `cartPrices`): a different total now (a price or the code changed)
   * is refused with 409 `price_changed` rather than charged.
   */
  expectedTotal: z.number().min(0),
});
export type StoreCheckoutBody = z.input<typeof storeCheckoutBody>;

export const storeCheckout = z.object({
  referenceNumber: z.string(),
  /** Where the visitor pays: the payment provider's hosted page (the sandbox provider's own origin here). */
  redirectUrl: z.string(),
  /** The cards are held until then (ISO instant). */
  holdExpiresAt: z.string(),
  total: z.number(),
  currency: z.string(),
});
export type StoreCheckout = z.infer<typeof storeCheckout>;

/**
 * Where a purchase stands after the provider sent the visitor back: `held` (not paid yet), `paid` (its cards
 * are being issued), `issued` (the cards are listed), `expired` (the hold ran out unpaid), `refunded` (paid
 * after its hold ran out with the stock gone: the payment was given back), `failed` (the payment was refused).
 */
export const STORE_PURCHASE_STATES = ['held', 'paid', 'issued', 'expired', 'refunded', 'failed'] as const;
export const storePurchaseState = z.enum(STORE_PURCHASE_STATES);
export type StorePurchaseState = z.infer<typeof storePurchaseState>;

/** A bought card as the confirmation shows it (document 3 §3 "Purchase status return"). */
export const storePurchaseCard = z.object({
  generatedId: z.string(),
  /** The type's title. */
  name: z.string(),
  price: z.number(),
  expirationDate: z.string().nullable(),
  /** The recipient. */
  nameOfPerson: z.string(),
  photoUrl: z.string().nullable(),
  currency: z.string(),
  country: z.string(),
  delivery: storeDelivery,
});
export type StorePurchaseCard = z.infer<typeof storePurchaseCard>;

export const storePurchaseStatus = z.object({
  referenceNumber: z.string(),
  status: storePurchaseState,
  propertyTitle: z.string(),
  total: z.number(),
  currency: z.string(),
  /** Filled once `issued`. */
  cards: z.array(storePurchaseCard),
});
export type StorePurchaseStatus = z.infer<typeof storePurchaseStatus>;

export const storePurchaseStatusQuery = z.object({
  referenceNumber: z.string().trim().min(1).max(40),
  propertyId: id,
  /** The provider's signature over the return's fields (read from the return address). */
  digitalSignature: z.string().trim().min(1).max(200),
});

const STORE = '/api/v1/gift_cards_store';

export const storeArea = defineArea('store', {
  get: endpoint({
    method: 'GET',
    path: `${STORE}/{storeSlug}`,
    summary:
      'A store by its slug (any case): its look, terms, property and currency, and the published types it sells in order, each with the stock left to sell. Public.',
    access: 'public',
    owns: { storeSlug: 'publicStore' },
    params: z.object({ storeSlug }),
    reply: 'plain',
    response: storefront,
    errors: [404],
  }),
  type: endpoint({
    method: 'GET',
    path: `${STORE}/{storeSlug}/types/{typeId}`,
    summary:
      'One type the store sells, for its detail page (404 `gift_card_type_not_found` otherwise). Public.',
    access: 'public',
    owns: { storeSlug: 'publicStore', typeId: 'storeGiftCardType' },
    params: z.object({ storeSlug, typeId: id }),
    reply: 'plain',
    response: storefrontType,
    errors: [404],
  }),
  cartPrices: endpoint({
    method: 'POST',
    path: `${STORE}/{storeSlug}/cart_prices`,
    summary:
      'Prices a cart as the server sees it now: each line’s price with the promo code taken off where it applies (its store and types, its dates, uses left), the stock left and the total. An unknown or spent code: 422 `promo_code_invalid`. Public.',
    access: 'public',
    owns: { storeSlug: 'publicStore', 'items[].id': 'storeGiftCardType' },
    params: z.object({ storeSlug }),
    body: cartPricesBody,
    reply: 'plain',
    response: cartPrices,
    errors: [400, 404, 422],
  }),
  checkout: endpoint({
    method: 'POST',
    path: `${STORE}/{storeSlug}/checkout`,
    summary: `Holds the cards for ${STORE_HOLD_MINUTES} minutes and answers where to pay. Refused, holding nothing: 409 \`sold_out\` (a type has fewer cards left than asked), 409 \`price_changed\` (the total is not the one shown), 422 \`promo_code_invalid\`, 422 \`terms_not_accepted\`, 400 for a delivery the types or the store do not offer. Public; an Idempotency-Key makes a retry return the same hold.`,
    access: 'public',
    owns: { storeSlug: 'publicStore', 'cards[].giftCardTypeId': 'storeGiftCardType' },
    params: z.object({ storeSlug }),
    body: storeCheckoutBody,
    reply: 'plain',
    response: storeCheckout,
    creates: true,
    errors: [400, 404, 409, 422],
  }),
  purchaseStatus: endpoint({
    method: 'GET',
    path: `${STORE}/{storeSlug}/purchase_status`,
    summary:
      'Where a purchase stands, from the payment provider’s signed return. The signature is checked first (403 `signature_invalid`); a paid return inside its hold marks the purchase paid and queues its cards, once however often it is sent; a payment returned after its hold ran out with the stock gone is refunded. Public.',
    access: 'public',
    owns: { storeSlug: 'publicStore', propertyId: 'narrows' },
    params: z.object({ storeSlug }),
    query: storePurchaseStatusQuery,
    reply: 'plain',
    response: storePurchaseStatus,
    errors: [403, 404],
  }),
});
