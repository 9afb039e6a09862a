// The search params of the routes, checked by hand (no schema library: the router is in every page's first
// load, and zod is loaded with the SDK, after the page draws). Unknown keys are dropped; a value of the wrong
// shape is left out, never an error.

// Core's keys live in a module of their own (no rules, no date-fns), so this takes only the list.
import { bookingQueryKeys } from '@tern/core/bookingEngine';

type Search = Record<string, unknown>;

/** Query values are text; a number (`?token=123` read as JSON elsewhere) is taken as its text. */
function text(value: unknown): string | undefined {
  const s = typeof value === 'number' ? String(value) : value;
  return typeof s === 'string' && s.length <= 2000 ? s : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** The object of the given keys' valid values, without the absent ones. */
function pick<K extends string, V>(
  keys: readonly K[],
  read: (key: K) => V | undefined,
): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  for (const key of keys) {
    const value = read(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * `/login?redirect=/bookings%3Fpage%3D2&reason=expired&mode=forgot`: where to come back to after signing
 * in, why the visitor is here, and which form to open.
 */
export interface LoginSearch {
  redirect?: string | undefined;
  reason?: 'expired' | undefined;
  mode?: 'forgot' | undefined;
}
export function loginSearch(search: Search): LoginSearch {
  return {
    ...pick(['redirect'] as const, (key) => text(search[key])),
    ...pick(['reason'] as const, (key) => oneOf(search[key], ['expired'] as const)),
    ...pick(['mode'] as const, (key) => oneOf(search[key], ['forgot'] as const)),
  };
}

/** `/verify_reset_password_email?token=…`: the reset link's token. */
export interface VerifyResetSearch {
  token?: string | undefined;
}
export function verifyResetSearch(search: Search): VerifyResetSearch {
  return pick(['token'] as const, (key) => text(search[key]));
}

/**
 * The booking engine's query (document 1 §2): every value kept as text. Core's `parseBookingQuery` then
 * applies the rules of document 1 §5 (invalid values dropped, not clamped) to the raw query string.
 */
export type BookingSearch = { [K in (typeof bookingQueryKeys)[number]]?: string | undefined };
export function bookingSearch(search: Search): BookingSearch {
  return pick(bookingQueryKeys, (key) => text(search[key]));
}

/** `/orders?term=…`: the orders list opened searched (a gift-card booking's link to its card, by its code). */
export interface OrdersSearch {
  term?: string | undefined;
}
export function ordersSearch(search: Search): OrdersSearch {
  return pick(['term'] as const, (key) => text(search[key]));
}
