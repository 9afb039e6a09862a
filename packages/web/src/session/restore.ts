import { isSessionExpired, type StoredSession } from '@tern/core/session';
import { readStoredSession } from './storage';

/** Statuses that mean "this stored session is no good": sign in again, no error to show. */
export const NOT_A_SESSION: ReadonlySet<number> = new Set([401, 403, 404, 440]);

/**
 * What the server says of a token before the page draws: `valid`, or `refused` (sign in again); rejects when
 * the server could not be asked (network, 5xx).
 */
export type TokenCheck = (token: string) => Promise<'valid' | 'refused'>;

/**
 * The token check as a plain request to the SDK's `auth.validateToken` endpoint (its path, checked by
 * `restore.test.ts`): only its status counts, so a page of the signed-in app draws without waiting for the
 * SDK's chunk and its schemas (48 KB gzipped, `bench/size.ts`).
 */
export function fetchTokenCheck(
  baseUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): TokenCheck {
  return async (token) => {
    const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}/auth/validate_token`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    if (response.ok) return 'valid';
    if (NOT_A_SESSION.has(response.status)) return 'refused';
    throw new Error(`The session check failed (${response.status})`);
  };
}

/** The stored session unless it has expired already: the one a restore checks with the server. */
export function liveStoredSession(storage: Storage, now: () => number): StoredSession | null {
  const stored = readStoredSession(storage);
  return stored && !isSessionExpired(stored, now()) ? stored : null;
}

/** A token check that can be asked before the session machine runs (`ask`): see `askedEarly`. */
export interface EarlyTokenCheck extends TokenCheck {
  /** Sends the check of `token` now; the next check of that token gets its answer instead of asking again. */
  ask(token: string): void;
}

/**
 * `check`, askable early: the entry asks it for the stored token before React draws anything, so the request
 * goes out ahead of the page's two dozen scripts (a browser sends six at a time to one server) instead of
 * queued behind them when the session machine starts. The answer is handed once, to the next check of that
 * token; any later check (a retry after a failure) asks again.
 */
export function askedEarly(check: TokenCheck): EarlyTokenCheck {
  let early: { token: string; answer: Promise<'valid' | 'refused'> } | null = null;
  const checkNow = (token: string) => {
    const asked = early?.token === token ? early.answer : null;
    early = null;
    return asked ?? check(token);
  };
  return Object.assign(checkNow, {
    ask(token: string) {
      const answer = check(token);
      // Handled by whoever takes it; unasked for, a failure is not an unhandled rejection.
      answer.catch(() => {});
      early = { token, answer };
    },
  });
}

/**
 * The session machine's `restoreSession` in the browser: the stored session, kept when the server accepts its
 * token (`check`). Its user is the one stored at sign-in until `restoreSession` through the SDK reads it again
 * (`services.ts` does so right after).
 */
export async function restoreChecked(
  check: TokenCheck,
  storage: Storage,
  now: () => number,
): Promise<StoredSession | null> {
  const stored = liveStoredSession(storage, now);
  if (!stored) return null;
  return (await check(stored.token)) === 'valid' ? stored : null;
}
