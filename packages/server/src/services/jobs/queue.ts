import { addMs, type Clock, MINUTE, SECOND } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { conflict } from '../../http/errors.js';

// A job queue in the database (table `jobs`, migrations 046 and 052; docs/decisions.md). A worker claims one due
// job in a short transaction with `for update skip locked` (workers of other processes skip it, never wait on
// it), counting the attempt as it takes it (`attempts + 1`), and takes a lease: `locked_until`, renewed while it
// works. A job whose lease ran out — its process was killed, or died in the handler — was an attempt: it is due
// again after the backoff, or failed for good when that was its last (`reapJobs`, before each claim), so a job
// that kills its process is given up after `max_attempts` instead of crash-looping every server that takes it.
// A failure is retried after a backoff that doubles, up to `max_attempts`, then kept as failed with its error;
// the kind's `onFailed` runs in the transaction that marks it failed (a purchase shows it). Handlers must be safe
// to run again (a killed run may have done part of its work): they check what is done before doing it.

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This run's number, from 1 (a run cut by a killed process counts). */
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** At most one job not finished per key: queuing it again while one is queued or running adds nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Due from then; default now. */
  runAt?: Date;
}

/** The first retry waits this long, each next one twice as long, up to `BACKOFF_MAX`. */
export const BACKOFF_BASE = 2 * SECOND;
export const BACKOFF_MAX = 10 * MINUTE;
export const backoffAfter = (attempts: number): number =>
  Math.min(BACKOFF_MAX, BACKOFF_BASE * 2 ** Math.max(0, attempts - 1));

/**
 * Queues a job (in the caller's transaction when `db` is one: the job exists exactly when the change that asks
 * for it does). Returns its id and whether it is new (`false`: one with the same key was queued or running).
 */
export async function enqueueJob(
  db: Db,
  clock: Clock,
  job: NewJob,
): Promise<{ id: string; created: boolean }> {
  // A job of the same key may finish between the insert that found it and the read of its id (a worker on
  // another connection): then the key is free again and the insert is tried anew (a few times: a snapshot that
  // cannot see the job another transaction queued is a race the caller may retry, 409).
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = clock.now();
    const made = await db.one<{ id: string }>(
      `insert into jobs (kind, payload, dedupe_key, max_attempts, run_at, created_at, updated_at)
       values ($1, $2::jsonb, $3, $4, $5, $6, $6)
       on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'running') do nothing
       returning id`,
      [
        job.kind,
        JSON.stringify(job.payload ?? {}),
        job.dedupeKey ?? null,
        job.maxAttempts ?? 5,
        job.runAt ?? now,
        now,
      ],
    );
    if (made) {
      wakeWorkers();
      return { id: made.id, created: true };
    }
    const existing = await db.one<{ id: string }>(
      `select id from jobs where dedupe_key = $1 and status in ('queued', 'running')`,
      [job.dedupeKey],
    );
    if (existing) return { id: existing.id, created: false };
  }
  throw conflict('conflict');
}

interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** What a kind does once one of its jobs failed for good, in the transaction that marks it failed. */
export type OnJobFailed = (tx: Db, job: Job, reason: string, at: Date) => Promise<void>;

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
});

/** Stale runs handled by one `reapJobs` call at most (the next claim takes the rest). */
const REAP_BATCH = 20;

/**
 * Jobs of `kinds` whose lease ran out (their process died during the run, which counted as an attempt when it
 * was claimed): due again after the backoff, or failed for good after their last attempt, with `onFailed` in the
 * same transaction. Rows another worker is reaping are skipped. Returns how many are due again, and those failed.
 */
export async function reapJobs(
  db: Db,
  clock: Clock,
  kinds: readonly string[],
  onFailed?: OnJobFailed,
): Promise<{ requeued: number; failed: Job[] }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx.query<JobRow & { status: string; last_error: string }>(
      `update jobs j
          set status = case when j.attempts >= j.max_attempts then 'failed' else 'queued' end,
              locked_by = null, locked_until = null,
              last_error = 'attempt ' || j.attempts || ' of ' || j.max_attempts
                || ' stopped: its process ended during the run (no word from it for its whole lease)',
              run_at = $2::timestamptz
                + least($4::float8, $3::float8 * power(2, greatest(0, j.attempts - 1))) * interval '1 millisecond',
              finished_at = case when j.attempts >= j.max_attempts then $2::timestamptz end,
              updated_at = $2
        where j.id in (
          select id from jobs
           where kind = any($1::text[]) and status = 'running' and locked_until < $2
           order by locked_until
           limit ${REAP_BATCH}
           for update skip locked)
       returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.status, j.last_error`,
      [[...kinds], now, BACKOFF_BASE, BACKOFF_MAX],
    );
    const failed = rows.filter((r) => r.status === 'failed');
    const jobs = failed.map(toJob);
    if (onFailed) for (const [i, job] of jobs.entries()) await onFailed(tx, job, failed[i]!.last_error, now);
    return { requeued: rows.length - failed.length, failed: jobs };
  });
}

