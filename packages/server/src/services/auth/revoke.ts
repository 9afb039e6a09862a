import type { Db } from '../../db/db.js';
import { type Actor, audit } from '../admin/audit.js';

// Credentials die together. Whenever a user's access is taken away or their password changes —
// a block, a password set by an admin or manager, their own reset or change — everything that lets them (or
// whoever holds something of theirs) in without the new password ends in the same transaction: sessions,
// API keys, reset links, trusted devices (the one-time code's skip) and sign-ins waiting for their code.

/** Why a user's credentials ended: the API keys' `disabled_reason`, and the audit entry's. */
export type CredentialsEnd = 'blocked' | 'password_set' | 'password_reset' | 'password_changed';

/** What ended: counts, for the audit trail. */
export interface EndedCredentials {
  sessions: number;
  apiKeys: number;
  resetLinks: number;
  trustedDevices: number;
  pendingCodes: number;
}

/**
 * Ends, in the caller's transaction `tx`, every credential of the user but the session `keepSessionId` (the one
 * that just proved the password, for one's own change or reset): their sessions are deleted, their active API
 * keys disabled for good (a key never comes back with an unblock; the user makes new ones), their unused reset
 * links, trusted devices and unused one-time-code challenges deleted. Audited on the user (what ended, and why)
 * and on each key (`disable`, with the reason).
 */
export async function endCredentials(
  tx: Db,
  actor: Actor,
  userId: string,
  reason: CredentialsEnd,
  keepSessionId: string | null = null,
): Promise<EndedCredentials> {
  const now = actor.clock.now();
  const sessions = await tx.query<{ id: string }>(
    'delete from sessions where user_id = $1 and id is distinct from $2 returning id',
    [userId, keepSessionId],
  );
  const keys = await tx.query<{ id: string }>(
    `update api_keys set active = false, disabled_at = $2, disabled_reason = $3
      where user_id = $1 and active returning id`,
    [userId, now, reason],
  );
  const resetLinks = await tx.query<{ id: string }>(
    'delete from password_reset_tokens where user_id = $1 and used_at is null returning id',
    [userId],
  );
  const devices = await tx.query<{ id: string }>(
    'delete from trusted_devices where user_id = $1 returning id',
    [userId],
  );
  const codes = await tx.query<{ id: string }>(
    'delete from otp_challenges where user_id = $1 and used_at is null returning id',
    [userId],
  );
  const ended: EndedCredentials = {
    sessions: sessions.length,
    apiKeys: keys.length,
    resetLinks: resetLinks.length,
    trustedDevices: devices.length,
    pendingCodes: codes.length,
  };
  await audit(tx, actor, {
    objectType: 'user',
    objectId: userId,
    action: 'end_credentials',
    before: null,
    after: { reason, ...ended },
  });
  for (const key of keys)
    await audit(tx, actor, {
      objectType: 'apiKey',
      objectId: key.id,
      action: 'disable',
      before: { active: true, disabledReason: null },
      after: { active: false, disabledReason: reason },
    });
  return ended;
}
