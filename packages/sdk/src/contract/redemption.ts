import * as z from 'zod';
import { email, id, isoDate, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { mealType } from './engine.js';
import {
  GIFT_CARD_CODE_PATTERN,
  GIFT_CARD_TEXT_MAX,
  plainGiftCardCode,
  STORE_PAYER_TEXT_MAX,
} from './limits.js';
import { storeLocale } from './store.js';

// Redeeming a gift card for a stay, and cancelling that stay (document 3 §1, §2.1–§2.2, §3 "Booking request
// (redemption)", §4 "Redemption", §5 Use gift card / Booking checkout / Date picker (redemption), §7
// "Redemption", §8, §9; DECISIONS 23): what the card's holder calls, with no token — the card's code is the
// key. The booking is a real booking of the engine: it takes rooms from the availability the resellers book, at
// the card's property (or the chosen one of a multi-property card), for exactly the card's length of stay, on a
// rate the card's type covers. A plain rate is paid by the card; an upsell rate costs its upsell price, paid
// through the store's payment provider before the booking is made. A card books once: the card's row is locked
// while its booking is made, so two redemptions at once give one booking and one 409 `gift_card_used`.
// Guessing is throttled per address (codes, and the cancel page's reservation + last name).

/** A card's code as typed: spaces and dashes are ignored, letters in any case (12 characters, no look-alikes). */
export const giftCardCode = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(40)
  .transform(plainGiftCardCode)
  .pipe(z.string().regex(GIFT_CARD_CODE_PATTERN, { error: 'Not a gift card number' }));

/** Where a card stands for its holder. */
export const REDEEMABLE_STATES = ['usable', 'used', 'expired', 'pending_payment'] as const;
export const redeemableState = z.enum(REDEEMABLE_STATES);
export type RedeemableState = z.infer<typeof redeemableState>;

/** A hotel a card is redeemed at (one for a single-property card; the type's hotels for a multi-property one). */
export const redemptionProperty = z.object({
  id: recordId,
  title: z.string(),
  city: z.string(),
  country: z.string(),
  photoUrl: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
});
export type RedemptionProperty = z.infer<typeof redemptionProperty>;

/** The stay a card was redeemed for, as its holder sees it. */
export const redemptionStay = z.object({
  reservationId: z.string(),
  propertyId: recordId,
  propertyTitle: z.string(),
  arrivalDate: z.string(),
  departureDate: z.string(),
  roomTypeTitle: z.string(),
  ratePlanTitle: z.string(),
  /** The booker's name and surname. */
  guestName: z.string(),
  status: z.enum(['new', 'modified', 'canceled']),
  bookingType: z.enum(['normal', 'upsell']),
});
export type RedemptionStay = z.infer<typeof redemptionStay>;

/** A card as the redemption pages read it (document 3 §3 gift card fields; no buyer, no price paid). */
export const redeemableCard = z.object({
  generatedId: z.string(),
  title: z.string(),
  /** The recipient's name printed on the card. */
  name: z.string(),
  state: redeemableState,
  /** The last day a stay may begin... and end: no night after it is sold (`YYYY-MM-DD`). */
  expirationDate: z.string(),
  /** Nights the card pays for: the stay spans exactly this many (document 3 §5, default 1). */
  lengthOfStay: z.number().int().min(1),
  /** A gift of a marketing campaign: the booker names their hotel (document 3 §5 Booking checkout). */
  marketingCampaign: z.boolean(),
  multiProperty: z.boolean(),
  /** The store the card was sold by (its look and its address), or the property's first active store. */
  storeSlug: z.string().nullable(),
  properties: z.array(redemptionProperty),
  /** Its stay once booked (the last one, cancelled or not), else `null`. */
  stay: redemptionStay.nullable(),
});
export type RedeemableCard = z.infer<typeof redeemableCard>;

export const redemptionClosedDatesQuery = z.object({
  propertyId: id,
  /** First arrival asked (default the property's today); never before it. */
  from: isoDate.optional(),
  /** Last arrival asked (default: the card's last possible arrival); at most 400 days after `from`. */
  to: isoDate.optional(),
});

/** Arrivals the date picker disables (document 3 §5): no rate of the card can be booked for the stay from them. */
export const redemptionClosedDates = z.object({
  /** The first and last arrival the card allows (today at the property … expiry − length of stay). */
  firstArrival: z.string(),
  lastArrival: z.string(),
  /** Arrivals between them where no rate of the card is bookable for the whole stay. */
  closedArrivals: z.array(z.string()),
  /** Per rate of the card: its own closed arrivals (a plain rate or an upsell). */
  ratePlans: z.array(z.object({ ratePlanId: recordId, closedArrivals: z.array(z.string()) })),
});
export type RedemptionClosedDates = z.infer<typeof redemptionClosedDates>;

export const redemptionRoomsQuery = z.object({
  propertyId: id,
  /** The arrival; the departure is arrival + the card's length of stay. */
  checkin: isoDate,
});

/** A rate the card covers for the stay asked. */
export const redemptionRate = z.object({
  ratePlanId: recordId,
  title: z.string(),
  mealType,
  /** An upsell: the stay costs `upsellPrice` on top of the card, paid before it is booked. */
  upsell: z.boolean(),
  /** In `currency`; 0 for a plain rate. */
  upsellPrice: z.number(),
  currency: z.string(),
  maxAdults: z.number().int(),
  maxChildren: z.number().int(),
  /** Rooms left for the whole stay on this rate. */
  availability: z.number().int(),
  /** Why it cannot be booked for this stay (sold out, closed, minimum stay…), or `null`. */
  unavailableReason: z.string().nullable(),
});
export type RedemptionRate = z.infer<typeof redemptionRate>;

export const redemptionRoom = z.object({
  roomTypeId: recordId,
  title: z.string(),
  description: z.string(),
  photos: z.array(z.object({ url: z.string(), description: z.string() })),
  maxOccupancy: z.number().int(),
  rates: z.array(redemptionRate),
});
export type RedemptionRoom = z.infer<typeof redemptionRoom>;

export const redemptionRooms = z.object({
  checkin: z.string(),
  checkout: z.string(),
  rooms: z.array(redemptionRoom),
});
export type RedemptionRooms = z.infer<typeof redemptionRooms>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: `At most ${max} characters` });

