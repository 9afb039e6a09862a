#!/usr/bin/env node
// The `tern` launcher. It runs the TypeScript sources with tsx and the `source` export condition (the
// workspace packages resolve to their sources, as in `npm run serve`), so it works from a fresh clone after
// `npm ci`, without a build.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
let tsx;
try {
  tsx = import.meta.resolve('tsx');
} catch {
  process.stderr.write('tern: tsx is not installed: run `npm ci` at the root of the repository\n');
  process.exit(2);
}

const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', tsx, main, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
// Ctrl+C reaches the child from the terminal; the launcher waits for it to finish.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  process.stderr.write(`tern: could not start node: ${error.message}\n`);
  process.exit(2);
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 2);
});
