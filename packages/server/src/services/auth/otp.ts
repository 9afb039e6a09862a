import { timingSafeEqual } from 'node:crypto';
import { addMs, type Clock, DAY, MINUTE } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { html, sendMail } from '../mail.js';
import { randomCode, randomToken, sha256Hex } from './tokens.js';

export const OTP_TTL = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const TRUSTED_DEVICE_TTL = 60 * DAY;

/** `otp@demo.tern.test` → `o••@demo.tern.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '••';
  return `${email[0]}••${email.slice(at)}`;
}

/** The code is bound to its challenge: a leaked table alone does not let one try codes offline. */
const codeHash = (challenge: string, code: string) => sha256Hex(`${challenge}:${code}`);

/** Makes a challenge and e-mails its 6-digit code (call inside a transaction). */
export async function issueChallenge(
  tx: Db,
  clock: Clock,
  user: { id: string; email: string; name: string },
): Promise<{ id: string; otpClientChallenge: string; destination: string; ttl: number }> {
  const challenge = randomToken();
  const code = randomCode();
  const now = clock.now();
  const row = await tx.one<{ id: string }>(
    `insert into otp_challenges (challenge_hash, user_id, code_hash, expires_at, created_at)
     values ($1, $2, $3, $4, $5) returning id`,
    [sha256Hex(challenge), user.id, codeHash(challenge, code), addMs(now, OTP_TTL), now],
  );
  const minutes = OTP_TTL / MINUTE;
  await sendMail(tx, {
    to: user.email,
    subject: `Your Tern sign-in code: ${code}`,
    text: `Hello ${user.name},\n\nYour sign-in code is ${code}. It is valid for ${minutes} minutes.\n\nIf you did not try to sign in, change your password.`,
    html: html`<p>Hello ${user.name},</p><p>Your sign-in code is <strong>${code}</strong>. It is valid for ${minutes} minutes.</p><p>If you did not try to sign in, change your password.</p>`,
    kind: 'otp_code',
    at: now,
  });
  return {
    id: row!.id,
    otpClientChallenge: challenge,
    destination: maskEmail(user.email),
    ttl: OTP_TTL / 1000,
  };
}

export type ChallengeResult = 'ok' | 'wrong_code' | 'expired';

/**
 * Checks a code against its challenge: `expired` when unknown, used, out of time or out of tries; a wrong code
 * spends one of the 5 tries. Commits its own changes, so a wrong try counts even though the caller refuses.
 */
export function verifyChallenge(
  db: Db,
  clock: Clock,
  input: { userId: string; challenge: string; code: string },
): Promise<ChallengeResult> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await tx.one<{ id: string; code_hash: string; attempts: number }>(
      `select id, code_hash, attempts from otp_challenges
        where challenge_hash = $1 and user_id = $2 and used_at is null and expires_at > $3 and attempts < $4
        for update`,
      [sha256Hex(input.challenge), input.userId, now, OTP_MAX_ATTEMPTS],
    );
    if (!row) return 'expired';
    const given = Buffer.from(codeHash(input.challenge, input.code));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await tx.query('update otp_challenges set attempts = attempts + 1 where id = $1', [row.id]);
      return 'wrong_code';
    }
    await tx.query('update otp_challenges set used_at = $2 where id = $1', [row.id, now]);
    return 'ok';
  });
}

/** Remembers a device for 60 days; returns the identifier to hand to the client (stored hashed). */
export async function trustDevice(db: Db, clock: Clock, userId: string): Promise<string> {
  const identifier = randomToken();
  const now = clock.now();
  await db.query(
    'insert into trusted_devices (identifier_hash, user_id, expires_at, created_at) values ($1, $2, $3, $4)',
    [sha256Hex(identifier), userId, addMs(now, TRUSTED_DEVICE_TTL), now],
  );
  return identifier;
}

export async function isTrustedDevice(
  db: Db,
  clock: Clock,
  userId: string,
  identifier: string | null | undefined,
): Promise<boolean> {
  if (!identifier) return false;
  const row = await db.one(
    'select 1 from trusted_devices where identifier_hash = $1 and user_id = $2 and expires_at > $3',
    [sha256Hex(identifier), userId, clock.now()],
  );
  return row !== null;
}
