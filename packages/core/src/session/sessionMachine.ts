import type { User } from '@tern/sdk';
import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { afterSignInTarget } from '../navigation/guards.js';
import { isSessionExpired, MAX_TIMER_DELAY_MS, msUntilExpiry, type StoredSession } from './rules.js';

/**
 * The session's life (M05): restored at start-up, started by a sign-in or a reset link, ended by its
 * expiry (a timer on `exp`, or a 440 from any call) or by signing out. Storage, navigation and the
 * sign-out call are the edge's.
 */

export type SessionEvent =
  | { type: 'session.signedIn'; session: StoredSession }
  /** A 440 from any call. `origin`: where the user was, to come back after signing in again. */
  | { type: 'session.expired'; origin?: string | null }
  | { type: 'session.signOut' }
  | { type: 'session.userUpdated'; user: User }
  /** Where to come back to after signing in (the guarded page an anonymous visitor asked for). */
  | { type: 'session.remember'; origin: string | null }
  | { type: 'user.retry' };

export interface SessionInput {
  /** The time in ms; tests and the edge may inject one. Defaults to `Date.now`. */
  clock?: () => number;
}

export interface SessionContext {
  session: StoredSession | null;
  origin: string | null;
  /** Why the restore failed (the server could not be asked); retried with `user.retry`. */
  error: Failure | null;
  clock: () => number;
}

export type GoToLoginParams = { origin: string | null; reason: 'expired' | 'signedOut' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Reads storage and validates the token with the server; null when there is no valid session. Rejects only when it could not check. */
    restoreSession: fromPromise<StoredSession | null>(async () => null),
    /** Ends the session on the server; its failure is ignored. */
    signOut: fromPromise<void, { token: string }>(async () => {}),
  },
  actions: {
    persistSession: (_, _params: { session: StoredSession }) => {},
    clearPersistedSession: () => {},
    goToLogin: (_, _params: GoToLoginParams) => {},
    /** After a sign-in: the remembered origin when safe, change password after a reset link, else /bookings. */
    goToApp: (_, _params: { to: string }) => {},
    assignSession: assign((_, params: { session: StoredSession | null }) => ({
      session: params.session,
      error: null,
    })),
    assignUser: assign(({ context }, params: { user: User }) => ({
      session: context.session ? { ...context.session, user: params.user } : null,
    })),
    assignOrigin: assign((_, params: { origin: string | null }) => ({ origin: params.origin })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    clearSession: assign({ session: null }),
  },
  guards: {
    isLive: ({ context }, params: { session: StoredSession | null }) =>
      params.session !== null && !isSessionExpired(params.session, context.clock()),
    isExpired: ({ context }) => !context.session || isSessionExpired(context.session, context.clock()),
  },
  delays: {
    /** Until `exp`, capped at the longest timer; when the cap fires first the timer is re-armed. */
    untilExpiry: ({ context }) =>
      context.session ? Math.min(MAX_TIMER_DELAY_MS, msUntilExpiry(context.session, context.clock())) : 0,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: null, origin: null, error: null, clock: input.clock ?? Date.now }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isLive', params: ({ event }) => ({ session: event.output }) },
            target: 'active',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          { target: 'anonymous', actions: ['clearSession', 'clearPersistedSession'] },
        ],
        onError: {
          target: 'restoreFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    restoreFailed: {
      on: {
        'user.retry': 'restoring',
        'session.signedIn': {
          target: 'active',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
            {
              type: 'goToApp',
              params: ({ event, context }) => ({ to: afterSignInTarget(event.session, context.origin) }),
            },
            { type: 'assignOrigin', params: { origin: null } },
          ],
        },
        'session.remember': {
          actions: { type: 'assignOrigin', params: ({ event }) => ({ origin: event.origin }) },
        },
      },
    },
    anonymous: {
      on: {
        'session.signedIn': {
          target: 'active',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
            {
              type: 'goToApp',
              params: ({ event, context }) => ({ to: afterSignInTarget(event.session, context.origin) }),
            },
            { type: 'assignOrigin', params: { origin: null } },
          ],
        },
        'session.remember': {
          actions: { type: 'assignOrigin', params: ({ event }) => ({ origin: event.origin }) },
        },
      },
    },
    active: {
      initial: 'live',
      states: {
        live: {
          after: {
            untilExpiry: [
              {
                guard: 'isExpired',
                target: '#session.anonymous',
                actions: [
                  'clearSession',
                  'clearPersistedSession',
                  {
                    type: 'goToLogin',
                    params: ({ context }) => ({ origin: context.origin, reason: 'expired' }),
                  },
                ],
              },
              { target: 'live', reenter: true },
            ],
          },
        },
      },
      on: {
        'session.expired': {
          target: 'anonymous',
          actions: [
            {
              type: 'assignOrigin',
              params: ({ event, context }) => ({ origin: event.origin ?? context.origin }),
            },
            'clearSession',
            'clearPersistedSession',
            { type: 'goToLogin', params: ({ context }) => ({ origin: context.origin, reason: 'expired' }) },
          ],
        },
        'session.signOut': 'signingOut',
        'session.userUpdated': {
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'persistSession', params: ({ context }) => ({ session: context.session! }) },
          ],
        },
        'session.signedIn': {
          target: 'active',
          reenter: true,
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
          ],
        },
        'session.remember': {
          actions: { type: 'assignOrigin', params: ({ event }) => ({ origin: event.origin }) },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.session?.token ?? '' }),
        onDone: {
          target: 'anonymous',
          actions: [
            'clearSession',
            'clearPersistedSession',
            { type: 'assignOrigin', params: { origin: null } },
            { type: 'goToLogin', params: { origin: null, reason: 'signedOut' } },
          ],
        },
        // The local session ends even when the server could not be told.
        onError: {
          target: 'anonymous',
          actions: [
            'clearSession',
            'clearPersistedSession',
            { type: 'assignOrigin', params: { origin: null } },
            { type: 'goToLogin', params: { origin: null, reason: 'signedOut' } },
          ],
        },
      },
    },
  },
});
