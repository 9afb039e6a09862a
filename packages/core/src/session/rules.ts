import type { Role, Session, User, UserProperty } from '@tern/sdk';

/** A day in milliseconds. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest delay a timer can hold (`setTimeout` overflows past 2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The session as the app keeps it: `exp` is an absolute time in ms (document 1 §3, §4). */
export interface StoredSession {
  token: string;
  /** When the session ends, in ms since the epoch. */
  exp: number;
  userRole: Role;
  /**
   * `password_reset` sessions come from a reset link and change the password without the old one;
   * `password_change` ones from a one-time password someone else set, and may only change it.
   */
  purpose: Session['purpose'];
  user: User;
}

/** Expiry of a session that lasts `ttlSeconds` from `nowMs`: now + ttl × 1000 (the server's ttl is in seconds). */
export function sessionExpiry(nowMs: number, ttlSeconds: number): number {
  return nowMs + ttlSeconds * 1000;
}

/** A session has expired once `exp` is reached; it is live while `exp > now`. */
export function isSessionExpired(session: Pick<StoredSession, 'exp'>, nowMs: number): boolean {
  return nowMs >= session.exp;
}

/** Milliseconds left before the session expires, never negative. */
export function msUntilExpiry(session: Pick<StoredSession, 'exp'>, nowMs: number): number {
  return Math.max(0, session.exp - nowMs);
}

/** The role of a user (document 1 §6): reseller when the user has an agent, admin when role admin, else supplier. */
export function roleOf(user: Pick<User, 'agent' | 'role'>): Role {
  if (user.agent) return 'reseller';
  if (user.role === 'admin') return 'admin';
  return 'supplier';
}

/** The device cookie, set when the server sends a device identifier, lasts 60 days (document 1 §4, §9). */
export const DEVICE_COOKIE_DAYS = 60;

/** When a device cookie set at `nowMs` expires, in ms since the epoch. */
export function deviceCookieExpiry(nowMs: number): number {
  return nowMs + DEVICE_COOKIE_DAYS * DAY_MS;
}

/** The device cookie to set after a sign-in, or null when the server sent no device identifier. */
export function deviceCookieFor(
  session: Pick<Session, 'deviceIdentifier'>,
  nowMs: number,
): { value: string; expiresAt: number } | null {
  if (!session.deviceIdentifier) return null;
  return { value: session.deviceIdentifier, expiresAt: deviceCookieExpiry(nowMs) };
}

/** The session to keep, from the server's session read at `nowMs`. The role is the server's `userRole`. */
export function toStoredSession(session: Session, nowMs: number): StoredSession {
  return {
    token: session.token,
    exp: sessionExpiry(nowMs, session.ttl),
    userRole: session.userRole,
    purpose: session.purpose,
    user: session.user,
  };
}

/**
 * The property a non-reseller works on (document 1 §4, document 2 §2): the remembered one while it is
 * still in the user's list, else the first. Resellers and users without properties have none.
 */
export function selectedProperty(
  user: Pick<User, 'agent' | 'role' | 'ternHotels'>,
  rememberedId: string | null | undefined,
): UserProperty | null {
  if (roleOf(user) === 'reseller') return null;
  const remembered = rememberedId ? user.ternHotels.find((p) => p.id === rememberedId) : undefined;
  return remembered ?? user.ternHotels[0] ?? null;
}
