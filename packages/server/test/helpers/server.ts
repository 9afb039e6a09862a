import { createClient, type TernClient } from '@tern/sdk';
import { shiftedClock } from '../../src/clock.js';
import { seedDemoBookings } from '../../src/db/seed/demoBookings.js';
import { seedDemoCampaign } from '../../src/db/seed/demoCampaign.js';
import { seedDemoStore } from '../../src/db/seed/demoStore.js';
import { isoDay } from '../../src/db/seed.js';
import type { Logger } from '../../src/logger.js';
import { type ServerOptions, startServer } from '../../src/server.js';
import { templateFiles } from './templates.js';
import { type openTestDb, openTestDbFrom } from './testDb.js';

export const PASSWORD = 'tern-demo-1';
/** log2 of scrypt's N in tests: 2^10 instead of 2^17. */
export const TEST_PASSWORD_COST = 10;
export const demoEmail = (login: string) => `${login}@demo.tern.test`;

/**
 * `TERN_TEST_DAY_SHIFT` (whole days, e.g. `-3` or `17`): the run's seeded dump is the demo world seeded that many
 * days from today, and test servers start from it with the real clock: the demo world's nights are another day's
 * than the ones the tests count from. A test that assumes the demo world's figures on "today + N" (a night open,
 * priced, free) fails under it; one that makes its world passes (docs/testing.md). PGlite only (the dumps). Unset: 0.
 */
export function testDayShiftMs(): number {
  const days = Number(process.env.TERN_TEST_DAY_SHIFT ?? 0);
  if (!Number.isInteger(days))
    throw new Error(`TERN_TEST_DAY_SHIFT must be whole days, got ${process.env.TERN_TEST_DAY_SHIFT}`);
  return days * 86_400_000;
}

export interface TestServer {
  url: string;
  clock: ReturnType<typeof shiftedClock>;
  /** Errors the server logged. */
  errors: { message: string; error: unknown }[];
  db: Awaited<ReturnType<typeof openTestDb>>['db'];
  /** A client of this server; `token` may be changed later through `session.token`. */
  client(token?: string | null, options?: { onSessionExpired?: () => void }): TernClient;
  /** Signs a demo login in (no one-time code) and returns its token. */
  signIn(login: string, password?: string): Promise<string>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The real server on a free port, on a fresh database of its own, with a clock the test moves. */
export async function startTestServer(
  options: Omit<Partial<ServerOptions>, 'clock' | 'db'> = {},
): Promise<TestServer> {
  const clock = shiftedClock();
  // The run's seeded dump when it is this server's world (today's, at the test cost); else the migrated one,
  // which the server seeds as it always did.
  const demo = options.demo ?? true;
  const files = templateFiles();
  const seededFits =
    demo &&
    files?.day === isoDay(new Date(clock.now().getTime() + testDayShiftMs())) &&
    (options.passwordCost ?? TEST_PASSWORD_COST) === files.passwordCost;
  const { db, close: closeDb, template } = await openTestDbFrom(seededFits ? 'demo' : 'migrated');
  const errors: TestServer['errors'] = [];
  const logger: Logger = { info: () => {}, error: (message, error) => errors.push({ message, error }) };
  // The tests read the outbox (sandbox mode, on 127.0.0.1), sign in as the demo's people (the demo world), and
  // hash at a low cost to stay fast (the cost itself is tested in passwords.test.ts).
  const server = await startServer({
    port: 0,
    db,
    clock,
    logger,
    quiet: true,
    sandbox: true,
    demo: true,
    passwordCost: TEST_PASSWORD_COST,
    ...options,
  });
  // From the seeded dump the server finds its world there and does not seed: book the demo bookings as it would.
  if (template === 'demo' && options.demoBookings)
    await seedDemoBookings(globalThis.fetch, server.url, isoDay(clock.now()));
  if (template === 'demo' && options.demoStore) {
    await seedDemoStore(db, globalThis.fetch, server.url, isoDay(clock.now()));
    await seedDemoCampaign(db, globalThis.fetch, server.url, isoDay(clock.now()));
  }
  const client = (token?: string | null, opts: { onSessionExpired?: () => void } = {}) =>
    createClient({
      baseUrl: server.url,
      token: () => token,
      retries: 0,
      ...(opts.onSessionExpired ? { onSessionExpired: opts.onSessionExpired } : {}),
    });
  return {
    url: server.url,
    clock,
    errors,
    db,
    client,
    async signIn(login, password = PASSWORD) {
      const reply = await client().auth.signIn({
        body: { session: { email: demoEmail(login), password, rememberMe: false } },
      });
      if (reply.type !== 'session') throw new Error(`${login} got a ${reply.type}`);
      return reply.token;
    },
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
    async close() {
      await server.close();
      await closeDb();
    },
  };
}
