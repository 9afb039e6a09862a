import { createClient, type TernClient } from '@tern/sdk';
import { type Db, shiftedClock, silentLogger, startServer } from '@tern/server';
import { openTestDbFrom, TEST_PASSWORD_COST, templateFiles, testDayShiftMs } from '@tern/server/testing';

export interface TestServer {
  url: string;
  /** The server's clock: tests move it to expire sessions. */
  clock: ReturnType<typeof shiftedClock>;
  /** Its database: tests put a row in a state no command makes (a purchase whose delivery failed). */
  db: Db;
  /** An SDK client of this server, with a token when given. */
  client(token?: string | null): TernClient;
  /** The 6-digit code of the newest one-time-code mail to `email`, read through the sandbox outbox. */
  latestCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real Tern server on a free port, on a fresh in-memory database with the demo world: a copy of the run's
 * seeded dump (the server's global setup, about 1 s) when it is today's, else seeded anew (10–20 s).
 */
export async function startTestServer(options: { sandbox?: boolean } = {}): Promise<TestServer> {
  const clock = shiftedClock();
  // The seeded dump is the demo world of today — or of another day with TERN_TEST_DAY_SHIFT (docs/testing.md).
  const files = templateFiles();
  const seedDay = new Date(clock.now().getTime() + testDayShiftMs()).toISOString().slice(0, 10);
  const seeded = files?.day === seedDay && files.passwordCost === TEST_PASSWORD_COST;
  const db = await openTestDbFrom(seeded ? 'demo' : 'migrated');
  const server = await startServer({
    port: 0,
    db: db.db,
    quiet: true,
    // The demo world's logins, the outbox open to anyone (sandbox mode, on 127.0.0.1), cheap password hashes.
    demo: true,
    sandbox: options.sandbox ?? true,
    passwordCost: TEST_PASSWORD_COST,
    clock,
    logger: silentLogger,
  });
  const client = (token?: string | null) =>
    createClient({ baseUrl: server.url, token: () => token, retries: 0 });
  return {
    url: server.url,
    clock,
    db: server.db,
    client,
    async latestCode(email) {
      const { items } = await client().mail.list({ query: { to: email, kind: 'otp_code', limit: 1 } });
      const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
      if (!code) throw new Error(`no code for ${email} in the outbox`);
      return code;
    },
    async close() {
      await server.close();
      await db.close();
    },
  };
}
