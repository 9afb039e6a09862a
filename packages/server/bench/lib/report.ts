import { demoWorld } from '@tern/fixtures';
import { createClient, type TernClient } from '@tern/sdk';
import type { Db } from '../../src/db/db.js';
import { silentLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';

/** A benchmark's server on `db`: the demo world, quiet, on free ports, passwords hashed cheaply (as in the tests). */
export const benchServer = (db: Db) =>
  startServer({
    port: 0,
    db,
    demo: true,
    passwordCost: 10,
    quiet: true,
    logger: silentLogger,
    vaultPort: 0,
  });

/** A client signed in as a demo login (no one-time code), for a benchmark's server. */
export async function signedIn(url: string, login: string): Promise<TernClient> {
  const anonymous = createClient({ baseUrl: url, retries: 0 });
  const session = await anonymous.auth.signIn({
    body: { session: { email: `${login}@demo.tern.test`, password: demoWorld.password, rememberMe: false } },
  });
  if (session.type !== 'session') throw new Error(`${login} got a one-time code`);
  return createClient({ baseUrl: url, token: () => session.token, retries: 0 });
}

/** A benchmark's targets: each printed MET or MISSED; `exit` ends the process non-zero when one was MISSED. */
export function targets() {
  let missed = 0;
  return {
    target(name: string, met: boolean): string {
      if (!met) missed++;
      return `target ${name}: ${met ? 'MET' : 'MISSED'}`;
    },
    exit(): never {
      process.exit(missed ? 1 : 0);
    },
  };
}
