#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app, and starts the API on the embedded database
// (seeded with the demo world on first start, kept in .data/tern) serving the web app too. It is the demo:
// `--demo` loads the demo world, and `--sandbox` (allowed on 127.0.0.1 only) lets anyone read the outbox.
import { spawn } from 'node:child_process';
import { ensureInstalled, log, root, run } from './lib.mjs';

const port = process.env.PORT ?? '4000';
const data = process.env.TERN_DATA ?? '.data/tern';
const logins = ['admin', 'agent', 'agent2', 'hotelier', 'hotelier2', 'staff', 'otp', 'locked'];

await ensureInstalled();
log('building the web app…');
if ((await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: `${root}/packages/web` })) !== 0)
  process.exit(1);

log(`starting the API on the embedded database in ${data} (seeded with the demo world when new)…`);
const server = spawn(
  'node',
  [
    '--conditions=source',
    '--import',
    'tsx',
    'packages/server/src/main.ts',
    '--host',
    '127.0.0.1',
    '--port',
    port,
    '--demo',
    '--sandbox',
    '--data',
    data,
    '--web-dist',
    'packages/web/dist',
  ],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] },
);
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && String(chunk).includes('listening on')) {
    announced = true;
    process.stdout.write(
      `\n  Tern is running: open http://127.0.0.1:${port}\n` +
        `  E-mails it sends (sandbox outbox): http://127.0.0.1:${port}/api/v1/outbox\n` +
        `  Demo logins, password tern-demo-1:\n${logins.map((l) => `    ${l}@demo.tern.test`).join('\n')}\n` +
        '  (otp@ asks for a one-time code: read it in the outbox; locked@ has an unpaid subscription)\n\n',
    );
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
