#!/usr/bin/env node
// `npm run test:e2e`: builds the web app and runs the browser tests alone.
import { ensureChromium, ensureInstalled, root, run } from './lib.mjs';

await ensureInstalled();
const chromium = await ensureChromium();
if ((await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: `${root}/packages/web` })) !== 0)
  process.exit(1);
const code = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: `${root}/packages/web`,
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(code);
