import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { type Clock, systemClock } from './clock.js';
import { assertSandboxAllowed, configFromEnv, processKey } from './config.js';
import type { Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { describeDb, openDb } from './db/open.js';
import { seedDemoBookings } from './db/seed/demoBookings.js';
import { seedDemoCampaign } from './db/seed/demoCampaign.js';
import { seedDemoStore } from './db/seed/demoStore.js';
import { demoPhotosDir } from './db/seed/fixtures.js';
import { isoDay, type SeedReport, seedIfEmpty } from './db/seed.js';
import { consoleLogger, type Logger } from './logger.js';
import { hasNoUsers } from './services/auth/users.js';
import { GIFT_CARD_SEND_JOB } from './services/giftCards/cardMailQueue.js';
import { giftCardSendJob } from './services/giftCards/cardMails.js';
import { cardBookingUrl, renderCardPdf } from './services/giftCards/pdf.js';
import {
  type CardUrl,
  PURCHASE_ISSUE_JOB,
  PURCHASE_ZIP_JOB,
  purchaseIssueFailed,
  purchaseIssueJob,
  purchaseZipJob,
  type RenderCardPdf,
} from './services/giftCards/purchases.js';
import { startHousekeeping } from './services/housekeeping.js';
import { type JobHandler, type JobKind, startJobWorker } from './services/jobs/worker.js';
import { createPaymentApp } from './services/payments/host.js';
import { paymentsOf } from './services/payments/index.js';
import { keyFileKey, MAKE_A_KEY, type SecretKeys, secretKeysFromEnv } from './services/secrets.js';
import { fileStoreFor } from './services/uploads/fileStore.js';
import { describeObjectStore, type S3Config } from './services/uploads/objectStore.js';
import { createVaultApp } from './services/vault/index.js';

export interface ServerOptions {
  /** 0 picks a free port. Default 4000. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** PGlite data folder, or ':memory:' (default). */
  data?: string;
  /** A Postgres server (wins over `data`); default `DATABASE_URL` is not read here, see main.ts. */
  databaseUrl?: string;
  /** An already open database (tests); the server neither opens nor closes it. */
  db?: Db;
  /** A built web app to serve, with a SPA fallback. */
  webDist?: string;
  /**
   * Sandbox mode: anyone may read the outbox (reset links, codes), not only admins. Only on a loopback `host`:
   * the server refuses to start otherwise. Default TERN_SANDBOX=1, else off.
   */
  sandbox?: boolean;
  /** Base of links in e-mails. Default TERN_WEB_URL, else this server's own URL. */
  webUrl?: string;
  /** No info logs. */
  quiet?: boolean;
  /**
   * Load the demo world (public logins and password) into an empty database, and serve its photos. Default
   * false: a new database gets its tables only, and `--create-admin` makes the first admin.
   */
  demo?: boolean;
  /** log2 of scrypt's N for new password hashes. Default TERN_PASSWORD_COST, else 17 (tests lower it). */
  passwordCost?: number;
  /**
   * Once the demo world is new, book the demo bookings through the API (`tern-server` does; tests start
   * without, to count their own). Default false.
   */
  demoBookings?: boolean;
  /**
   * With `demo`, on a new database: fill the demo store after the seed through the API (its types with photos, a
   * promo code, cards issued and a purchase; db/seed/demoStore.ts). `tern-server --demo` does unless
   * `--no-demo-bookings`.
   */
  demoStore?: boolean;
  clock?: Clock;
  logger?: Logger;
  /** The card vault's port (its own origin). Default TERN_VAULT_PORT, else the API's port + 1 (0 with 0). */
  vaultPort?: number;
  /**
   * The sandbox payment provider's port (its own origin). Default TERN_PAYMENT_PORT, else the API's port + 2 (0
   * with 0).
   */
  paymentPort?: number;
  /**
   * The key sealing stored secrets (32 bytes). Default TERN_SECRET_KEY, else `<data>.key` beside an embedded
   * database folder, else this process's for a database in memory or given; refused on a Postgres server without.
   */
  secretKey?: Buffer;
  /** The key before it, which only opens (a rotation). Default TERN_SECRET_KEY_PREVIOUS. */
  previousSecretKey?: Buffer;
  /**
   * The folder of uploaded images. Default TERN_FILES_DIR, else `<data>.files` beside an embedded database
   * folder; else (a Postgres server, a database in memory or given) none: they go to the database.
   */
  filesDir?: string;
  /** An S3-compatible bucket for uploaded images, winning over the folder and the database. Default TERN_S3_*. */
  s3?: S3Config;
  /**
   * The background job worker (table `jobs`): its lease (default 30 s; once it runs out, a job of a killed
   * process is due again after its backoff, or failed after its last attempt), idle poll (default 1 s), and
   * kinds of job added to the server's own (tests; an embedder's); `false` starts none (another process works
   * the queue).
   */
  jobs?: { leaseMs?: number; pollMs?: number; handlers?: Record<string, JobHandler | JobKind> } | false;
}

/** Where uploads are kept: given, TERN_FILES_DIR, beside an embedded database folder, or in the database. */
function resolveFilesDir(
  options: ServerOptions,
  where: { data: string; databaseUrl?: string },
  fromEnv: string | null,
): string | null {
  if (options.filesDir) return resolve(options.filesDir);
  if (fromEnv) return resolve(fromEnv);
  if (!options.db && !where.databaseUrl && where.data !== ':memory:') return resolve(`${where.data}.files`);
  return null;
}

/**
 * The keys of stored secrets: given (tests), TERN_SECRET_KEY (with TERN_SECRET_KEY_PREVIOUS during a rotation), the
 * key file beside an embedded database folder, or one for this process when the data dies with it (a database in
 * memory, or one the caller opened). A Postgres server without TERN_SECRET_KEY is refused: each process would seal
 * with a key of its own, which no restart and no other process could open.
 */
export async function resolveSecretKeys(
  options: Pick<ServerOptions, 'secretKey' | 'previousSecretKey' | 'db'>,
  where: { data: string; databaseUrl?: string },
  env: Record<string, string | undefined> = process.env,
): Promise<SecretKeys> {
  const fromEnv = secretKeysFromEnv(env);
  const previous = options.previousSecretKey ?? fromEnv.previous;
  const current = options.secretKey ?? fromEnv.current;
  if (current) return { current, previous: previous && !previous.equals(current) ? previous : null };
  if (previous)
    throw new Error(
      `TERN_SECRET_KEY_PREVIOUS is set without TERN_SECRET_KEY: a rotation needs the new key as TERN_SECRET_KEY — ${MAKE_A_KEY}`,
    );
  if (options.db) return { current: processKey, previous: null };
  if (where.databaseUrl)
    throw new Error(
      `TERN_SECRET_KEY is not set: on a Postgres server (DATABASE_URL) every process needs the same key to read the payment-provider secrets it stores, kept outside the database — ${MAKE_A_KEY}, and set TERN_SECRET_KEY to it in every server's environment`,
    );
  if (where.data !== ':memory:')
    return { current: await keyFileKey(resolve(`${where.data}.key`)), previous: null };
  return { current: processKey, previous: null };
}

export interface RunningServer {
  url: string;
  port: number;
  /** The card vault's base URL. */
  vaultUrl: string;
  /** The sandbox payment provider's base URL. */
  paymentUrl: string;
  db: Db;
  /** What the start seeded, or `null` when it did not (no demo asked, or the database had users). */
  seeded: SeedReport | null;
  /** Anyone may read the outbox. */
  sandbox: boolean;
  /** The database has no user: someone must create the first admin. */
  needsAdmin: boolean;
  /** Where the database is (for a log line). */
  database: string;
  close(): Promise<void>;
}

/**
 * An idle kept-alive connection stays open 65 s (Node closes it after 5 s): a client or proxy that reuses its
 * socket just as the server closes it gets ECONNRESET on a request the server never saw — seen from the browser
 * tests' API calls. Proxies and load balancers keep theirs 60 s, so the server must outlast them.
 */
function keepIdleConnections(server: object): void {
  // `serve` makes an HTTP/1.1 server here (no `createServer` option): it has both timeouts.
  if ('keepAliveTimeout' in server && 'headersTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
}

/** Opens (or takes) the database, migrates it, seeds an empty one, and serves the API. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? consoleLogger(options.quiet);
  const clock = options.clock ?? systemClock;
  const env = configFromEnv(process.env);
  const sandbox = options.sandbox ?? env.sandbox;
  const passwordCost = options.passwordCost ?? env.passwordCost;
  assertSandboxAllowed(sandbox, host);
  const where = {
    data: options.data ?? ':memory:',
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  };
  // Before anything opens: a server that could not read back its secrets does not start.
  const secretKeys = await resolveSecretKeys(options, where);
  const db = options.db ?? (await openDb(where));
  const ownsDb = !options.db;
  try {
    await migrate(db);
    const seeded = options.demo ? await seedIfEmpty(db, { clock, passwordCost }) : null;
    const needsAdmin = !seeded && (await hasNoUsers(db));
    // Listen first so the port is known for links in e-mails, then hand requests to the app.
    let fetch: (request: Request, env: unknown) => Response | Promise<Response> = () =>
      new Response('Starting', { status: 503 });
    const server = serve({
      fetch: (request, bindings) => fetch(request, bindings),
      port: options.port ?? 4000,
      hostname: host,
    });
    keepIdleConnections(server);
    await new Promise<void>((done, fail) => {
      server.once('listening', done);
      server.once('error', fail);
    });
    const port = (server.address() as AddressInfo).port;
    const hostPart = host.includes(':') ? `[${host}]` : host;
    const url = `http://${hostPart}:${port}`;
    const webUrl = (options.webUrl ?? (env.webUrl || url)).replace(/\/+$/, '');
    // The card vault listens on its own port: another origin, so the checkout can only talk to it by messages.
    const vault = serve({
      fetch: createVaultApp({
        db,
        clock,
        trustProxy: env.trustProxy,
        // The web app's origins: where it is served (also as localhost when on the loopback address).
        parentOrigins: () =>
          [...new Set([new URL(webUrl).origin, url, ...env.corsOrigins])].flatMap((o) =>
            o.includes('//127.0.0.1:') ? [o, o.replace('//127.0.0.1:', '//localhost:')] : [o],
          ),
      }).fetch,
      port:
        options.vaultPort ??
        (Number(process.env.TERN_VAULT_PORT) || (options.port === 0 ? 0 : (options.port ?? 4000) + 1)),
      hostname: host,
    });
    keepIdleConnections(vault);
    await new Promise<void>((done, fail) => {
      vault.once('listening', done);
      vault.once('error', fail);
    });
    const vaultUrl = `http://${hostPart}:${(vault.address() as AddressInfo).port}`;
    // The sandbox payment provider listens on its own port too: its hosted page is another origin than the store's.
    const webDist = options.webDist ? resolve(options.webDist) : null;
    let paymentUrl = '';
    const payments = paymentsOf({
      secretKeys,
      get paymentUrl() {
        return paymentUrl || null;
      },
    });
    const paymentHost = serve({
      fetch: createPaymentApp({ db, clock, payments, webDist, trustProxy: env.trustProxy }).fetch,
      port:
        options.paymentPort ??
        (Number(process.env.TERN_PAYMENT_PORT) || (options.port === 0 ? 0 : (options.port ?? 4000) + 2)),
      hostname: host,
    });
    keepIdleConnections(paymentHost);
    await new Promise<void>((done, fail) => {
      paymentHost.once('listening', done);
      paymentHost.once('error', fail);
    });
    paymentUrl = `http://${hostPart}:${(paymentHost.address() as AddressInfo).port}`;
    const s3 = options.s3 ?? env.s3;
    if (s3) logger.info(`uploads: in the object store, ${describeObjectStore(s3)}`);
    const filesDir = s3 ? null : resolveFilesDir(options, where, env.filesDir);
    const app = createApp({
      db,
      clock,
      logger,
      config: {
        sandbox,
        passwordCost,
        webDist,
        photosDir: options.demo ? await demoPhotosDir() : null,
        filesDir,
        s3,
        webUrl,
        apiUrl: url,
        vaultUrl,
        paymentUrl,
        secretKeys,
      },
    });
    const serveApp: typeof fetch = (request, bindings) => app.fetch(request, bindings as never);
    fetch = serveApp;
    if (seeded) {
      // Until the samples are made (through this API), the health check still says it is starting: whoever waits
      // for it (the browser tests' server) finds them there.
      fetch = (request, bindings) =>
        new URL(request.url).pathname === '/api/v1/health'
          ? new Response('Starting', { status: 503 })
          : serveApp(request, bindings);
      // The world is committed already: a failure here leaves a working server without that sample.
      const sample = async <T>(what: string, make: () => Promise<T>, keep: (made: T) => void) => {
        const started = Date.now();
        await make().then(keep, (error: unknown) =>
          logger.error(`the demo ${what} could not be made:`, error),
        );
        seeded.ms += Date.now() - started;
      };
      const today = isoDay(clock.now());
      if (options.demoBookings)
        await sample(
          'bookings',
          () => seedDemoBookings(globalThis.fetch, url, today),
          (numbers) => {
            seeded.bookings = numbers.length;
          },
        );
      // The store's types, promo code, cards and a purchase (issue 24); the purchase's mails go once the worker runs.
      if (options.demoStore)
        await sample(
          'store',
          () => seedDemoStore(db, globalThis.fetch, url, today),
          (types) => {
            seeded.giftCardTypes = types.length;
          },
        );
      // A published gift campaign at Harbour View offering three of the store's types (issue 25).
      if (options.demoStore)
        await sample(
          'campaign',
          () => seedDemoCampaign(db, globalThis.fetch, url, today),
          () => {},
        );
      fetch = serveApp;
    }
    if (sandbox)
      logger.info(
        `sandbox mode: anyone who reaches ${url} may read the outbox (reset links, one-time codes) — loopback only, never in production`,
      );
    if (needsAdmin)
      logger.info(
        'no users yet: create the first admin with `npm run serve -- --create-admin EMAIL` (the same --data or DATABASE_URL; it reads the password from stdin), or start with --demo for the demo world',
      );
    const stopHousekeeping = startHousekeeping(db, clock, (error) =>
      logger.error('housekeeping failed:', error),
    );
    // A card's PDF for the purchase jobs (its mail's attachment, the zip), as the card's PDF endpoint makes it.
    const files = fileStoreFor({ s3: s3 ?? null, filesDir }, db, (m, e) => logger.error(m, e));
    const renderPdf: RenderCardPdf = async (on, cardId) =>
      (await renderCardPdf(on, cardId, { webUrl, files })).bytes;
    const cardUrl: CardUrl = (on, cardId) => cardBookingUrl(on, cardId, { webUrl });
    const worker =
      options.jobs === false
        ? null
        : startJobWorker({
            db,
            clock,
            handlers: {
              [PURCHASE_ISSUE_JOB]: {
                run: purchaseIssueJob(renderPdf, cardUrl),
                onFailed: purchaseIssueFailed,
              },
              [PURCHASE_ZIP_JOB]: purchaseZipJob(renderPdf),
              [GIFT_CARD_SEND_JOB]: giftCardSendJob({ renderPdf, cardUrl }),
              ...options.jobs?.handlers,
            },
            onError: (message, error) => logger.error(message, error),
            ...(options.jobs?.leaseMs ? { leaseMs: options.jobs.leaseMs } : {}),
            ...(options.jobs?.pollMs ? { pollMs: options.jobs.pollMs } : {}),
          });
    return {
      url,
      port,
      vaultUrl,
      paymentUrl,
      db,
      seeded,
      sandbox,
      needsAdmin,
      database: options.db ? `${db.kind} (given)` : describeDb(where),
      close: async () => {
        await worker?.stop();
        await stopHousekeeping();
        for (const s of [server, vault, paymentHost]) {
          await new Promise<void>((done) => {
            s.close(() => done());
            if ('closeAllConnections' in s) s.closeAllConnections();
          });
        }
        if (ownsDb) await db.close();
      },
    };
  } catch (error) {
    if (ownsDb) await db.close().catch(() => {});
    throw error;
  }
}
