import type { Endpoint } from '@tern/sdk';
import { isAllowed } from '@tern/sdk';
import { assertApiKeyMay, authenticateApiKey, isApiKey } from '../services/auth/apiKeys.js';
import { findSession, touchSession } from '../services/auth/sessions.js';
import type { AppServices, Auth } from './context.js';
import { forbidden, type HttpError, sessionExpired, unauthenticated } from './errors.js';

/** The bearer token of an `Authorization` header, if any. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The caller of a token, or why there is none. */
export async function authenticate(
  services: AppServices,
  token: string | null,
): Promise<{ auth: Auth } | { problem: HttpError }> {
  if (!token) return { problem: unauthenticated() };
  if (isApiKey(token)) return authenticateApiKey(services.db, services.clock, token);
  const session = await findSession(services.db, token);
  if (!session) return { problem: unauthenticated() };
  if (session.expires_at.getTime() <= services.clock.now().getTime()) return { problem: sessionExpired() };
  if (session.status !== 'active') return { problem: unauthenticated('account_blocked') };
  await touchSession(services.db, services.clock, session);
  return {
    auth: {
      sessionId: session.id,
      apiKeyId: null,
      purpose: session.purpose,
      propertyScope: session.property_id,
      expiresAt: session.expires_at,
      agencyLocked: session.agency_locked,
      user: {
        id: session.user_id,
        email: session.email,
        name: session.name,
        role: session.role,
        agencyId: session.agency_id,
        supplierId: session.supplier_id,
      },
    },
  };
}

/** Endpoints a password-reset session may call: it exists only to set a new password. */
const resetSessionMay = new Set([
  'auth.resetPassword',
  'auth.validateToken',
  'auth.currentUser',
  'auth.signOut',
]);

/**
 * Endpoints a session signed in with a one-time password (set by an admin or manager) may call: it exists only to
 * change that password (with it as the old one).
 */
const changeSessionMay = new Set([
  'auth.changePassword',
  'auth.validateToken',
  'auth.currentUser',
  'auth.signOut',
]);

/** Endpoints a calendar session may call: its property's inventory calendar, and signing out. */
const calendarSessionMay = new Set([
  'inventory.calendar',
  'inventory.edit',
  'inventory.undo',
  'inventory.putRows',
  'auth.signOut',
]);

/**
 * Whether anyone may call the endpoint on this server: a public one always; a `sandboxPublic` one (the outbox)
 * only in sandbox mode, which the server allows only on a loopback address.
 */
export function isOpenToAnyone(endpoint: Endpoint, config: Pick<AppServices['config'], 'sandbox'>): boolean {
  return endpoint.access === 'public' || (endpoint.sandboxPublic === true && config.sandbox);
}

/**
 * Who calls, and whether they may: 401 without a valid token, 440 for an expired one, 403 for a role the
 * endpoint does not allow. An endpoint open to anyone (`isOpenToAnyone`) takes anyone (a bad token there counts
 * as anonymous).
 */
export async function authorize(
  services: AppServices,
  endpoint: Endpoint,
  authorization: string | undefined,
): Promise<Auth | null> {
  const result = await authenticate(services, bearerToken(authorization));
  const auth = 'auth' in result ? result.auth : null;
  if (isOpenToAnyone(endpoint, services.config)) return auth;
  if (!auth) throw (result as { problem: HttpError }).problem;
  if (!isAllowed(endpoint.access, auth.user.role)) throw forbidden();
  if (auth.apiKeyId) assertApiKeyMay(endpoint, auth.apiKeyScope ?? 'read');
  if (auth.purpose === 'password_reset' && !resetSessionMay.has(endpoint.name))
    throw forbidden('password_reset_required');
  if (auth.purpose === 'password_change' && !changeSessionMay.has(endpoint.name))
    throw forbidden('password_change_required');
  if (auth.purpose === 'inventory' && !calendarSessionMay.has(endpoint.name))
    throw forbidden('calendar_session_only');
  return auth;
}
