import { type Clock, MINUTE } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { tooManyRequests } from '../../http/errors.js';

/**
 * What is throttled: sign-ins, reset-link requests (every request counts), password changes (a wrong old
 * password counts), the card vault's tokens (a refused card counts; per address only), and the redemption pages'
 * guesses: an unknown gift card code, a cancel page's reservation + last name that match nothing (per address),
 * and a gift campaign's picks (every pick counts, per address).
 */
export type AttemptKind =
  | 'sign_in'
  | 'password_reset'
  | 'password_change'
  | 'card_token'
  | 'gift_card_code'
  | 'gift_card_cancel'
  | 'campaign_pick';

export const THROTTLE_WINDOW = 15 * MINUTE;
/** Failures allowed in the window, per e-mail and per client address. */
export const LIMITS = { email: 5, ip: 20 } as const;

/**
 * Refuses with 429 (and `Retry-After`) when the e-mail has had `LIMITS.email` failures since its last success
 * within the window, or the address `LIMITS.ip` failures within it. For reset requests every request counts.
 * Without an e-mail (`null`: the card vault) only the address counts.
 */
export async function assertNotThrottled(
  db: Db,
  clock: Clock,
  kind: AttemptKind,
  email: string | null,
  ip: string,
): Promise<void> {
  const now = clock.now().getTime();
  const since = new Date(now - THROTTLE_WINDOW);
  const byEmail =
    email === null
      ? []
      : await db.query<{ at: Date }>(
          `select at from sign_in_attempts
      where kind = $1 and email = $2 and not succeeded and at > $3
        and at > coalesce((select max(at) from sign_in_attempts
                            where kind = $1 and email = $2 and succeeded), '-infinity')
      order by at desc limit $4`,
          [kind, email, since, LIMITS.email],
        );
  const byIp = await db.query<{ at: Date }>(
    `select at from sign_in_attempts where kind = $1 and ip = $2 and not succeeded and at > $3
      order by at desc limit $4`,
    [kind, ip, since, LIMITS.ip],
  );
  const freedAt = (rows: { at: Date }[], limit: number) =>
    rows.length >= limit ? rows[limit - 1]!.at.getTime() + THROTTLE_WINDOW : 0;
  const until = Math.max(freedAt(byEmail, LIMITS.email), freedAt(byIp, LIMITS.ip));
  if (until > now) throw tooManyRequests((until - now) / 1000);
}

export async function recordAttempt(
  db: Db,
  clock: Clock,
  attempt: { kind: AttemptKind; email: string | null; ip: string; succeeded: boolean },
): Promise<void> {
  await db.query(
    'insert into sign_in_attempts (kind, email, ip, succeeded, at) values ($1, $2, $3, $4, $5)',
    [attempt.kind, attempt.email ?? '', attempt.ip, attempt.succeeded, clock.now()],
  );
}
