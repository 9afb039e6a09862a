import type { Session } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * The reset-link page (M12, `/verify_reset_password_email?token=…`): a signed-in user goes straight to
 * change password; otherwise the token is verified and becomes a `password_reset` session.
 */

export interface ResetTokenInput {
  token: string | null;
  /** A session exists already: skip the token and change the password from it. */
  hasSession: boolean;
}

export interface ResetTokenContext {
  token: string | null;
  hasSession: boolean;
  session: Session | null;
  /** The server's message; the page shows the invalid-token message with the generic description. */
  error: Failure | null;
}

export type ResetTokenEvent = { type: 'user.retry' };

export type ResetTokenOutput =
  | { kind: 'verified'; session: Session }
  | { kind: 'alreadySignedIn'; redirectTo: '/changePassword' };

export const resetTokenMachine = setup({
  types: {
    context: {} as ResetTokenContext,
    events: {} as ResetTokenEvent,
    input: {} as ResetTokenInput,
    output: {} as ResetTokenOutput,
  },
  actors: {
    verifyResetToken: notProvided<Session, { token: string }>('verifyResetToken'),
  },
  guards: {
    hasSession: ({ context }) => context.hasSession,
    hasToken: ({ context }) => Boolean(context.token?.trim()),
  },
  actions: {
    assignSession: assign((_, params: { session: Session }) => ({ session: params.session, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
  },
}).createMachine({
  id: 'resetToken',
  context: ({ input }) => ({ token: input.token, hasSession: input.hasSession, session: null, error: null }),
  initial: 'checkSession',
  states: {
    checkSession: {
      always: [
        { guard: 'hasSession', target: 'alreadySignedIn' },
        { guard: 'hasToken', target: 'verifying' },
        { target: 'invalid' },
      ],
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyResetToken',
        src: 'verifyResetToken',
        input: ({ context }) => ({ token: context.token!.trim() }),
        onDone: {
          target: 'verified',
          actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'invalid',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    invalid: {
      on: { 'user.retry': { guard: 'hasToken', target: 'verifying' } },
    },
    verified: { type: 'final' },
    alreadySignedIn: { type: 'final' },
  },
  output: ({ context }) =>
    context.session
      ? { kind: 'verified', session: context.session }
      : { kind: 'alreadySignedIn', redirectTo: '/changePassword' },
});
