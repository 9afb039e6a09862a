import { snakeKey, toCamel, toSnake } from '@tern/sdk/case';
import type {
  CartPrices,
  CartPricesBody,
  StoreCheckout,
  StoreCheckoutBody,
  Storefront,
  StorefrontType,
  StorePurchaseStatus,
} from '@tern/sdk/contract';
import { buildPath } from '@tern/sdk/define';
import { type ApiError, errorFromResponse } from '@tern/sdk/errors';

/**
 * The public store's five calls (the contract's `store` area, packages/sdk/src/contract/store.ts) as plain
 * requests over `fetch`: the store's first load carries neither zod nor the contract's schemas (its budget is
 * 70 KB gzipped, bench/size.ts), so replies are trusted as the server's (snake_case turned camelCase) and the
 * contract's types are imported as types only. `api.test.ts` checks each method and path against the contract.
 *
 * A refusal is thrown as the SDK's `ApiError` (`code`, `message`, `fields`, `status`), as the staff app's client
 * throws it: `errorFromResponse` of the SDK's light `errors` module.
 */

/** The store endpoints' methods and paths, as the contract writes them (checked by api.test.ts). */
export const storeEndpoints = {
  get: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}' },
  type: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}/types/{typeId}' },
  cartPrices: { method: 'POST', path: '/api/v1/gift_cards_store/{storeSlug}/cart_prices' },
  checkout: { method: 'POST', path: '/api/v1/gift_cards_store/{storeSlug}/checkout' },
  purchaseStatus: { method: 'GET', path: '/api/v1/gift_cards_store/{storeSlug}/purchase_status' },
} as const;

type StoreEndpoint = keyof typeof storeEndpoints;

export type { ApiError as StoreApiError };

export interface StoreApiOptions {
  /** The API's origin; the page's own by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

interface Request {
  params: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** Reads a reply's body: JSON when it is JSON, else its text (an HTML error page of a proxy), else null. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The store's API client: one function per store endpoint, each answering the contract's type. */
export function createStoreApi(options: StoreApiOptions = {}) {
  const base = (options.baseUrl ?? window.location.origin).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<T>(name: StoreEndpoint, request: Request): Promise<T> {
    const { method, path } = storeEndpoints[name];
    let url = `${base}${buildPath(path, request.params)}`;
    if (request.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query)) search.set(snakeKey(key), String(value));
      url += `?${search}`;
    }
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    const init: RequestInit = { method, headers };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(toSnake(request.body));
    }
    if (request.signal) init.signal = request.signal;
    const response = await fetchImpl(url, init);
    const body = await readBody(response);
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, body, response.headers);
    return toCamel<T>(body);
  }

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
  };
}

export type StoreApi = ReturnType<typeof createStoreApi>;
