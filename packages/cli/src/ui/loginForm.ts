import {
  type FieldErrors,
  normalizeOtp,
  type SignInField,
  type SignInMode,
  type ValidationKey,
  validateSignIn,
  validationKeys,
} from '@tern/core';
import type { OtpChallenge, Session, SignInBody } from '@tern/sdk';

/** The state of the login form (the terminal's version of the login page, document 1 §4). */

export type LoginStep = 'credentials' | 'otp';
export type LoginField = 'email' | 'password' | 'otp';
export type SignInRequest = SignInBody['session'];
export type SignInReply = Session | OtpChallenge;

export interface LoginFormState {
  step: LoginStep;
  focus: LoginField;
  email: string;
  password: string;
  otp: string;
  challenge: { otpClientChallenge: string; destination: string } | null;
  fieldErrors: FieldErrors<SignInField>;
  /** The last failure, shown under the form. */
  error: string | null;
  busy: boolean;
}

export type LoginFormAction =
  | { type: 'text.type'; text: string }
  | { type: 'text.erase' }
  | { type: 'focus.next' }
  | { type: 'focus.previous' }
  | { type: 'form.invalid'; errors: FieldErrors<SignInField> }
  | { type: 'form.submitting' }
  | { type: 'reply.challenge'; challenge: OtpChallenge }
  | { type: 'reply.failed'; message: string }
  | { type: 'step.back' };

/** English words of core's validation keys (the web app's `validation_messages`). */
export const validationText: Record<ValidationKey, string> = {
  [validationKeys.required]: 'Required',
  [validationKeys.email]: 'Enter an e-mail address such as name@example.com',
  [validationKeys.otpDigits]: 'The code has 6 digits',
  [validationKeys.passwordMin]: 'Use at least 6 characters',
  [validationKeys.passwordMax]: 'Use at most 128 characters',
  [validationKeys.notMatch]: 'The passwords do not match',
};

export function initialLoginForm(email = ''): LoginFormState {
  return {
    step: 'credentials',
    focus: email ? 'password' : 'email',
    email,
    password: '',
    otp: '',
    challenge: null,
    fieldErrors: {},
    error: null,
    busy: false,
  };
}

const FIELDS: Record<LoginStep, LoginField[]> = { credentials: ['email', 'password'], otp: ['otp'] };

function moveFocus(state: LoginFormState, by: 1 | -1): LoginFormState {
  const fields = FIELDS[state.step];
  const at = fields.indexOf(state.focus);
  const next = fields[(at + by + fields.length) % fields.length] ?? state.focus;
  return { ...state, focus: next };
}

/** Typed text without line breaks and control characters (a paste may carry them). */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}

export function reduceLoginForm(state: LoginFormState, action: LoginFormAction): LoginFormState {
  if (state.busy && action.type !== 'reply.challenge' && action.type !== 'reply.failed') return state;
  switch (action.type) {
    case 'text.type': {
      const text = printable(action.text);
      if (!text) return state;
      const { [state.focus]: _cleared, ...fieldErrors } = state.fieldErrors as Record<string, never>;
      return { ...state, [state.focus]: state[state.focus] + text, fieldErrors, error: null };
    }
    case 'text.erase':
      return { ...state, [state.focus]: state[state.focus].slice(0, -1) };
    case 'focus.next':
      return moveFocus(state, 1);
    case 'focus.previous':
      return moveFocus(state, -1);
    case 'form.invalid': {
      const fields = FIELDS[state.step];
      const first = fields.find((f) => action.errors[f]) ?? state.focus;
      return { ...state, fieldErrors: action.errors, focus: first };
    }
    case 'form.submitting':
      return { ...state, busy: true, error: null, fieldErrors: {} };
    case 'reply.challenge':
      return {
        ...state,
        busy: false,
        step: 'otp',
        focus: 'otp',
        otp: '',
        challenge: {
          otpClientChallenge: action.challenge.otpClientChallenge,
          destination: action.challenge.destination,
        },
      };
    case 'reply.failed':
      return { ...state, busy: false, error: action.message, ...(state.step === 'otp' ? { otp: '' } : {}) };
    case 'step.back':
      return state.step === 'otp' ? { ...initialLoginForm(state.email), focus: 'password' } : state;
  }
}

/** What Enter does: move on from an e-mail with no password yet, else check the form and send it. */
export type EnterOutcome =
  | { kind: 'focus' }
  | { kind: 'invalid'; errors: FieldErrors<SignInField> }
  | { kind: 'submit'; request: Omit<SignInRequest, 'rememberMe' | 'deviceIdentifier'> };

export function onEnter(state: LoginFormState): EnterOutcome {
  if (state.step === 'credentials' && state.focus === 'email' && state.password === '')
    return { kind: 'focus' };
  const mode: SignInMode = state.step;
  const values = {
    email: state.email,
    password: state.password,
    otp: state.otp,
    otpClientChallenge: state.challenge?.otpClientChallenge ?? null,
  };
  const errors = validateSignIn(mode, values);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const credentials = { email: state.email.trim(), password: state.password };
  if (mode === 'credentials' || !state.challenge) return { kind: 'submit', request: credentials };
  return {
    kind: 'submit',
    request: {
      ...credentials,
      otp: normalizeOtp(state.otp),
      otpClientChallenge: state.challenge.otpClientChallenge,
    },
  };
}
