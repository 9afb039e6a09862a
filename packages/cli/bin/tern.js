#!/usr/bin/env node
// The `tern` launcher. With the bundle built (`npm run build -w @tern/cli`: dist/tern.js, the CLI with
// @tern/core and @tern/sdk compiled in) it runs it in this process. Without it (a fresh clone before a
// build), or with TERN_FROM_SOURCE=1, it runs the TypeScript sources with tsx and the `source` export
// condition, in a second Node process — slower to start, and always current.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/tern.js', import.meta.url);
if (process.env.TERN_FROM_SOURCE !== '1' && existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  let tsx;
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    process.stderr.write('tern: tsx is not installed: run `npm ci` at the root of the repository\n');
    process.exit(70);
  }
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', tsx, main, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // Ctrl+C reaches the child from the terminal; the launcher waits for it to finish.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
  child.on('error', (error) => {
    process.stderr.write(`tern: could not start node: ${error.message}\n`);
    process.exit(70);
  });
  child.on('exit', (code, signal) => {
    if (signal === 'SIGINT') process.exit(130);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 70);
  });
}
