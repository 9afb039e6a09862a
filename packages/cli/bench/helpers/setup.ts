import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { silentLogger, startServer } from '@tern/server';

// What the CLI's benchmarks share: the built bundle (built first when a source is newer than it) and a server of
// their own in this process (PGlite in memory, the demo world).

const cli = fileURLToPath(new URL('../..', import.meta.url));
/** The launcher, which runs the bundle. */
export const bin = `${cli}bin/tern.js`;

/** Builds the bundle when a source is newer; exits when the build fails. */
export function builtBundle(): void {
  const built = spawnSync(process.execPath, [`${cli}scripts/bundle.mjs`, '--if-stale'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

/** The demo world's server, in this process: spawn the CLI (never spawnSync) so it keeps answering. */
export function benchServer() {
  return startServer({
    port: 0,
    data: ':memory:',
    quiet: true,
    demo: true,
    sandbox: true,
    passwordCost: 10,
    logger: silentLogger,
  });
}