/** The booker (document 3 §3 "Booking request (redemption)" customer, §5 Booking checkout). */
export const redemptionCustomer = z.object({
  name: text(GIFT_CARD_TEXT_MAX),
  surname: text(GIFT_CARD_TEXT_MAX),
  email: z.string().trim().max(GIFT_CARD_TEXT_MAX).pipe(email),
  /** ISO 3166 alpha-2. */
  nationality: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'Choose a country' }),
  phone: text(40),
  /** ISO 3166 alpha-2; the nationality when absent. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'Choose a country' })
    .optional(),
});
export type RedemptionCustomer = z.input<typeof redemptionCustomer>;

/** Who pays an upsell when it is not the booker (document 3 §5: required, at most 160 each). */
export const redemptionPayer = z.object({
  firstName: text(STORE_PAYER_TEXT_MAX),
  lastName: text(STORE_PAYER_TEXT_MAX),
  email: z.string().trim().max(STORE_PAYER_TEXT_MAX).pipe(email),
  phone: text(STORE_PAYER_TEXT_MAX),
  address: text(STORE_PAYER_TEXT_MAX),
});

export const redemptionBookingBody = z.object({
  propertyId: id,
  arrivalDate: isoDate,
  roomTypeId: id,
  ratePlanId: id,
  adults: z.number().int().min(1).max(20),
  children: z.number().int().min(0).max(20).default(0),
  customer: redemptionCustomer,
  /** Required for a marketing-campaign card (the booker's hotel, document 3 §5). */
  hotelName: z.string().trim().max(STORE_PAYER_TEXT_MAX).optional(),
  /** Required for an upsell (the payer's address when the booker pays). */
  address: z.string().trim().max(STORE_PAYER_TEXT_MAX).optional(),
  /** An upsell paid by someone else than the booker. */
  payer: redemptionPayer.optional(),
  notes: z.string().trim().max(1000).optional(),
  locale: storeLocale.default('en'),
});
export type RedemptionBookingBody = z.input<typeof redemptionBookingBody>;

