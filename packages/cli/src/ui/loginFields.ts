import {
  type FieldErrors,
  type SignInField,
  type SignInReply,
  type SignInRequest,
  type signInMachine,
  type ValidationKey,
  validationKeys,
} from '@tern/core/auth';
import { validationWords } from '@tern/core/i18n';
import type { SnapshotFrom } from 'xstate';

/**
 * What the terminal adds to core's `signInMachine`: which field has the focus, which fields each step shows,
 * and the words of core's validation keys. The flow itself (steps, rules, requests, the code step, resending
 * a code, forgot password) is the machine's.
 */

export type { SignInReply, SignInRequest };
export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;
export type LoginStep = 'credentials' | 'otp' | 'forgot';
export type LoginField = 'email' | 'password' | 'otp';

/** English words of core's validation keys (core's list, the web app's English `validation_messages`). */
export const validationText = Object.fromEntries(
  Object.values(validationKeys).map((key) => [key, validationWords(key)]),
) as Record<ValidationKey, string>;

/** The fields each step shows, in focus order. */
export const fieldsOf: Record<LoginStep, readonly LoginField[]> = {
  credentials: ['email', 'password'],
  otp: ['otp'],
  forgot: ['email'],
};

/** The step the machine is on, from its tags (busy states carry their step's tag). */
export function stepOf(snapshot: SignInSnapshot): LoginStep {
  if (snapshot.hasTag('otpStep')) return 'otp';
  if (snapshot.hasTag('forgotMode')) return 'forgot';
  return 'credentials';
}

/** The field focused when a step opens: the password after going back from the code, else the first. */
export function focusOnEntering(step: LoginStep, from: LoginStep | null, email: string): LoginField {
  if (step === 'credentials') return from === 'otp' || (from === null && email !== '') ? 'password' : 'email';
  return fieldsOf[step][0] ?? 'email';
}

/** Tab and the arrows: the next (or previous) field of the step, wrapping around. */
export function moveFocus(step: LoginStep, focus: LoginField, by: 1 | -1): LoginField {
  const fields = fieldsOf[step];
  const at = Math.max(0, fields.indexOf(focus));
  return fields[(at + by + fields.length) % fields.length] ?? focus;
}

/** After a refused submit: the first field of the step the machine marked, or the focus as it was. */
export function firstInError(
  step: LoginStep,
  errors: FieldErrors<SignInField>,
  focus: LoginField,
): LoginField {
  return fieldsOf[step].find((field) => errors[field]) ?? focus;
}

/** Typed text without line breaks and control characters (a paste may carry them). */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** What Enter on the e-mail does while the password is still empty: move on, not submit. */
export function enterMovesOn(step: LoginStep, focus: LoginField, password: string): boolean {
  return step === 'credentials' && focus === 'email' && password === '';
}
