import { Worker } from 'node:worker_threads';

/** One measurement the client thread makes (loadWorker.ts). */
export type LoadJob =
  | { type: 'health' }
  | { type: 'search'; query: Record<string, unknown> }
  | { type: 'healthBurst'; count: number }
  | { type: 'bookingBurst'; count: number; propertyId: string; body: unknown };

/** What it measured: the job's milliseconds, and for a search its total, for a burst of bookings their fates. */
export interface LoadResult {
  ms: number;
  total?: number;
  booked?: number;
  refused?: number;
}

/**
 * A client thread for a benchmark (loadWorker.ts, through loadWorker.mjs, which registers the TypeScript loader): `run` sends
 * it a job and resolves with what it measured, one job at a time.
 */
export function loadClient(baseUrl: string, token: string) {
  const worker = new Worker(new URL('./loadWorker.mjs', import.meta.url), {
    workerData: { baseUrl, token },
    execArgv: ['--conditions=source'],
  });
  let queue = Promise.resolve<unknown>(undefined);
  const run = (job: LoadJob): Promise<LoadResult> => {
    const next = queue.then(
      () =>
        new Promise<LoadResult>((resolve, reject) => {
          worker.once('message', (reply: LoadResult & { error?: string }) =>
            reply.error ? reject(new Error(reply.error)) : resolve(reply),
          );
          worker.postMessage(job);
        }),
    );
    queue = next.catch(() => undefined);
    return next;
  };
  return { run, close: () => worker.terminate() };
}