/**
 * `booked`: the stay is booked (a plain rate). `payment`: an upsell waits for its payment at `redirectUrl`; the
 * card and the stay's rooms are not taken until the provider's signed return (`bookingStatus`), and the card is
 * held for `STORE_HOLD_MINUTES` meanwhile (state `pending_payment`).
 */
export const redemptionBooking = z.object({
  status: z.enum(['booked', 'payment']),
  /** The booking, once `booked`. */
  stay: redemptionStay.nullable(),
  /** An upsell's payment: where to pay, its reference and until when the card is held. */
  redirectUrl: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
});
export type RedemptionBooking = z.infer<typeof redemptionBooking>;

export const redemptionBookingStatusQuery = z.object({
  /** The provider's return of an upsell's payment (all three, or none). */
  referenceNumber: z.string().trim().min(1).max(40).optional(),
  propertyId: id.optional(),
  digitalSignature: z.string().trim().min(1).max(200).optional(),
  /** Where the holder came from (document 3 §2.1 confirmation `entry`): kept for the store's links only. */
  entry: z.string().trim().max(40).optional(),
});

/**
 * What the confirmation page polls every 3 s (document 3 §9): `booked` with the stay; `pending` while an upsell's
 * payment is not back yet; `refunded` (paid after the hold ran out and the rooms went: given back), `expired`
 * (unpaid in time), `failed` (refused by the provider), `none` (no stay and no payment under way).
 */
export const REDEMPTION_STATES = ['booked', 'pending', 'refunded', 'expired', 'failed', 'none'] as const;
export const redemptionBookingStatus = z.object({
  status: z.enum(REDEMPTION_STATES),
  stay: redemptionStay.nullable(),
});
export type RedemptionBookingStatus = z.infer<typeof redemptionBookingStatus>;

/** The cancel page's query (document 3 §2.2): the reservation and the booker's last name. */
export const redemptionCancelBody = z.object({
  reservationId: z.string().trim().min(1, { error: 'required' }).max(40),
  lastName: text(GIFT_CARD_TEXT_MAX),
});

/** What the cancel page shows before the holder confirms, and after. */
export const redemptionCancellation = z.object({
  stay: redemptionStay,
  /** Whether it may be cancelled now, and why not (`stay_started`, `past_deadline`, `cancellation_closed`). */
  cancellable: z.boolean(),
  reason: z.enum(['stay_started', 'past_deadline', 'cancellation_closed', 'already_cancelled']).nullable(),
  /** The last instant a free cancellation is possible (ISO), or `null` when the policy has none. */
  deadline: z.string().nullable(),
  /** The hotel's time zone (IANA): the deadline is shown on its clock. */
  timeZone: z.string(),
  /** The card the stay was booked with: usable again once cancelled. */
  giftCardCode: z.string(),
  storeSlug: z.string().nullable(),
});
export type RedemptionCancellation = z.infer<typeof redemptionCancellation>;

const ENGINE = '/api/v1/gift_cards_booking_engine';

