/**
 * The benchmarks' clients, on a thread of their own (a `worker_threads` Worker): the server under test keeps its
 * event loop and its core to itself, as it does in production, where clients are other machines. Each message
 * is one job; the reply is what it measured. Started by `loadClient` (loadClient.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '@tern/sdk';
import type { LoadJob, LoadResult } from './loadClient.js';

const { baseUrl, token } = workerData as { baseUrl: string; token: string };
const anonymous = createClient({ baseUrl, retries: 0 });
const agent = createClient({ baseUrl, token: () => token, retries: 0 });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function run(job: LoadJob): Promise<LoadResult> {
  switch (job.type) {
    case 'health':
      return { ms: await timed(() => anonymous.system.health()) };
    case 'search': {
      let total = 0;
      const ms = await timed(async () => {
        const page = await agent.engine.search({ params: { kind: 'accommodations' }, query: job.query });
        total = page.meta.total;
      });
      return { ms, total };
    }
    case 'healthBurst': {
      const ms = await timed(() =>
        Promise.allSettled(Array.from({ length: job.count }, () => anonymous.system.health())),
      );
      return { ms };
    }
    case 'bookingBurst': {
      let results: PromiseSettledResult<unknown>[] = [];
      const ms = await timed(async () => {
        results = await Promise.allSettled(
          Array.from({ length: job.count }, () =>
            agent.engine.createBooking({
              params: { kind: 'accommodations', id: job.propertyId },
              body: job.body as never,
            }),
          ),
        );
      });
      return {
        ms,
        booked: results.filter((r) => r.status === 'fulfilled').length,
        refused: results.filter(
          (r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 409,
        ).length,
      };
    }
  }
}

parentPort!.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => parentPort!.postMessage(result),
    (error: unknown) => parentPort!.postMessage({ error: String(error) }),
  );
});
