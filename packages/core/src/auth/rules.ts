import { isEmailShaped } from '../internal/email.js';
/** Message keys of the form rules; the screens translate them (`validation_messages.*`). */
export const validationKeys = {
  required: 'validation_messages.required',
  email: 'validation_messages.email',
  passwordMin: 'validation_messages.password_min',
  passwordMax: 'validation_messages.password_max',
  notMatch: 'validation_messages.not_match',
  otpDigits: 'validation_messages.otp_digits',
} as const;

export type ValidationKey = (typeof validationKeys)[keyof typeof validationKeys];

/** Field errors of a form: only the fields in error are present. */
export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

/** The login page's modes (document 1 §4): e-mail and password, forgot password, one-time code. */
export type SignInMode = 'credentials' | 'otp' | 'forgot';
export type SignInField = 'email' | 'password' | 'otp' | 'otpClientChallenge';
export interface SignInValues {
  email?: string | null;
  password?: string | null;
  otp?: string | null;
  otpClientChallenge?: string | null;
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

// The shape of an e-mail address lives in internal/ (the public store's pages check it without the sign-in's rules).
export { isEmailShaped };

/** A typed or pasted code without its spaces (`123 456` → `123456`). */
export function normalizeOtp(value: string): string {
  return value.replace(/\s+/g, '');
}

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/**
 * Login form rules (document 1 §5): e-mail required and e-mail shaped; password required except in forgot
 * mode; in otp mode the 6-digit code and the hidden challenge are required too.
 */
export function validateSignIn(mode: SignInMode, values: SignInValues): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {};
  if (isBlank(values.email)) errors.email = validationKeys.required;
  else if (!isEmailShaped(values.email!)) errors.email = validationKeys.email;
  if (mode === 'forgot') return errors;
  if (isBlank(values.password)) errors.password = validationKeys.required;
  if (mode === 'otp') {
    const otp = normalizeOtp(values.otp ?? '');
    if (otp === '') errors.otp = validationKeys.required;
    else if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) errors.otp = validationKeys.otpDigits;
    if (isBlank(values.otpClientChallenge)) errors.otpClientChallenge = validationKeys.required;
  }
  return errors;
}

export type PasswordChangeField = 'oldPassword' | 'password' | 'confirmPassword';
export interface PasswordChangeValues {
  oldPassword?: string | null;
  password: string;
  confirmPassword: string;
}

/**
 * Change-password rules (document 2 §5): the old password when `needsOld` (not after a reset link), a new
 * password of 6 to 128 characters, and a confirmation equal to it (`not_match`).
 */
export function validatePasswordChange(
  values: PasswordChangeValues,
  options: { needsOld: boolean },
): FieldErrors<PasswordChangeField> {
  const errors: FieldErrors<PasswordChangeField> = {};
  if (options.needsOld && !values.oldPassword) errors.oldPassword = validationKeys.required;
  if (values.password === '') errors.password = validationKeys.required;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = validationKeys.passwordMin;
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = validationKeys.passwordMax;
  if (values.confirmPassword === '') errors.confirmPassword = validationKeys.required;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = validationKeys.notMatch;
  return errors;
}

/** Whether a rule found nothing to complain about. */
export function hasNoErrors(errors: Partial<Record<string, unknown>>): boolean {
  return Object.keys(errors).length === 0;
}