/**
 * Claims the job due first (queued, its `run_at` passed) for `workerId` until now + lease, counting the attempt,
 * in one short transaction; `null` when none is due. Stale runs are not taken here: `reapJobs` makes them due
 * again (or failed) first.
 */
export async function claimJob(
  db: Db,
  clock: Clock,
  workerId: string,
  leaseMs: number,
  kinds: readonly string[],
): Promise<Job | null> {
  const now = clock.now();
  const row = await db.transaction((tx) =>
    tx.one<JobRow>(
      `update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = $1, locked_until = $3,
              updated_at = $2
        where j.id = (
          select id from jobs
           where kind = any($4::text[]) and status = 'queued' and run_at <= $2
           order by run_at, created_at
           limit 1
           for update skip locked)
       returning j.id, j.kind, j.payload, j.attempts, j.max_attempts`,
      [workerId, now, addMs(now, leaseMs), [...kinds]],
    ),
  );
  return row ? toJob(row) : null;
}

/** Renews the lease; `false` when the job is no longer this worker's (its lease ran out and another took it). */
export async function renewLease(db: Db, clock: Clock, job: Job, workerId: string, leaseMs: number) {
  const now = clock.now();
  const row = await db.one<{ id: string }>(
    `update jobs set locked_until = $3, updated_at = $4
      where id = $1 and locked_by = $2 and status = 'running' returning id`,
    [job.id, workerId, addMs(now, leaseMs), now],
  );
  return row !== null;
}

/** Done (only while this worker holds it). */
export async function completeJob(db: Db, clock: Clock, job: Job, workerId: string): Promise<void> {
  const now = clock.now();
  await db.query(
    `update jobs set status = 'done', locked_by = null, locked_until = null, last_error = null,
            finished_at = $3, updated_at = $3
      where id = $1 and locked_by = $2 and status = 'running'`,
    [job.id, workerId, now],
  );
}

/**
 * Failed this run: due again after the backoff, or failed for good after its last attempt — then with
 * `onFailed` in the same transaction. `null` when the job was no longer this worker's (nothing changed).
 */
export async function failJob(
  db: Db,
  clock: Clock,
  job: Job,
  workerId: string,
  error: unknown,
  onFailed?: OnJobFailed,
): Promise<'retry' | 'failed' | null> {
  const now = clock.now();
  const message =
    (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed without a message';
  const last = job.attempts >= job.maxAttempts;
  return db.transaction(async (tx) => {
    const mine = await tx.one<{ id: string }>(
      `update jobs set status = $3, locked_by = null, locked_until = null, last_error = $4, run_at = $5,
              finished_at = case when $3 = 'failed' then $6::timestamptz end, updated_at = $6
        where id = $1 and locked_by = $2 and status = 'running' returning id`,
      [job.id, workerId, last ? 'failed' : 'queued', message, addMs(now, backoffAfter(job.attempts)), now],
    );
    if (!mine) return null;
    if (last && onFailed) await onFailed(tx, job, message, now);
    return last ? 'failed' : 'retry';
  });
}

/** Gives a job back unfinished (the server is closing): due at once, this run not counted. */
export async function releaseJob(db: Db, clock: Clock, job: Job, workerId: string): Promise<void> {
  const now = clock.now();
  await db.query(
    `update jobs set status = 'queued', locked_by = null, locked_until = null, run_at = $3,
            attempts = greatest(attempts - 1, 0), updated_at = $3
      where id = $1 and locked_by = $2 and status = 'running'`,
    [job.id, workerId, now],
  );
}

// Workers of this process sleep between polls; a job queued here wakes them at once.
const sleepers = new Set<() => void>();
export function wakeWorkers(): void {
  for (const wake of sleepers) wake();
}
export function onWake(wake: () => void): () => void {
  sleepers.add(wake);
  return () => sleepers.delete(wake);
}
