import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import {
  claimJob,
  completeJob,
  failJob,
  type Job,
  type OnJobFailed,
  onWake,
  reapJobs,
  releaseJob,
  renewLease,
} from './queue.js';

/** What a handler gets: the database, the clock, and a signal raised when the server closes. */
export interface JobContext {
  db: Db;
  clock: Clock;
  signal: AbortSignal;
  job: Job;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

/** A kind of job: its handler, and what to record once one of its jobs failed for good (in that transaction). */
export interface JobKind {
  run: JobHandler;
  onFailed?: OnJobFailed;
}

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  handlers: Readonly<Record<string, JobHandler | JobKind>>;
  onError: (message: string, error: unknown) => void;
  /** How long a claim holds a job without renewal. Default 30 s; renewed every third of it. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (a job queued by this process wakes it sooner). Default 1 s. */
  pollMs?: number;
}

/** Thrown by a handler that stops because the server is closing: the job is given back, not failed. */
export class JobInterrupted extends Error {
  constructor() {
    super('interrupted: the server is closing');
  }
}

/** Throws `JobInterrupted` once the signal is raised: handlers call it between steps. */
export function checkInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw new JobInterrupted();
}

/**
 * One worker: makes stale runs due again or failed (`reapJobs`), claims a due job, runs its handler with its
 * lease renewed, then marks it done, or failed (retried after a backoff; for good after its last attempt, with
 * its kind's `onFailed`). `stop` raises the signal, waits for the job under way, and gives it back when its handler
 * stopped early.
 */
export function startJobWorker(options: WorkerOptions): { stop(): Promise<void>; id: string } {
  const { db, clock, onError } = options;
  const handlers = Object.fromEntries(
    Object.entries(options.handlers).map(([kind, h]) => [kind, typeof h === 'function' ? { run: h } : h]),
  ) as Record<string, JobKind>;
  // Dispatches a failure for good to its kind's `onFailed`.
  const onFailed: OnJobFailed = async (tx, job, reason, at) => {
    await handlers[job.kind]?.onFailed?.(tx, job, reason, at);
  };
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1000;
  const kinds = Object.keys(handlers);
  const id = `${process.pid}:${randomUUID()}`;
  const abort = new AbortController();
  let wakeUp: (() => void) | null = null;
  const unsubscribe = onWake(() => wakeUp?.());
  const sleep = () =>
    new Promise<void>((done) => {
      const timer = setTimeout(finish, pollMs);
      function finish() {
        clearTimeout(timer);
        abort.signal.removeEventListener('abort', finish);
        wakeUp = null;
        done();
      }
      wakeUp = finish;
      abort.signal.addEventListener('abort', finish);
    });

  const runOne = async (job: Job) => {
    const handler = handlers[job.kind]!.run;
    const renew = setInterval(
      () => {
        renewLease(db, clock, job, id, leaseMs).catch((error) =>
          onError(`job ${job.id}: lease renewal failed`, error),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      await handler(job.payload, { db, clock, signal: abort.signal, job });
      clearInterval(renew);
      await completeJob(db, clock, job, id);
    } catch (error) {
      clearInterval(renew);
      if (error instanceof JobInterrupted || abort.signal.aborted) {
        await releaseJob(db, clock, job, id);
        return;
      }
      const outcome = await failJob(db, clock, job, id, error, onFailed);
      onError(
        `job ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}, ${outcome ?? 'no longer this worker’s'})`,
        error,
      );
    }
  };

  const reapEveryMs = Math.max(pollMs, Math.floor(leaseMs / 4));
  let nextReap = 0;
  const loop = (async () => {
    while (!abort.signal.aborted) {
      let job: Job | null = null;
      try {
        // Runs whose process died (their lease ran out): due again after the backoff, or failed for good.
        // Looked for every quarter lease at most: a lease is the finest a death can be told anyway.
        if (performance.now() >= nextReap) {
          nextReap = performance.now() + reapEveryMs;
          const reaped = await reapJobs(db, clock, kinds, onFailed);
          for (const gone of reaped.failed)
            onError(
              `job ${gone.kind} ${gone.id} failed for good: its process ended during attempt ${gone.attempts} of ${gone.maxAttempts}`,
              null,
            );
        }
        job = await claimJob(db, clock, id, leaseMs, kinds);
      } catch (error) {
        if (abort.signal.aborted) break;
        onError('jobs: a claim failed', error);
      }
      if (job) await runOne(job).catch((error) => onError(`job ${job.id}`, error));
      else await sleep();
    }
  })();

  return {
    id,
    async stop() {
      abort.abort();
      unsubscribe();
      await loop;
    },
  };
}
