import type { OtpChallenge, Session, SignInBody } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  type FieldErrors,
  normalizeOtp,
  type SignInField,
  type SignInMode,
  validateSignIn,
} from './rules.js';

/** The login page's machine (M04): e-mail and password, then a one-time code when asked, or forgot password. */

/** The fields a user edits. The hidden challenge is set by the machine, never typed. */
export type SignInFormField = 'email' | 'password' | 'rememberMe' | 'otp';

export type SignInEvent =
  | { type: 'field.change'; field: SignInFormField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'mode.forgot' }
  | { type: 'mode.credentials' }
  | { type: 'user.retry' }
  /** On the code step: ask for a new code (the credentials are sent again; the server answers a new challenge). */
  | { type: 'otp.resend' };

export interface SignInInput {
  /** The remembered device (the 60-day cookie), which lets the server skip the one-time code. */
  deviceIdentifier?: string | null;
  email?: string;
}

export interface SignInContext {
  email: string;
  password: string;
  rememberMe: boolean;
  otp: string;
  otpClientChallenge: string | null;
  /** Where the code went, masked (`o••@demo.tern.test`). */
  otpDestination: string | null;
  deviceIdentifier: string | null;
  fieldErrors: FieldErrors<SignInField>;
  /** The last server message; the web shows the `general.no_access_error` toast with it. */
  error: Failure | null;
  forgotSent: boolean;
  /** A new code was sent on request (`otp.resend`); cleared by the next challenge or by leaving the step. */
  otpResent: boolean;
  session: Session | null;
}

export interface SignInOutput {
  session: Session;
}

export type SignInReply = Session | OtpChallenge;
export type SignInRequest = SignInBody['session'];

/** The toast key shown with `context.error` after a failed sign-in (document 1 §8). */
export const SIGN_IN_ERROR_KEY = 'general.no_access_error';

const valuesOf = (context: SignInContext) => ({
  email: context.email,
  password: context.password,
  otp: context.otp,
  otpClientChallenge: context.otpClientChallenge,
});

const credentialsOf = (context: SignInContext): SignInRequest => ({
  email: context.email.trim(),
  password: context.password,
  rememberMe: context.rememberMe,
  deviceIdentifier: context.deviceIdentifier,
});

/** Shared transitions of the form states. */
const onFieldChange = {
  actions: {
    type: 'assignField',
    params: ({ event }: { event: Extract<SignInEvent, { type: 'field.change' }> }) => ({
      field: event.field,
      value: event.value,
    }),
  },
} as const;

