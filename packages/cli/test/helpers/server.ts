import { createClient, type TernClient } from '@tern/sdk';
import { shiftedClock, silentLogger, startServer } from '@tern/server';

export interface TestServer {
  url: string;
  /** The server's clock: tests move it to expire sessions. */
  clock: ReturnType<typeof shiftedClock>;
  /** An SDK client of this server, with a token when given. */
  client(token?: string | null): TernClient;
  /** The 6-digit code of the newest one-time-code mail to `email`, read through the sandbox outbox. */
  latestCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/** The real Tern server on a free port, on a fresh in-memory database seeded with the demo world (about 4 s). */
export async function startTestServer(options: { sandbox?: boolean } = {}): Promise<TestServer> {
  // TERN_TEST_DAY_SHIFT (whole days), as the server's tests: the demo world seeded for another day (docs/testing.md).
  const clock = shiftedClock(Number(process.env.TERN_TEST_DAY_SHIFT ?? 0) * 86_400_000);
  const server = await startServer({
    port: 0,
    data: ':memory:',
    quiet: true,
    // The demo world's logins, the outbox open to anyone (sandbox mode, on 127.0.0.1), cheap password hashes.
    demo: true,
    sandbox: options.sandbox ?? true,
    passwordCost: 10,
    clock,
    logger: silentLogger,
  });
  const client = (token?: string | null) =>
    createClient({ baseUrl: server.url, token: () => token, retries: 0 });
  return {
    url: server.url,
    clock,
    client,
    async latestCode(email) {
      const { items } = await client().mail.list({ query: { to: email, kind: 'otp_code', limit: 1 } });
      const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
      if (!code) throw new Error(`no code for ${email} in the outbox`);
      return code;
    },
    close: () => server.close(),
  };
}
