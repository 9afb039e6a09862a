import { isSessionExpired, type StoredSession, toStoredSession } from '@tern/core';
import { ApiError, type TernClient } from '@tern/sdk';
import { readStoredSession } from './storage';

/** Statuses that mean "this stored session is no good": sign in again, no error to show. */
const NOT_A_SESSION = new Set([401, 403, 404, 440]);

/**
 * The session machine's `restoreSession`: the stored session, checked with the server
 * (`GET /auth/validate_token`). Null when there is none or the server refuses it; rejects only when the
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