const onFailure = (target: 'credentials' | 'otp' | 'forgot') =>
  ({
    target,
    actions: {
      type: 'assignError',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  }) as const;

const replyOf = ({ event }: { event: { output: SignInReply } }) => ({ reply: event.output });

/** A challenge (again) shows the code step; a session ends the machine. */
const onReply = [
  {
    guard: { type: 'isOtpChallenge', params: replyOf },
    target: 'otp',
    actions: { type: 'assignReply', params: replyOf },
  },
  { target: 'signedIn', actions: { type: 'assignReply', params: replyOf } },
] as const;

type Sending = 'submitting' | 'submittingOtp' | 'forgotSending';

/** A valid form is sent; an invalid one stays and shows its field errors. */
const onSubmit = (mode: SignInMode, target: Sending) =>
  [
    { guard: { type: 'isFormValid', params: { mode } }, target, actions: 'clearErrors' },
    { actions: { type: 'assignFieldErrors', params: { mode } } },
  ] as const;

/** After a failure, `user.retry` sends the same request again. */
const onRetry = (mode: SignInMode, target: Sending) =>
  ({ guard: { type: 'canRetry', params: { mode } }, target, actions: 'clearErrors' }) as const;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    output: {} as SignInOutput,
  },
  actors: {
    signIn: notProvided<SignInReply, SignInRequest>('signIn'),
    sendResetEmail: notProvided<unknown, { email: string }>('sendResetEmail'),
  },
  guards: {
    isFormValid: ({ context }, params: { mode: SignInMode }) =>
      Object.keys(validateSignIn(params.mode, valuesOf(context))).length === 0,
    /** A retry resends the last request: there was an error and the form is still valid. */
    canRetry: ({ context }, params: { mode: SignInMode }) =>
      context.error !== null && Object.keys(validateSignIn(params.mode, valuesOf(context))).length === 0,
    isOtpChallenge: (_, params: { reply: SignInReply }) => params.reply.type === 'otp_challenge',
  },
  actions: {
    assignField: assign(({ context }, params: { field: SignInFormField; value: string | boolean }) => {
      const { [params.field]: _cleared, ...fieldErrors } = context.fieldErrors as Record<string, never>;
      if (params.field === 'rememberMe') {
        return { rememberMe: params.value === true || params.value === 'true', fieldErrors };
      }
      return { [params.field]: String(params.value), fieldErrors };
    }),
    assignFieldErrors: assign(({ context }, params: { mode: SignInMode }) => ({
      fieldErrors: validateSignIn(params.mode, valuesOf(context)),
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    assignReply: assign((_, params: { reply: SignInReply }) =>
      params.reply.type === 'otp_challenge'
        ? {
            otpClientChallenge: params.reply.otpClientChallenge,
            otpDestination: params.reply.destination,
            otp: '',
            otpResent: false,
          }
        : { session: params.reply },
    ),
    resetSecrets: assign({
      password: '',
      otp: '',
      otpClientChallenge: null,
      otpDestination: null,
      fieldErrors: {},
      error: null,
      forgotSent: false,
      otpResent: false,
    }),
    markOtpResent: assign({ otpResent: true }),
    markForgotSent: assign({ forgotSent: true }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    rememberMe: false,
    otp: '',
    otpClientChallenge: null,
    otpDestination: null,
    deviceIdentifier: input.deviceIdentifier ?? null,
    fieldErrors: {},
    error: null,
    forgotSent: false,
    otpResent: false,
    session: null,
  }),
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'field.change': onFieldChange,
        'form.submit': onSubmit('credentials', 'submitting'),
        'user.retry': onRetry('credentials', 'submitting'),
        'mode.forgot': { target: 'forgot', actions: 'clearErrors' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => credentialsOf(context),
        onDone: onReply,
        onError: onFailure('credentials'),
      },
    },
    otp: {
      tags: ['otpStep'],
      on: {
        'field.change': onFieldChange,
        'form.submit': onSubmit('otp', 'submittingOtp'),
        'user.retry': onRetry('otp', 'submittingOtp'),
        'otp.resend': { target: 'resendingOtp', actions: 'clearErrors' },
        'mode.credentials': { target: 'credentials', actions: 'resetSecrets' },
      },
    },
    resendingOtp: {
      tags: ['busy', 'otpStep'],
      invoke: {
        id: 'resendOtp',
        src: 'signIn',
        input: ({ context }) => credentialsOf(context),
        onDone: [
          {
            guard: { type: 'isOtpChallenge', params: replyOf },
            target: 'otp',
            actions: [{ type: 'assignReply', params: replyOf }, 'markOtpResent'],
          },
          { target: 'signedIn', actions: { type: 'assignReply', params: replyOf } },
        ],
        onError: onFailure('otp'),
      },
    },
    submittingOtp: {
      tags: ['busy', 'otpStep'],
      invoke: {
        id: 'signInWithOtp',
        src: 'signIn',
        input: ({ context }) => ({
          ...credentialsOf(context),
          otp: normalizeOtp(context.otp),
          otpClientChallenge: context.otpClientChallenge,
        }),
        onDone: onReply,
        onError: onFailure('otp'),
      },
    },
    forgot: {
      tags: ['forgotMode'],
      on: {
        'field.change': onFieldChange,
        'form.submit': onSubmit('forgot', 'forgotSending'),
        'user.retry': onRetry('forgot', 'forgotSending'),
        'mode.credentials': { target: 'credentials', actions: 'resetSecrets' },
      },
    },
    forgotSending: {
      tags: ['busy', 'forgotMode'],
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'forgotSent', actions: 'markForgotSent' },
        onError: onFailure('forgot'),
      },
    },
    forgotSent: {
      tags: ['forgotMode'],
      on: { 'mode.credentials': { target: 'credentials', actions: 'resetSecrets' } },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ session: context.session! }),
});
