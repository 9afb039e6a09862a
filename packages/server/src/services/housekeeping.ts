import { type Clock, DAY, HOUR } from '../clock.js';
import type { Db } from '../db/db.js';
import { expireStoreHolds } from './store/checkout.js';
import { sweepCardTokens } from './vault/tokens.js';
import { sweepVehicleQueries } from './vehicles/rentals.js';

/** Sessions stay a week past expiry, so an old token still gets 440 (not 401) for a while. */
const KEEP_EXPIRED_SESSIONS = 7 * DAY;
const KEEP_ATTEMPTS = DAY;
const KEEP_JOBS = 7 * DAY;

/**
 * Deletes what has no use any more: long-expired sessions, codes, links, devices, attempts, idempotency keys,
 * card tokens a day past expiry, car searches a day old and background jobs finished a week ago; and marks the
 * store's checkouts whose hold ran out unpaid `expired` (for the lists: their stock is back already).
 */
export async function sweep(db: Db, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const ago = (ms: number) => new Date(now - ms);
  await db.query('delete from sessions where expires_at < $1', [ago(KEEP_EXPIRED_SESSIONS)]);
  await db.query('delete from otp_challenges where expires_at < $1', [ago(DAY)]);
  await db.query('delete from password_reset_tokens where expires_at < $1', [ago(DAY)]);
  await db.query('delete from trusted_devices where expires_at < $1', [ago(0)]);
  await db.query('delete from sign_in_attempts where at < $1', [ago(KEEP_ATTEMPTS)]);
  await db.query('delete from idempotency_keys where created_at < $1', [ago(DAY)]);
  // Finished background jobs are kept a week to read (failed ones with their error), then go.
  await db.query(`delete from jobs where status in ('done', 'failed') and finished_at < $1`, [
    ago(KEEP_JOBS),
  ]);
  await sweepCardTokens(db, clock);
  await sweepVehicleQueries(db, clock);
  await expireStoreHolds(db, clock);
}

/** Sweeps at start and then every hour; `stop` waits for a sweep under way. */
export function startHousekeeping(
  db: Db,
  clock: Clock,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep(db, clock).catch(onError);
  };
  run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
