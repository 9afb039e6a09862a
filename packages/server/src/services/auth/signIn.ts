import type { OtpChallenge, Session, SignInBody, signInBody } from '@tern/sdk';
import type * as z from 'zod';
import type { AppServices } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import { issueChallenge, isTrustedDevice, trustDevice, verifyChallenge } from './otp.js';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './password.js';
import {
  createSession,
  REMEMBER_ME_TTL,
  RESET_SESSION_TTL,
  SESSION_TTL,
  type SessionPurpose,
} from './sessions.js';
import { assertNotThrottled, recordAttempt } from './throttle.js';
import { findUserByEmail, loadUser, type UserRow } from './users.js';

export type SignInInput = z.output<typeof signInBody>['session'];
export type { SignInBody };

export interface Caller {
  ip: string;
  userAgent: string | null;
  /** The request's id, for the audit trail (a request's context has it). */
  requestId?: string;
}

/** A sign-in, or a refused one, in the trail of the user it named (an unknown e-mail has no trail). */
function auditSignIn(
  services: AppServices,
  caller: Caller,
  userId: string,
  outcome: { action: 'sign_in' | 'sign_in_failed'; email: string; reason?: string },
) {
  const { action, ...after } = outcome;
  return audit(
    services.db,
    {
      auth: null,
      requestId: caller.requestId ?? '',
      clock: services.clock,
      ip: caller.ip,
      userAgent: caller.userAgent,
    },
    { objectType: 'user', objectId: userId, action, before: null, after },
  );
}

const wrongCredentials = () => new HttpError(401, 'invalid_credentials');

/** A session reply: the new token, its ttl in seconds, and the user. */
export async function sessionReply(
  services: AppServices,
  user: Pick<UserRow, 'id' | 'role'>,
  options: {
    purpose: Exclude<SessionPurpose, 'inventory'>;
    ttlMs: number;
    deviceIdentifier: string | null;
    caller: Caller;
  },
): Promise<Session> {
  const session = await createSession(services.db, services.clock, {
    userId: user.id,
    purpose: options.purpose,
    ttlMs: options.ttlMs,
    ip: options.caller.ip,
    userAgent: options.caller.userAgent,
  });
  return {
    id: session.id,
    type: 'session',
    token: session.token,
    ttl: Math.round(options.ttlMs / 1000),
    userRole: user.role,
    deviceIdentifier: options.deviceIdentifier,
    purpose: options.purpose,
    user: await loadUser(services.db, user.id, services.config),
  };
}

/**
 * Sign-in with e-mail and password (document 1 §4). Users with one-time codes get a challenge first, unless
 * the request names a trusted device of theirs; the second call carries the code and the challenge and, on
 * success, trusts the device for 60 days. Failures are throttled per e-mail and per address.
 */
export async function signIn(
  services: AppServices,
  input: SignInInput,
  caller: Caller,
): Promise<Session | OtpChallenge> {
  const { db, clock } = services;
  const email = input.email;
  await assertNotThrottled(db, clock, 'sign_in', email, caller.ip);
  const user = await findUserByEmail(db, email);
  const fail = async (error: HttpError) => {
    await recordAttempt(db, clock, { kind: 'sign_in', email, ip: caller.ip, succeeded: false });
    if (user)
      await auditSignIn(services, caller, user.id, { action: 'sign_in_failed', email, reason: error.code });
    return error;
  };
  const ok = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyNothing(input.password, services.config.passwordCost);
  if (!user || !ok) throw await fail(wrongCredentials());
  if (user.status !== 'active') {
    await auditSignIn(services, caller, user.id, {
      action: 'sign_in_failed',
      email,
      reason: 'account_blocked',
    });
    throw new HttpError(401, 'account_blocked');
  }
  if (needsRehash(user.password_hash, services.config.passwordCost)) {
    // A hash from before the cost was raised: the password is at hand, so it gets today's cost.
    const hash = await hashPassword(input.password, services.config.passwordCost);
    await db.query('update users set password_hash = $2 where id = $1 and password_hash = $3', [
      user.id,
      hash,
      user.password_hash,
    ]);
  }

  let deviceIdentifier: string | null = null;
  if (user.otp_required && !(await isTrustedDevice(db, clock, user.id, input.deviceIdentifier))) {
    if (!input.otp || !input.otpClientChallenge)
      return db
        .transaction((tx) => issueChallenge(tx, clock, user))
        .then((c) => ({ type: 'otp_challenge', ...c }));
    const result = await verifyChallenge(db, clock, {
      userId: user.id,
      challenge: input.otpClientChallenge,
      code: input.otp,
    });
    if (result === 'expired') throw await fail(new HttpError(401, 'otp_expired'));
    if (result === 'wrong_code') throw await fail(new HttpError(401, 'otp_invalid'));
    deviceIdentifier = await trustDevice(db, clock, user.id);
  }
  await recordAttempt(db, clock, { kind: 'sign_in', email, ip: caller.ip, succeeded: true });
  await auditSignIn(services, caller, user.id, { action: 'sign_in', email });
  // A one-time password (set by an admin or manager): a short session that may only change it.
  if (user.password_change_required)
    return sessionReply(services, user, {
      purpose: 'password_change',
      ttlMs: RESET_SESSION_TTL,
      deviceIdentifier,
      caller,
    });
  return sessionReply(services, user, {
    purpose: 'sign_in',
    ttlMs: input.rememberMe ? REMEMBER_ME_TTL : SESSION_TTL,
    deviceIdentifier,
    caller,
  });
}
