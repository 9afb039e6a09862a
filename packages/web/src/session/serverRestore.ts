import { isSessionExpired, type StoredSession, toStoredSession } from '@tern/core/session';
import { ApiError, type TernClient } from '@tern/sdk';
import { NOT_A_SESSION } from './restore';
import { readStoredSession } from './storage';

/**
 * The stored session, checked with the server through the SDK (`GET /auth/validate_token`), with the user and
 * time to live the server gives (a module of its own, imported when it runs: the first load does without the
 * SDK's error classes). Null when there is none or the server refuses it; rejects only when the
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
