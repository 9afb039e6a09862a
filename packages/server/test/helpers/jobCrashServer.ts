import { readFileSync } from 'node:fs';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { startServer } from '../../src/server.js';
import { enqueueJob } from '../../src/services/jobs/queue.js';

// A server whose job `test.crash` kills its own process (SIGKILL, as a crash in native code or the OOM killer
// would), for jobCrash.test.ts. Arguments: the PGlite data folder (ignored with DATABASE_URL). With
// TERN_TEST_ENQUEUE=<max attempts> it queues one such job before it starts; with TERN_TEST_TEMPLATE=<dump> a new
// data folder starts from that PGlite dump (the run's migrated template) instead of a new cluster. Prints
// `listening on <url>`; the worker's errors go to stderr. SIGTERM closes it cleanly.

const data = process.argv[2]!;
const url = process.env.DATABASE_URL;
const template = process.env.TERN_TEST_TEMPLATE;
const db: Db = url
  ? await openPostgres(url)
  : await openPglite(data, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
await migrate(db);
const enqueue = process.env.TERN_TEST_ENQUEUE;
if (enqueue)
  await enqueueJob(db, { now: () => new Date() }, { kind: 'test.crash', maxAttempts: Number(enqueue) });

const server = await startServer({
  port: 0,
  db,
  logger: { info: () => {}, error: (message, error) => console.error(message, error ?? '') },
  jobs: {
    leaseMs: 400,
    pollMs: 50,
    handlers: {
      'test.crash': async () => {
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => {});
      },
    },
  },
});
console.log(`listening on ${server.url}`);
process.on('SIGTERM', async () => {
  await server.close();
  await db.close();
  process.exit(0);
});
