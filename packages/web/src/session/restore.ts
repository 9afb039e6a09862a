import { isSessionExpired, type StoredSession, toStoredSession } from '@tern/core';
import { ApiError, type TernClient } from '@tern/sdk';
import { readStoredSession } from './storage';

/** Statuses that mean "this stored session is no good": sign in again, no error to show. */
const NOT_A_SESSION = new Set([401, 403, 404, 440]);

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
  const stored = readStoredSession(storage);
  if (!stored || isSessionExpired(stored, now())) return null;
  return (await check(stored.token)) === 'valid' ? stored : null;
}

/**
 * The stored session, checked with the server through the SDK (`GET /auth/validate_token`), with the user and
 * time to live the server gives. Null when there is none or the server refuses it; rejects only when the
 * server could not be asked (network, 5xx), so the machine offers a retry.
 */
export async function restoreSession(
  client: TernClient,
  storage: Storage,
  now: () => number,
): Promise<StoredSession | null> {
  const stored = readStoredSession(storage);
  if (!stored || isSessionExpired(stored, now())) return null;
  try {
    const reply = await client.auth.validateToken(undefined, {
      headers: { authorization: `Bearer ${stored.token}` },
    });
    const fresh = toStoredSession({ ...reply, token: stored.token, deviceIdentifier: null }, now());
    // The server's ttl is the truth, but never extend past what we stored (a clock skew guard).
    return { ...fresh, exp: Math.min(fresh.exp, stored.exp) };
  } catch (error) {
    if (error instanceof ApiError && NOT_A_SESSION.has(error.status)) return null;
    throw error;
  }
}
