import type { Role } from '@tern/sdk';
import { addMs, type Clock, HOUR, MINUTE } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import { randomToken, sha256Hex } from './tokens.js';

/**
 * `inventory`: a calendar session, good for the inventory calls of one property (`property_id`);
 * `password_change`: a sign-in with a one-time password someone else set, good for changing it only.
 */
export type SessionPurpose = 'sign_in' | 'password_reset' | 'password_change' | 'inventory';

export const SESSION_TTL = 12 * HOUR;
export const REMEMBER_ME_TTL = 30 * 24 * HOUR;
export const RESET_SESSION_TTL = HOUR;

export interface NewSession {
  id: string;
  token: string;
  expiresAt: Date;
}

export interface SessionRow {
  id: string;
  purpose: SessionPurpose;
  expires_at: Date;
  last_seen_at: Date;
  user_id: string;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'blocked';
  agency_id: string | null;
  /** The user's agency is payment-locked (document 1 §6); false without an agency. */
  agency_locked: boolean;
  supplier_id: string | null;
  property_id: string | null;
}

/** Starts a session; only the token's hash is stored. */
export async function createSession(
  db: Db,
  clock: Clock,
  input: {
    userId: string;
    purpose: SessionPurpose;
    ttlMs: number;
    ip?: string;
    userAgent?: string | null;
    /** The one property of a calendar session. */
    propertyId?: string;
  },
): Promise<NewSession> {
  const token = randomToken();
  const now = clock.now();
  const expiresAt = addMs(now, input.ttlMs);
  const row = await db.one<{ id: string }>(
    `insert into sessions (token_hash, user_id, purpose, expires_at, created_at, last_seen_at, ip, user_agent,
                           property_id)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8) returning id`,
    [
      sha256Hex(token),
      input.userId,
      input.purpose,
      expiresAt,
      now,
      input.ip ?? null,
      input.userAgent ?? null,
      input.propertyId ?? null,
    ],
  );
  return { id: row!.id, token, expiresAt };
}

const findSessionSql = prepared(
  `select s.id, s.purpose, s.expires_at, s.last_seen_at, s.property_id, u.id as user_id, u.email, u.name, u.role,
          u.status, u.agency_id, u.supplier_id,
          coalesce(a.payment_locked and not a.lock_override, false) as agency_locked
     from sessions s join users u on u.id = s.user_id left join agencies a on a.id = u.agency_id
    where s.token_hash = $1`,
);

/**
 * The session of a token with its user and whether their agency is payment-locked (read here so that the calls
 * closed to a locked agency need no statement of their own), expired or not; `null` when the token is
 * unknown. Every signed-in call runs it: a prepared statement.
 */
export function findSession(db: Db, token: string): Promise<SessionRow | null> {
  return db.one<SessionRow>(findSessionSql, [sha256Hex(token)]);
}

/** Notes the session was used, at most once a minute. */
export async function touchSession(db: Db, clock: Clock, session: SessionRow): Promise<void> {
  const now = clock.now();
  if (now.getTime() - session.last_seen_at.getTime() < MINUTE) return;
  await db.query('update sessions set last_seen_at = $2 where id = $1', [session.id, now]);
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
}

/** Seconds left, at least 1 (the contract's ttl is a positive integer). */
export function secondsLeft(expiresAt: Date, clock: Clock): number {
  return Math.max(1, Math.floor((expiresAt.getTime() - clock.now().getTime()) / 1000));
}
