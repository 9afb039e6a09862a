import { LOGIN_PATH, type RouteFlags } from '@tern/core/navigation';
import { type GoToLoginParams, type StoredSession, sessionMachine } from '@tern/core/session';
import type { TernClient } from '@tern/sdk';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  askedEarly,
  type EarlyTokenCheck,
  fetchTokenCheck,
  liveStoredSession,
  restoreChecked,
  type TokenCheck,
} from '../session/restore';
import { clearStoredSession, writeSelectedPropertyId, writeStoredSession } from '../session/storage';
import { apiBaseUrl } from './apiBase';
import type { ClientSetup } from './client';
import { lazyTernClient } from './lazyClient';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * What the app shares outside React: the API client, storage, the clock, the flags, and the bindings to
 * the running session actor and the router (both bound once at start-up by <App>).
 */
export interface AppServices {
  client: TernClient;
  storage: Storage;
  now: () => number;
  /** Fixed flags (tests); otherwise the signed-in user's, see `flagsFor`. */
  flags: RouteFlags | null;
  /**
   * The stored session's check at start-up without the SDK (`session/restore.ts`); null: the check goes through
   * the client (tests with a fake client).
   */
  checkToken: TokenCheck | null;
  /**
   * Sends the stored session's token check now, before the session machine runs (the entry calls it before
   * drawing a page other than sign-in); nothing without a live stored session or with a check that cannot.
   */
  askTokenEarly: () => void;
  /** Starts loading the SDK's chunk for the client's first call (`FirstLoad` says when); with a ready client, nothing. */
  preloadClient: () => void;
  /** The running session machine; bound by <App>. */
  session: SessionActor | null;
  /** Navigates inside the app; bound to the router by <App>. */
  navigate: (href: string, options?: { replace?: boolean }) => void;
  /** Path, query and hash of the current location (to come back to after signing in). */
  currentLocation: () => string;
}

export interface ServicesOptions {
  storage?: Storage;
  now?: () => number;
  flags?: RouteFlags;
  /** A ready client (tests); otherwise one is made for the API base, loaded with the SDK on its first call. */
  client?: (setup: ClientSetup) => TernClient;
  /** The start-up token check; by default a plain request to the API base, or none with a ready `client`. */
  checkToken?: TokenCheck | null;
}

export function currentSession(services: AppServices): StoredSession | null {
  return services.session?.getSnapshot().context.session ?? null;
}

export function createServices(options: ServicesOptions = {}): AppServices {
  const services: AppServices = {
    client: null as unknown as TernClient,
    storage: options.storage ?? window.localStorage,
    now: options.now ?? (() => Date.now()),
    flags: options.flags ?? null,
    checkToken:
      options.checkToken !== undefined
        ? options.checkToken
        : options.client
          ? null
          : askedEarly(fetchTokenCheck(apiBaseUrl())),
    askTokenEarly: () => {
      const check = services.checkToken;
      const stored = liveStoredSession(services.storage, services.now);
      if (stored && check && 'ask' in check) (check as EarlyTokenCheck).ask(stored.token);
    },
    preloadClient: () => {},
    session: null,
    navigate: () => {},
    currentLocation: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  };
  // The one re-read of the user a 'Stripe locked' reply starts (several calls may meet the lock at once).
  let rereading: Promise<void> | null = null;
  const setup = {
    token: () => currentSession(services)?.token ?? null,
    // A 440 from any call ends the session; the user comes back here after signing in again.
    onSessionExpired: () =>
      services.session?.send({ type: 'session.expired', origin: services.currentLocation() }),
    // A 'Stripe locked' reply from any call (R006): the account was locked meanwhile. The user is read again,
    // so the lock banner and the closed bookings list follow the server's flags at once.
    onPaymentLocked: () => {
      if (rereading || !currentSession(services)) return;
      // A failed re-read changes nothing: the screen that met the lock shows its error anyway.
      rereading = rereadUser(services)
        .catch(() => {})
        .finally(() => {
          rereading = null;
        });
    },
  };
  if (options.client) services.client = options.client(setup);
  else {
    const lazy = lazyTernClient(setup);
    services.client = lazy.client;
    // A chunk that fails here is asked for again by the first call, which says why.
    services.preloadClient = () => void lazy.preload().catch(() => {});
  }
  return services;
}

/** Reads the signed-in user again (properties, agency, lock flags) into the session; rejects when the call fails. */
export async function rereadUser(services: Pick<AppServices, 'client' | 'session'>): Promise<void> {
  const { type: _type, ...user } = await services.client.auth.currentUser();
  services.session?.send({ type: 'session.userUpdated', user });
}

/**
 * After a restore by the token check alone: the session as the SDK reads it from the server (user, properties,
 * flags). A token refused meanwhile ends the session; a failed call keeps the stored user (the next call that
 * fails says why).
 */
export async function refreshRestored(
  services: Pick<AppServices, 'client' | 'storage' | 'now' | 'session' | 'currentLocation'>,
) {
  try {
    const { restoreSession } = await import('../session/serverRestore');
    const fresh = await restoreSession(services.client, services.storage, services.now);
    if (fresh) services.session?.send({ type: 'session.userUpdated', user: fresh.user });
    else services.session?.send({ type: 'session.expired', origin: services.currentLocation() });
  } catch {
    // Kept as restored.
  }
}

/** The login page's address, keeping where to come back to (and saying the session expired). */
export function loginHref(origin: string | null, reason?: 'expired'): string {
  const query = new URLSearchParams();
  if (origin) query.set('redirect', origin);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}

/**
 * Core's session machine with the web's edges: localStorage, the token check at start-up, sign-out on
 * the server, and navigation. Navigation waits a microtask so the router's guards read the new snapshot.
 */
export function sessionLogic(services: AppServices) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        if (!services.checkToken) {
          const { restoreSession } = await import('../session/serverRestore');
          return restoreSession(services.client, services.storage, services.now);
        }
        // The page draws once the server has accepted the token; the user is then read again through the SDK.
        const session = await restoreChecked(services.checkToken, services.storage, services.now);
        if (session) void refreshRestored(services);
        return session;
      }),
      signOut: fromPromise(async ({ input }: { input: { token: string } }) => {
        await services.client.auth.signOut(undefined, {
          headers: { authorization: `Bearer ${input.token}` },
        });
      }),
    },
    actions: {
      persistSession: (_, params: { session: StoredSession }) =>
        writeStoredSession(services.storage, params.session),
      clearPersistedSession: () => clearStoredSession(services.storage),
      goToLogin: (_, params: GoToLoginParams) => {
        if (params.reason === 'signedOut') writeSelectedPropertyId(services.storage, null);
        const origin = params.reason === 'expired' ? (params.origin ?? services.currentLocation()) : null;
        const reason = params.reason === 'expired' ? 'expired' : undefined;
        queueMicrotask(() => services.navigate(loginHref(origin, reason), { replace: true }));
      },
      goToApp: (_, params: { to: string }) => {
        queueMicrotask(() => services.navigate(params.to, { replace: true }));
      },
    },
  });
}
