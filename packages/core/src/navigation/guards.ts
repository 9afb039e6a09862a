import type { Role } from '@tern/sdk';
import { type GuardKind, matchRoute, normalizePathname, type RouteDef } from './routes.js';

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const BOOKINGS_PATH = '/bookings';
export const NOT_FOUND_PATH = '/404';
export const CHANGE_PASSWORD_PATH = '/changePassword';
export const PROFILE_PATH = '/profile';

export interface RouteFlags {
  /** The search page and the reseller's home with the main search form (document 1 §2). */
  searchPageIsActive: boolean;
  /** The QA tools (`qaTool` routes) open to every signed-in user: a development build or a sandbox server. */
  qaTools?: boolean;
}

export type RouteResolution =
  | { kind: 'allow'; route: RouteDef; params: Record<string, string> }
  /** `keepOrigin`: remember the requested location and come back to it after signing in. */
  | { kind: 'redirect'; to: string; keepOrigin: boolean };

/** Whether a role passes a guard; `null` is the anonymous visitor. */
export function passesGuard(guard: GuardKind, role: Role | null): boolean {
  switch (guard) {
    case 'public':
      return true;
    case 'signedIn':
      return role !== null;
    case 'reseller':
      return role === 'reseller';
    case 'supplierOrAdmin':
      return role === 'supplier' || role === 'admin';
    case 'admin':
      return role === 'admin';
  }
}

/**
 * Where a signed-in user without the rights goes (document 3 §10): bookings for the admin and reseller
 * guards, home for the supplier-or-admin guard (home then sends non-resellers on to bookings).
 */
export function guardFailureTarget(guard: GuardKind): string {
  return guard === 'supplierOrAdmin' ? HOME_PATH : BOOKINGS_PATH;
}

/** The session a guard reads: its role, and why it was opened (a reset link's session is pinned). */
export interface GuardSession {
  role: Role;
  /**
   * `password_reset`: opened by a reset link; `password_change`: signed in with a one-time password an admin or
   * manager set. Either may only set the new password (and see public pages).
   */
  purpose?: 'sign_in' | 'password_reset' | 'password_change';
}

function resolveOnce(
  pathname: string,
  role: Role | null,
  flags: RouteFlags,
  resetOnly: boolean,
): RouteResolution {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'redirect', to: NOT_FOUND_PATH, keepOrigin: false };
  const { route } = match;
  if (resetOnly && route.guard !== 'public' && normalizePathname(pathname) !== CHANGE_PASSWORD_PATH) {
    return { kind: 'redirect', to: CHANGE_PASSWORD_PATH, keepOrigin: false };
  }
  if (role !== null && route.signedInRedirect) {
    return { kind: 'redirect', to: route.signedInRedirect, keepOrigin: false };
  }
  const guard = route.qaTool && flags.qaTools ? 'signedIn' : route.guard;
  if (!passesGuard(guard, role)) {
    if (role === null) return { kind: 'redirect', to: LOGIN_PATH, keepOrigin: true };
    return { kind: 'redirect', to: guardFailureTarget(guard), keepOrigin: false };
  }
  const feature = route.feature;
  if (feature?.whenOff === 'redirect' && !flags[feature.flag]) {
    return { kind: 'redirect', to: feature.to, keepOrigin: false };
  }
  return { kind: 'allow', route, params: match.params };
}

const MAX_HOPS = 5;

/**
 * What the app does with a location (document 3 §10, DECISIONS 4–6): show the route, or redirect.
 * Unknown paths go to /404; an anonymous visitor on a guarded page goes to /login keeping the origin; a
 * signed-in user on /login goes to /bookings; a failed admin or reseller guard goes to /bookings, a failed
 * supplier-or-admin guard to home. Chained redirects are followed, so the answer is the final place
 * (a reseller on /inventory with the search page off lands on /bookings, not on / first). A session opened by
 * a reset link goes to change password from every page that is not public.
 */
export function resolveRoute(
  pathname: string,
  session: GuardSession | null,
  flags: RouteFlags,
): RouteResolution {
  const role = session?.role ?? null;
  const resetOnly = session?.purpose === 'password_reset' || session?.purpose === 'password_change';
  const first = resolveOnce(pathname, role, flags, resetOnly);
  if (first.kind === 'allow' || first.keepOrigin) return first;
  let to = first.to;
  for (let hop = 1; hop < MAX_HOPS; hop++) {
    const next = resolveOnce(to, role, flags, resetOnly);
    if (next.kind === 'allow' || next.keepOrigin) break;
    to = next.to;
  }
  return { kind: 'redirect', to, keepOrigin: false };
}

const PROBE_ORIGIN = 'http://tern.invalid';

/**
 * Where to go after signing in, from the remembered origin: only a path of this app (`/bookings?page=2`);
 * anything else (`//evil.test`, `http:…`, `/\evil`, `javascript:…`, the login page itself) gives /bookings.
 */
export function loginRedirectTarget(origin: string | null | undefined): string {
  if (!origin?.startsWith('/') || origin.startsWith('//')) return BOOKINGS_PATH;
  // Browsers read `\` as `/`, and control characters are dropped: `/\evil.test` is `//evil.test`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(origin)) return BOOKINGS_PATH;
  let url: URL;
  try {
    url = new URL(origin, PROBE_ORIGIN);
  } catch {
    return BOOKINGS_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return BOOKINGS_PATH;
  if (normalizePathname(url.pathname) === LOGIN_PATH) return BOOKINGS_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a new session lands: change password for a session from a reset link (document 2 §2, M12) or from a
 * one-time password someone else set, else the remembered origin when it is safe, else /bookings.
 */
export function afterSignInTarget(
  session: { purpose: 'sign_in' | 'password_reset' | 'password_change' },
  origin: string | null | undefined,
): string {
  if (session.purpose !== 'sign_in') return CHANGE_PASSWORD_PATH;
  return loginRedirectTarget(origin);
}
