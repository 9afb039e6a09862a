import type { Session } from '@tern/sdk';
import { addMs, HOUR } from '../../clock.js';
import type { Db } from '../../db/db.js';
import type { AppServices, Auth, RequestContext } from '../../http/context.js';
import { badRequest, forbidden, invalidField } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import { html, sendMail } from '../mail.js';
import { hashPassword, verifyPassword } from './password.js';
import { endCredentials } from './revoke.js';
import { RESET_SESSION_TTL, SESSION_TTL } from './sessions.js';
import { type Caller, sessionReply } from './signIn.js';
import { assertNotThrottled, recordAttempt } from './throttle.js';
import { randomToken, sha256Hex } from './tokens.js';
import { findUserByEmail, findUserById } from './users.js';

export const RESET_LINK_TTL = HOUR;
export const FORGOT_PASSWORD_REPLY =
  'If an account exists for that address, we have sent a link to reset the password.';
export const PASSWORD_CHANGED = 'Your password has been changed.';

/**
 * Mails a single-use reset link (valid an hour) to an active user of that address. The caller always gets
 * the same reply, so it does not tell who has an account; requests are throttled like sign-ins.
 */
export async function forgotPassword(services: AppServices, email: string, caller: Caller): Promise<string> {
  const { db, clock } = services;
  await assertNotThrottled(db, clock, 'password_reset', email, caller.ip);
  await recordAttempt(db, clock, { kind: 'password_reset', email, ip: caller.ip, succeeded: false });
  const user = await findUserByEmail(db, email);
  if (user?.status !== 'active') return FORGOT_PASSWORD_REPLY;
  await db.transaction((tx) => mailResetLink(tx, services, user, clock.now()));
  return FORGOT_PASSWORD_REPLY;
}

/**
 * A single-use reset link (valid an hour) mailed to the user, in the caller's transaction: the user's own
 * "forgot password", or an admin's or manager's "send a reset e-mail" (the user chooses the password themselves).
 */
export async function mailResetLink(
  tx: Db,
  services: Pick<AppServices, 'config'>,
  user: { id: string; email: string; name: string },
  now: Date,
): Promise<void> {
  const token = randomToken();
  const link = `${services.config.webUrl}/verify_reset_password_email?token=${encodeURIComponent(token)}`;
  await tx.query(
    'insert into password_reset_tokens (token_hash, user_id, expires_at, created_at) values ($1, $2, $3, $4)',
    [sha256Hex(token), user.id, addMs(now, RESET_LINK_TTL), now],
  );
  await sendMail(tx, {
    to: user.email,
    subject: 'Reset your Tern password',
    text: `Hello ${user.name},\n\nTo set a new password, open this link within an hour:\n${link}\n\nIf you did not ask for it, ignore this e-mail; your password stays as it is.`,
    html: html`<p>Hello ${user.name},</p><p>To set a new password, open this link within an hour:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for it, ignore this e-mail; your password stays as it is.</p>`,
    kind: 'password_reset',
    at: now,
  });
}

const invalidLink = () => badRequest('invalid_reset_token');

/** Spends a reset token (once, within the hour) for a one-hour `password_reset` session. */
export async function verifyResetToken(
  services: AppServices,
  token: string,
  caller: Caller,
): Promise<Session> {
  const { db, clock } = services;
  const now = clock.now();
  const userId = await db.transaction(async (tx) => {
    const row = await tx.one<{ id: string; user_id: string }>(
      `update password_reset_tokens t set used_at = $2
        from users u
       where t.token_hash = $1 and t.used_at is null and t.expires_at > $2
         and u.id = t.user_id and u.status = 'active'
       returning t.id, t.user_id`,
      [sha256Hex(token), now],
    );
    return row?.user_id ?? null;
  });
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) throw invalidLink();
  return sessionReply(services, user, {
    purpose: 'password_reset',
    ttlMs: RESET_SESSION_TTL,
    deviceIdentifier: null,
    caller,
  });
}

/** What a password change needs of its request: the services, and the request's id for the audit trail. */
type PasswordCtx = AppServices & Pick<RequestContext, 'requestId'>;

/**
 * Sets a new password from a `password_reset` session: the user's other credentials end (`endCredentials`: other
 * sessions, API keys, reset links, trusted devices), and this session becomes an ordinary one.
 */
export async function resetPassword(services: PasswordCtx, auth: Auth, password: string): Promise<string> {
  if (auth.purpose !== 'password_reset') throw forbidden('reset_link_required');
  const hash = await hashPassword(password, services.config.passwordCost);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    // One's own password now: a one-time one given before is gone.
    await tx.query(
      'update users set password_hash = $2, password_change_required = false, updated_at = $3 where id = $1',
      [auth.user.id, hash, now],
    );
    await audit(
      tx,
      { ...services, auth },
      {
        objectType: 'user',
        objectId: auth.user.id,
        action: 'reset_password',
        before: null,
        after: { password: 'new' },
        secret: ['password'],
      },
    );
    await endCredentials(tx, { ...services, auth }, auth.user.id, 'password_reset', auth.sessionId);
    await tx.query(`update sessions set purpose = 'sign_in', expires_at = $2 where id = $1`, [
      auth.sessionId,
      addMs(now, SESSION_TTL),
    ]);
  });
  return PASSWORD_CHANGED;
}

/**
 * Changes the password when the old one matches; the user's other credentials end (`endCredentials`), this
 * session stays (it has just shown the old password; docs/decisions.md). Wrong old passwords are
 * throttled like sign-ins (per account and per address), so a stolen session cannot guess the password.
 */
export async function changePassword(
  services: PasswordCtx,
  auth: Auth,
  input: { oldPassword: string; password: string },
  caller: Pick<Caller, 'ip'>,
): Promise<string> {
  const { db, clock } = services;
  const attempt = { kind: 'password_change', email: auth.user.email, ip: caller.ip } as const;
  await assertNotThrottled(db, clock, attempt.kind, attempt.email, attempt.ip);
  const user = await findUserById(db, auth.user.id);
  if (!user || !(await verifyPassword(input.oldPassword, user.password_hash))) {
    await recordAttempt(db, clock, { ...attempt, succeeded: false });
    throw invalidField('old_password_wrong', 'oldPassword');
  }
  await recordAttempt(db, clock, { ...attempt, succeeded: true });
  // A one-time password (someone else's choice) is replaced by one of the user's own.
  if (user.password_change_required && input.password === input.oldPassword)
    throw invalidField('password_unchanged', 'password');
  const hash = await hashPassword(input.password, services.config.passwordCost);
  await db.transaction(async (tx) => {
    await tx.query(
      'update users set password_hash = $2, password_change_required = false, updated_at = $3 where id = $1',
      [auth.user.id, hash, clock.now()],
    );
    // The session that could only change the password becomes an ordinary one.
    if (auth.purpose === 'password_change')
      await tx.query(`update sessions set purpose = 'sign_in', expires_at = $2 where id = $1`, [
        auth.sessionId,
        addMs(clock.now(), SESSION_TTL),
      ]);
    await audit(
      tx,
      { ...services, auth },
      {
        objectType: 'user',
        objectId: auth.user.id,
        action: 'change_password',
        before: null,
        after: { password: 'new' },
        secret: ['password'],
      },
    );
    await endCredentials(tx, { ...services, auth }, auth.user.id, 'password_changed', auth.sessionId);
  });
  return PASSWORD_CHANGED;
}
