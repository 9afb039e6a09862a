import type {
  CartPrices,
  CartPricesBody,
  RedeemableCard,
  RedemptionBooking,
  RedemptionBookingBody,
  RedemptionBookingStatus,
  RedemptionCancellation,
  RedemptionClosedDates,
  RedemptionRooms,
  StoreCheckout,
  StoreCheckoutBody,
  Storefront,
  StorefrontType,
  StorePurchaseStatus,
} from '@tern/sdk/contract';
import type { ApiError } from '@tern/sdk/errors';
import { type PublicApiOptions, type PublicRequest, publicRequester } from './publicFetch';

/**
 * The public store's calls (the contract's `store` and `redemption` areas, packages/sdk/src/contract/) as plain
 * requests over `fetch`: the store's first load carries neither zod nor the contract's schemas (its budget is
 * 70 KB gzipped, bench/size.ts), so replies are trusted as the server's (snake_case turned camelCase) and the
 * contract's types are imported as types only (`publicFetch.ts`, which the campaign page's calls share).
 * `api.test.ts` checks each method and path against the contract. A refusal is thrown as the SDK's `ApiError`.
 */

/** The store endpoints' methods and paths, as the contract writes them (checked by api.test.ts). */
export const storeEndpoints = {
  get: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}' },
  type: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}/types/{typeId}' },
  cartPrices: { method: 'POST', path: '/api/v1/gift_cards_store/{storeSlug}/cart_prices' },
  checkout: { method: 'POST', path: '/api/v1/gift_cards_store/{storeSlug}/checkout' },
  purchaseStatus: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}/purchase_status' },
} as const;

const ENGINE = '/api/v1/gift_cards_booking_engine';

/** The redemption endpoints' methods and paths (the contract's `redemption` area; checked by api.test.ts). */
export const redemptionEndpoints = {
  card: { method: 'GET', path: `${ENGINE}/cards/{code}` },
  closedDates: { method: 'GET', path: `${ENGINE}/cards/{code}/closed_dates` },
  rooms: { method: 'GET', path: `${ENGINE}/cards/{code}/rooms` },
  book: { method: 'POST', path: `${ENGINE}/cards/{code}/bookings` },
  bookingStatus: { method: 'GET', path: `${ENGINE}/cards/{code}/booking` },
  cancelPreview: { method: 'POST', path: `${ENGINE}/cancel_booking/preview` },
  cancel: { method: 'PUT', path: `${ENGINE}/cancel_booking` },
} as const;

const endpoints = { ...storeEndpoints, ...redemptionEndpoints };
type StoreEndpoint = keyof typeof endpoints;

export type { PublicApiOptions as StoreApiOptions } from './publicFetch';
export type { ApiError as StoreApiError };

/** The store's API client: one function per store endpoint, each answering the contract's type. */
export function createStoreApi(options: PublicApiOptions = {}) {
  const request = publicRequester(options);
  const call = <T>(name: StoreEndpoint, args: PublicRequest) => request<T>(endpoints[name], args);

  return {
    /** The storefront: the store, its look, its property and the types it sells (with their stock). */
    get: (storeSlug: string, signal?: AbortSignal) =>
      call<Storefront>('get', { params: { storeSlug }, signal }),
    /** One type the store sells (404 `gift_card_type_not_found` otherwise). */
    type: (storeSlug: string, typeId: number | string, signal?: AbortSignal) =>
      call<StorefrontType>('type', { params: { storeSlug, typeId }, signal }),
    /** The server's prices of a cart (422 `promo_code_invalid` for a code that does not apply). */
    cartPrices: (storeSlug: string, body: CartPricesBody, signal?: AbortSignal) =>
      call<CartPrices>('cartPrices', { params: { storeSlug }, body, signal }),
    /**
     * Holds the cards and answers where to pay. `idempotencyKey` is made once per attempt by the caller, so a
     * retry of the same attempt returns the same hold.
     */
    checkout: (storeSlug: string, body: StoreCheckoutBody, idempotencyKey: string, signal?: AbortSignal) =>
      call<StoreCheckout>('checkout', {
        params: { storeSlug },
        body,
        headers: { 'idempotency-key': idempotencyKey },
        signal,
      }),
    /** Where a purchase stands, from the payment provider's signed return. */
    purchaseStatus: (
      storeSlug: string,
      query: { referenceNumber: string; propertyId: number | string; digitalSignature: string },
      signal?: AbortSignal,
    ) => call<StorePurchaseStatus>('purchaseStatus', { params: { storeSlug }, query, signal }),

    // Redemption (the contract's `redemption` area): the card's holder books its stay, or cancels it.
    /** A card by its code: where it stands, its hotels, its stay once booked (404 `gift_card_not_found`). */
    card: (code: string, signal?: AbortSignal) => call<RedeemableCard>('card', { params: { code }, signal }),
    /** The arrivals the date grid disables at one of the card's hotels. */
    closedDates: (code: string, propertyId: string, signal?: AbortSignal) =>
      call<RedemptionClosedDates>('closedDates', { params: { code }, query: { propertyId }, signal }),
    /** The rooms and rates the card covers for a stay from `checkin`. */
    rooms: (code: string, query: { propertyId: string; checkin: string }, signal?: AbortSignal) =>
      call<RedemptionRooms>('rooms', { params: { code }, query, signal }),
    /** Books the stay (a plain rate at once; an upsell answers where to pay), one Idempotency-Key an attempt. */
    book: (code: string, body: RedemptionBookingBody, idempotencyKey: string, signal?: AbortSignal) =>
      call<RedemptionBooking>('book', {
        params: { code },
        body,
        headers: { 'idempotency-key': idempotencyKey },
        signal,
      }),
    /** Where the card's booking stands (with an upsell's signed return, it settles the payment). */
    bookingStatus: (
      code: string,
      query: { referenceNumber?: string; propertyId?: string; digitalSignature?: string },
      signal?: AbortSignal,
    ) => call<RedemptionBookingStatus>('bookingStatus', { params: { code }, query, signal }),
    /** The stay a reservation and last name name, and whether it may be cancelled (changes nothing). */
    cancelPreview: (body: { reservationId: string; lastName: string }, signal?: AbortSignal) =>
      call<RedemptionCancellation>('cancelPreview', { params: {}, body, signal }),
    /** Cancels it: the card is usable again. */
    cancel: (body: { reservationId: string; lastName: string }, signal?: AbortSignal) =>
      call<RedemptionCancellation>('cancel', { params: {}, body, signal }),
  };
}

export type StoreApi = ReturnType<typeof createStoreApi>;
