#!/usr/bin/env node
// `npm run bench`: runs every benchmark (packages/*/bench/*.ts), each in its own process, outside the test
// suite. Each prints its measurement against a baseline measured in the same run, and its target.
import { readdirSync } from 'node:fs';
import { ensureInstalled, log, root, run } from './lib.mjs';

await ensureInstalled();
const only = process.argv[2];
let failures = 0;
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
    if ((await run('npx', ['tsx', '--conditions=source', path])) !== 0) failures++;
  }
}
process.exit(failures ? 1 : 0);
