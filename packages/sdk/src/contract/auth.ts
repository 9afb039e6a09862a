import * as z from 'zod';
import { email, recordId, role } from './common.js';
import { defineArea, endpoint } from './define.js';

/** Passwords: at least 6 characters (document 2 §5), at most 128. */
export const password = z
  .string()
  .min(6, { error: 'Use at least 6 characters' })
  .max(128, { error: 'Use at most 128 characters' });

export const userProperty = z.object({
  /** The property id. */
  id: recordId,
  name: z.string(),
  propertyId: recordId,
  ternHotelUserId: recordId,
  role: z.enum(['manager', 'user']),
  propertyType: z.enum(['accommodation', 'vehicle']),
  /** Payment-locked (and no admin lock override). */
  locked: z.boolean(),
  /** The property's IANA time zone: its "today" (absent in sessions stored before it was sent). */
  timezone: z.string().optional(),
  /** The property's currency (ISO 4217): what its gift cards and promo amounts are in (absent in older sessions). */
  currency: z.string().optional(),
});

/** Switches the app reads for this user: the search page (a platform setting), the car rental link (per agency). */
export const userFeatures = z.object({
  /** The reseller's home search form and the search page (document 1 §2); on unless the platform turns it off. */
  searchPageIsActive: z.boolean(),
  /** Car rentals for the reseller's agency (document 3 §10: the cars link). */
  carRentalFeature: z.boolean(),
});
export type UserFeatures = z.infer<typeof userFeatures>;

export const user = z.object({
  id: recordId,
  email: z.string(),
  name: z.string(),
  role,
  status: z.enum(['active', 'blocked']),
  agentId: recordId.nullable(),
  /** The reseller agency, for reseller users. */
  agent: z.object({ id: recordId, name: z.string(), paymentLocked: z.boolean() }).nullable(),
  ternHotels: z.array(userProperty),
  otpEnabled: z.boolean(),
  features: userFeatures,
});
export type User = z.infer<typeof user>;
export type UserProperty = z.infer<typeof userProperty>;

export const session = z.object({
  id: recordId,
  type: z.literal('session'),
  token: z.string(),
  /** Seconds until the session expires. */
  ttl: z.number().int().positive(),
  userRole: role,
  /** Sent when the device should be remembered (60 days) to skip the one-time code. */
  deviceIdentifier: z.string().nullable(),
  /**
   * `password_reset` sessions come from a reset link and may set a new password without the old one;
   * `password_change` sessions come from signing in with a one-time password an admin or manager set, and may
   * only change it (`auth.changePassword`, with that password as the old one) — then they are ordinary.
   */
  purpose: z.enum(['sign_in', 'password_reset', 'password_change']),
  user,
});
export type Session = z.infer<typeof session>;

export const otpChallenge = z.object({
  id: recordId,
  type: z.literal('otp_challenge'),
  otpClientChallenge: z.string(),
  /** Where the code went, masked: `o••@demo.tern.test`. */
  destination: z.string(),
  /** Seconds the code stays valid. */
  ttl: z.number().int().positive(),
});
export type OtpChallenge = z.infer<typeof otpChallenge>;

export const signInBody = z.object({
  session: z.object({
    email,
    password: z.string().min(1, { error: 'Enter your password' }).max(128),
    rememberMe: z.boolean().default(false),
    deviceIdentifier: z.string().max(200).nullish(),
    otp: z
      .string()
      .regex(/^\d{6}$/, { error: 'The code has 6 digits' })
      .nullish(),
    otpClientChallenge: z.string().max(200).nullish(),
  }),
});
export type SignInBody = z.input<typeof signInBody>;

const message = z.object({ message: z.string() });

export const authArea = defineArea('auth', {
  signIn: endpoint({
    method: 'POST',
    path: '/api/v1/sessions',
    summary:
      'Sign in with e-mail and password. Replies with a session, or with a one-time-code challenge; send the code with the challenge to finish.',
    access: 'public',
    body: signInBody,
    reply: 'resource',
    response: z.discriminatedUnion('type', [session, otpChallenge]),
    errors: [400, 401, 429],
  }),
  validateToken: endpoint({
    method: 'GET',
    path: '/auth/validate_token',
    summary: 'Checks the token and returns its session (without the token) for a restore at start-up.',
    access: 'signedIn',
    reply: 'resource',
    response: session.omit({ token: true, deviceIdentifier: true }),
    errors: [401, 440],
  }),
  currentUser: endpoint({
    method: 'GET',
    path: '/api/v1/users/me',
    summary: 'The signed-in user with their properties, agency and role.',
    access: 'signedIn',
    apiKey: 'read',
    reply: 'resource',
    response: user.extend({ type: z.literal('user') }),
    errors: [401, 440],
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/api/v1/sessions/current',
    summary: 'Ends the current session; its token stops working at once.',
    access: 'signedIn',
    reply: 'empty',
    response: z.undefined(),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot_password_email',
    summary:
      'Sends a password-reset link to the address if an account has it. Always answers the same way, so it does not reveal which addresses have accounts.',
    access: 'public',
    body: z.object({ email }),
    reply: 'plain',
    response: message,
    errors: [400, 429],
  }),
  verifyResetToken: endpoint({
    method: 'GET',
    path: '/verify_reset_password_email',
    summary:
      'Checks a reset link token (single use, expires after an hour) and returns a password-reset session.',
    access: 'public',
    query: z.object({ token: z.string().min(1).max(200) }),
    reply: 'resource',
    response: session,
    errors: [400],
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: '/auth/reset_password',
    summary: 'Sets a new password from a password-reset session (no old password needed).',
    access: 'signedIn',
    body: z
      .object({ password, confirmPassword: z.string() })
      .refine((b) => b.password === b.confirmPassword, {
        error: 'Passwords do not match',
        path: ['confirmPassword'],
      }),
    reply: 'plain',
    response: message,
    errors: [400, 401, 403, 440],
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/v1/users/me/password',
    summary:
      'Changes the signed-in user’s password; needs the old one (wrong ones are throttled). Other sessions of the user end. The only way to change one’s own password while signed in; it also ends a `password_change` session’s restriction.',
    access: 'signedIn',
    body: z
      .object({ oldPassword: z.string().min(1).max(128), password, confirmPassword: z.string() })
      .refine((b) => b.password === b.confirmPassword, {
        error: 'Passwords do not match',
        path: ['confirmPassword'],
      }),
    reply: 'plain',
    response: message,
    errors: [400, 401, 440],
  }),
});
