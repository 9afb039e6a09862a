import type { Session } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { type FieldErrors, type PasswordChangeField, validatePasswordChange } from './rules.js';

/**
 * The change-password page: every signed-in user (DECISIONS 5). After a reset link (a `password_reset`
 * session) the old password is not asked for and the edge calls the reset endpoint instead. A `password_change`
 * session (signed in with a one-time password someone else set) asks for that password as the old one.
 */

export type ChangePasswordEvent =
  | { type: 'field.change'; field: PasswordChangeField; value: string }
  | { type: 'form.submit' }
  | { type: 'user.retry' };

export interface ChangePasswordInput {
  purpose: Session['purpose'];
}

export interface ChangePasswordContext {
  oldPassword: string;
  password: string;
  confirmPassword: string;
  needsOld: boolean;
  fieldErrors: FieldErrors<PasswordChangeField>;
  error: Failure | null;
}

/** `change` needs the old password (`PUT /api/v1/users/me/password`); `reset` follows a reset link (`PUT /auth/reset_password`). */
export type ChangePasswordRequest =
  | { kind: 'change'; oldPassword: string; password: string; confirmPassword: string }
  | { kind: 'reset'; password: string; confirmPassword: string };

const valuesOf = (context: ChangePasswordContext) => ({
  oldPassword: context.oldPassword,
  password: context.password,
  confirmPassword: context.confirmPassword,
});

const requestOf = ({
  needsOld,
  oldPassword,
  password,
  confirmPassword,
}: ChangePasswordContext): ChangePasswordRequest =>
  needsOld
    ? { kind: 'change', oldPassword, password, confirmPassword }
    : { kind: 'reset', password, confirmPassword };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
  },
  actors: {
    changePassword: notProvided<unknown, ChangePasswordRequest>('changePassword'),
  },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(validatePasswordChange(valuesOf(context), { needsOld: context.needsOld })).length === 0,
    canRetry: ({ context }) =>
      context.error !== null &&
      Object.keys(validatePasswordChange(valuesOf(context), { needsOld: context.needsOld })).length === 0,
  },
  actions: {
    assignField: assign(({ context }, params: { field: PasswordChangeField; value: string }) => {
      const { [params.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [params.field]: params.value, fieldErrors };
    }),
    assignFieldErrors: assign(({ context }) => ({
      fieldErrors: validatePasswordChange(valuesOf(context), { needsOld: context.needsOld }),
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    forgetPasswords: assign({ oldPassword: '', password: '', confirmPassword: '' }),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({
    oldPassword: '',
    password: '',
    confirmPassword: '',
    needsOld: input.purpose !== 'password_reset',
    fieldErrors: {},
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: {
            type: 'assignField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'form.submit': [
          { guard: 'isFormValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'assignFieldErrors' },
        ],
        'user.retry': { guard: 'canRetry', target: 'saving', actions: 'clearErrors' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'saved', actions: 'forgetPasswords' },
        onError: {
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
});
