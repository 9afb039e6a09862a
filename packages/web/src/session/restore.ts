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
