#!/usr/bin/env node
// `npm run bench`: runs every benchmark (packages/*/bench/*.ts), each in its own process, outside the test
// suite. Each prints its measurement against a baseline measured in the same run, and its target. The server's
// benchmarks also run on a throwaway PostgreSQL (scripts/postgres.mjs), named to them by TERN_BENCH_DATABASE_URL.
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
    if ((await run('npx', ['tsx', '--conditions=source', path], { env })) !== 0) failures++;
  }
}
postgres?.stop();
process.exit(failures ? 1 : 0);