export const redemptionArea = defineArea('redemption', {
  card: endpoint({
    method: 'GET',
    path: `${ENGINE}/cards/{code}`,
    summary:
      'A gift card by its code, for its holder: where it stands (usable, used, expired, waiting for an upsell’s payment), its length of stay, expiry and hotels, and its stay once booked. An unknown code: 404 `gift_card_not_found`; guessing is throttled (429). Public.',
    access: 'public',
    owns: { code: 'redeemableGiftCard' },
    params: z.object({ code: giftCardCode }),
    reply: 'plain',
    response: redeemableCard,
    errors: [404, 429],
  }),
  closedDates: endpoint({
    method: 'GET',
    path: `${ENGINE}/cards/{code}/closed_dates`,
    summary:
      'The arrivals the redemption date picker disables at one of the card’s hotels: from the property’s today to the card’s last possible arrival, those where none of the card’s rates can be booked for the whole stay, and per rate. Public.',
    access: 'public',
    owns: { code: 'redeemableGiftCard', propertyId: 'redemptionProperty' },
    params: z.object({ code: giftCardCode }),
    query: redemptionClosedDatesQuery,
    reply: 'plain',
    response: redemptionClosedDates,
    errors: [400, 404, 429],
  }),
  rooms: endpoint({
    method: 'GET',
    path: `${ENGINE}/cards/{code}/rooms`,
    summary:
      'The rooms and rates the card covers at one of its hotels for a stay from `checkin` of exactly its length of stay, each with the rooms left and why not when it cannot be booked; upsell rates with their price. Public.',
    access: 'public',
    owns: { code: 'redeemableGiftCard', propertyId: 'redemptionProperty' },
    params: z.object({ code: giftCardCode }),
    query: redemptionRoomsQuery,
    reply: 'plain',
    response: redemptionRooms,
    errors: [400, 404, 409, 429],
  }),
  book: endpoint({
    method: 'POST',
    path: `${ENGINE}/cards/{code}/bookings`,
    summary:
      'Books the stay the card pays for (status new, source gift card). A plain rate is booked at once; an upsell answers where to pay its price and is booked on the provider’s signed return. Refused: 409 `gift_card_redeemed` (already redeemed), 409 `gift_card_payment_pending` (an upsell’s payment is under way), 409 `no_longer_available`, 422 `gift_card_expired` (the stay ends after the expiry), 400 for a rate the card does not cover or a missing hotel name / address. Public; an Idempotency-Key makes a retry return the same booking.',
    access: 'public',
    owns: {
      code: 'redeemableGiftCard',
      propertyId: 'redemptionProperty',
      roomTypeId: 'narrows',
      ratePlanId: 'narrows',
    },
    params: z.object({ code: giftCardCode }),
    body: redemptionBookingBody,
    reply: 'plain',
    response: redemptionBooking,
    creates: true,
    errors: [400, 404, 409, 422, 429],
  }),
  bookingStatus: endpoint({
    method: 'GET',
    path: `${ENGINE}/cards/{code}/booking`,
    summary:
      'Where the card’s redemption stands, for the confirmation page (polled every 3 s). With an upsell’s signed return, the signature is checked first (403 `signature_invalid`); a paid return inside its hold books the stay, once however often it is sent; one after the hold with the rooms gone is refunded. Public.',
    access: 'public',
    owns: { code: 'redeemableGiftCard', propertyId: 'narrows' },
    params: z.object({ code: giftCardCode }),
    query: redemptionBookingStatusQuery,
    reply: 'plain',
    response: redemptionBookingStatus,
    errors: [403, 404, 429],
  }),
  cancelPreview: endpoint({
    method: 'POST',
    path: `${ENGINE}/cancel_booking/preview`,
    summary:
      'The stay a reservation number and the booker’s last name name (both must match a gift-card booking; 404 `booking_not_found` otherwise, throttled per address), and whether it may be cancelled now. Changes nothing. Public.',
    access: 'public',
    body: redemptionCancelBody,
    reply: 'plain',
    response: redemptionCancellation,
    errors: [404, 429],
  }),
  cancel: endpoint({
    method: 'PUT',
    path: `${ENGINE}/cancel_booking`,
    summary:
      'Cancels a gift-card booking for its booker (reservation number + last name): refused once the stay has begun (409 `gift_card_booking_started`), after the policy’s free-cancellation deadline (409 `cancellation_deadline_passed`) or when the store does not allow cancelling (409 `cancellation_not_allowed`). The rooms are free again and the card is usable again. Throttled per address. Public.',
    access: 'public',
    body: redemptionCancelBody,
    reply: 'plain',
    response: redemptionCancellation,
    errors: [404, 409, 429],
  }),
});
