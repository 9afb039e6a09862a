import { randomBytes } from 'node:crypto';
import { defaultMapTilesOrigin } from './http/securityHeaders.js';
import { DEFAULT_PASSWORD_COST, PASSWORD_COST_RANGE } from './services/auth/password.js';
import { parseSecretKey, type SecretKeys } from './services/secrets.js';
import type { S3Config } from './services/uploads/objectStore.js';

/** A key for this process only, when none is configured and the data dies with it (an in-memory database, tests). */
export const processKey = randomBytes(32);

/** Settings of one server; `configFromEnv` reads the environment, options of `startServer` override it. */
export interface AppConfig {
  /**
   * Sandbox mode (`--sandbox`, TERN_SANDBOX=1): anyone may read the outbox (reset links, one-time codes), which
   * is otherwise an admin's. Off by default; the server refuses it unless bound to a loopback address.
   */
  sandbox: boolean;
  /** Where the web app is, for links in e-mails (TERN_WEB_URL). */
  webUrl: string;
  /** This server's own base URL (links to pages it serves, such as the billing portal); '' until known. */
  apiUrl: string;
  /** A built web app to serve, with a SPA fallback. */
  webDist: string | null;
  /** The demo world's photos, served at `/photos/*`. */
  photosDir: string | null;
  /**
   * Where uploaded images are kept: a folder (TERN_FILES_DIR, else beside an embedded database folder:
   * `<data>.files`), or `null` for the database's `stored_files` (a Postgres server, an in-memory database).
   */
  filesDir: string | null;
  /**
   * An S3-compatible bucket for uploaded images (TERN_S3_ENDPOINT, TERN_S3_BUCKET, TERN_S3_REGION,
   * TERN_S3_ACCESS_KEY_ID, TERN_S3_SECRET_ACCESS_KEY): when set, it wins over `filesDir` and the database.
   */
  s3: S3Config | null;
  /** Origins allowed by CORS (TERN_CORS_ORIGINS, comma separated). */
  corsOrigins: string[];
  /** Read the client address from `x-forwarded-for` (TERN_TRUST_PROXY=1): only behind a proxy you run. */
  trustProxy: boolean;
  /** The reseller's home search form and search page (document 1 §9: on by default; TERN_SEARCH_PAGE=0 turns it off). */
  searchPageIsActive: boolean;
  /**
   * log2 of scrypt's N for new password hashes (TERN_PASSWORD_COST): 17 by default, OWASP's advice; tests lower
   * it to stay fast. Stored hashes keep their own cost.
   */
  passwordCost: number;
  /** Where the web app's map loads its tiles from (TERN_MAP_TILES_ORIGIN), for its Content-Security-Policy. */
  mapTilesOrigin: string;
  /**
   * Origins other than its own the web app calls (TERN_CSP_CONNECT_ORIGINS, comma separated): the API's, when
   * the app is built with `VITE_TERN_API_URL` pointing elsewhere.
   */
  connectOrigins: string[];
  /** The card vault's public base URL (its own origin and port), or `null` when it is not running. */
  vaultUrl: string | null;
  /** The sandbox payment provider's public base URL (its own origin and port), or `null` when it is not running. */
  paymentUrl: string | null;
  /**
   * The key that seals secrets Tern reads back (payment providers'): TERN_SECRET_KEY, else the key file of the
   * embedded database folder, else (a database in memory or given) one for this process only; and the key before
   * it during a rotation (TERN_SECRET_KEY_PREVIOUS), which only opens. `startServer` resolves them and refuses a
   * Postgres server without TERN_SECRET_KEY; see services/secrets.ts.
   */
  secretKeys: SecretKeys;
  version: string;
}

export const defaultCorsOrigins = ['http://127.0.0.1:5173', 'http://localhost:5173'];
export const version = '0.1.0';

type Env = Record<string, string | undefined>;

