#!/usr/bin/env node
// `npm run bench`: runs every benchmark (packages/*/bench/*.ts), each in its own process (the server's, one
// process per database), outside the test suite. Each prints its measurement against a baseline measured in the
// same run, and its target. The server's benchmarks also run on a throwaway PostgreSQL (scripts/postgres.mjs),
// named to them by TERN_BENCH_DATABASE_URL.
import { readdirSync } from 'node:fs';
import { ensureInstalled, log, root, run } from './lib.mjs';
import { startPostgres } from './postgres.mjs';

await ensureInstalled();
const only = process.argv[2];
let failures = 0;
let postgres;
for (const pkg of readdirSync(`${root}/packages`)) {
  let files = [];
  try {
    files = readdirSync(`${root}/packages/${pkg}/bench`).filter((f) => f.endsWith('.ts'));
  } catch {
    continue;
  }
  for (const file of files) {
    const path = `packages/${pkg}/bench/${file}`;
    if (only && !path.includes(only)) continue;
    log(path);
    const env = { ...process.env };
    if (pkg === 'server') {
      postgres ??= await startPostgres().catch((error) => {
        process.stderr.write(`no PostgreSQL for the server's benchmarks: ${error.message}\n`);
        return null;
      });
      if (postgres) env.TERN_BENCH_DATABASE_URL = postgres.url;
    }
    // The server's benchmarks measure each database in a process of its own (TERN_BENCH_ONLY): PostgreSQL's
    // figures are not taken in a heap that has just held a 5,000-hotel PGlite (its garbage collection and
    // memory would be measured with them). Unless TERN_BENCH_ONLY already names one.
    const databases = pkg === 'server' && !process.env.TERN_BENCH_ONLY ? ['pglite', 'postgres'] : [null];
    for (const only of databases) {
      const withOnly = only ? { ...env, TERN_BENCH_ONLY: only } : env;
      if ((await run('npx', ['tsx', '--conditions=source', path], { env: withOnly })) !== 0) failures++;
    }
  }
}
postgres?.stop();
process.exit(failures ? 1 : 0);
