import type { CalendarSession, OneTimeToken } from '@tern/sdk';
import { addMs, HOUR, SECOND } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { HttpError } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';
import { createSession } from '../auth/sessions.js';
import { randomToken, sha256Hex } from '../auth/tokens.js';

// The one-time token that opens the inventory calendar (document 2 §2, §7 `auth/one_time_token`; M22): made
// for a property the caller works at, bound to the caller and the property, good once for a minute, stored as
// its hash. The calendar exchanges it for a calendar session of that property, which reaches nothing else.

export const ONE_TIME_TOKEN_TTL = 60 * SECOND;
export const CALENDAR_SESSION_TTL = 2 * HOUR;

const refused = () => new HttpError(401, 'one_time_token_invalid');

export async function issueOneTimeToken(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
): Promise<OneTimeToken> {
  const token = randomToken();
  const now = actor.clock.now();
  const expiresAt = addMs(now, ONE_TIME_TOKEN_TTL);
  // Spent and expired tokens of the user go as new ones are made.
  await db.query(
    'delete from inventory_tokens where user_id = $1 and (used_at is not null or expires_at < $2)',
    [actor.auth!.user.id, now],
  );
  await db.query(
    `insert into inventory_tokens (token_hash, user_id, property_id, expires_at, created_at)
     values ($1, $2, $3, $4, $5)`,
    [sha256Hex(token), actor.auth!.user.id, property.id, expiresAt, now],
  );
  return {
    token,
    propertyId: property.id,
    expiresAt: expiresAt.toISOString(),
    expiresIn: Math.round(ONE_TIME_TOKEN_TTL / SECOND),
  };
}

/**
 * A calendar session for a one-time token: the token is spent by the first attempt, whatever its outcome (one
 * conditional update, so two attempts at once cannot both have it); refused when it was spent, has expired, is
 * for another property, or its user may no longer open that property's calendar.
 */
export async function openCalendar(
  db: Db,
  actor: Actor & { ip: string; userAgent: string | null },
  body: { token: string; propertyId: string },
): Promise<CalendarSession> {
  const now = actor.clock.now();
  return db
    .transaction(async (tx) => {
      const spent = await tx.one<{ user_id: string; property_id: string; expires_at: Date }>(
        `update inventory_tokens set used_at = $2 where token_hash = $1 and used_at is null
       returning user_id, property_id, expires_at`,
        [sha256Hex(body.token), now],
      );
      if (!spent || spent.expires_at.getTime() <= now.getTime() || spent.property_id !== body.propertyId)
        return { refused: true as const };
      const allowed = await tx.one<{ ok: boolean; timezone: string | null }>(
        `select u.status = 'active' and (u.role = 'admin' or exists (
                select 1 from property_users pu where pu.user_id = u.id and pu.property_id = $2)) as ok,
                (select p.timezone from properties p where p.id = $2) as timezone
         from users u where u.id = $1`,
        [spent.user_id, spent.property_id],
      );
      if (!allowed?.ok) return { refused: true as const };
      const session = await createSession(tx, actor.clock, {
        userId: spent.user_id,
        purpose: 'inventory',
        ttlMs: CALENDAR_SESSION_TTL,
        ip: actor.ip,
        userAgent: actor.userAgent,
        propertyId: spent.property_id,
      });
      return {
        token: session.token,
        propertyId: spent.property_id,
        timezone: allowed.timezone || 'UTC',
        expiresAt: session.expiresAt.toISOString(),
      };
    })
    .then((result) => {
      // The token stays spent: the refusal is answered after the transaction that spent it committed.
      if ('refused' in result) throw refused();
      return result;
    });
}