/** Sandbox mode only when asked (TERN_SANDBOX=1 or true), whatever the database. */
export function sandboxFromEnv(env: Env): boolean {
  return env.TERN_SANDBOX === '1' || env.TERN_SANDBOX === 'true';
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/** Sandbox mode opens the outbox to anyone who reaches the port: refuse it on any address but a loopback one. */
export function assertSandboxAllowed(sandbox: boolean, host: string): void {
  if (sandbox && !isLoopbackHost(host))
    throw new Error(
      `Sandbox mode opens the outbox (reset links, one-time codes) to anyone who reaches the port, so it runs only on a loopback address: bind to 127.0.0.1 (--host 127.0.0.1), or leave out --sandbox / TERN_SANDBOX (host given: ${host})`,
    );
}

/** TERN_PASSWORD_COST, an integer within `PASSWORD_COST_RANGE`; the default otherwise. */
export function passwordCostFromEnv(env: Env): number {
  const cost = Number(env.TERN_PASSWORD_COST);
  if (!env.TERN_PASSWORD_COST || !Number.isInteger(cost)) return DEFAULT_PASSWORD_COST;
  return Math.min(PASSWORD_COST_RANGE.max, Math.max(PASSWORD_COST_RANGE.min, cost));
}

/**
 * The bucket of TERN_S3_*, or `null` when neither TERN_S3_ENDPOINT nor TERN_S3_BUCKET is set; half a
 * configuration is refused (naming the missing variables, never a value), so uploads never land elsewhere
 * by mistake.
 */
export function s3FromEnv(env: Env): S3Config | null {
  const value = (name: string) => env[name]?.trim() ?? '';
  if (!value('TERN_S3_ENDPOINT') && !value('TERN_S3_BUCKET')) return null;
  const required = [
    'TERN_S3_ENDPOINT',
    'TERN_S3_BUCKET',
    'TERN_S3_ACCESS_KEY_ID',
    'TERN_S3_SECRET_ACCESS_KEY',
  ];
  const missing = required.filter((name) => !value(name));
  if (missing.length) throw new Error(`Object storage is half configured: set ${missing.join(', ')} as well`);
  let endpoint: URL;
  try {
    endpoint = new URL(value('TERN_S3_ENDPOINT'));
  } catch {
    throw new Error('TERN_S3_ENDPOINT must be a URL, such as https://s3.eu-west-3.amazonaws.com');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
    throw new Error('TERN_S3_ENDPOINT must be an http or https URL');
  return {
    endpoint: value('TERN_S3_ENDPOINT').replace(/\/+$/, ''),
    bucket: value('TERN_S3_BUCKET'),
    region: value('TERN_S3_REGION') || 'us-east-1',
    accessKeyId: value('TERN_S3_ACCESS_KEY_ID'),
    secretAccessKey: value('TERN_S3_SECRET_ACCESS_KEY'),
  };
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

export function configFromEnv(env: Env): AppConfig {
  const origins = listOf(env.TERN_CORS_ORIGINS);
  return {
    sandbox: sandboxFromEnv(env),
    webUrl: (env.TERN_WEB_URL ?? '').replace(/\/+$/, ''),
    apiUrl: '',
    webDist: null,
    photosDir: null,
    filesDir: env.TERN_FILES_DIR?.trim() || null,
    s3: s3FromEnv(env),
    corsOrigins: origins.length ? origins : defaultCorsOrigins,
    trustProxy: env.TERN_TRUST_PROXY === '1' || env.TERN_TRUST_PROXY === 'true',
    searchPageIsActive: !(env.TERN_SEARCH_PAGE === '0' || env.TERN_SEARCH_PAGE === 'false'),
    passwordCost: passwordCostFromEnv(env),
    mapTilesOrigin: env.TERN_MAP_TILES_ORIGIN?.trim() || defaultMapTilesOrigin,
    connectOrigins: listOf(env.TERN_CSP_CONNECT_ORIGINS),
    vaultUrl: null,
    paymentUrl: null,
    secretKeys: {
      current: parseSecretKey(env.TERN_SECRET_KEY) ?? processKey,
      previous: parseSecretKey(env.TERN_SECRET_KEY_PREVIOUS),
    },
    version,
  };
}
