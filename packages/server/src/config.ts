/** Settings of one server; `configFromEnv` reads the environment, options of `startServer` override it. */
export interface AppConfig {
  /** The outbox endpoints answer (embedded database by default; with DATABASE_URL only if TERN_SANDBOX=1). */
  sandbox: boolean;
  /** Where the web app is, for links in e-mails (TERN_WEB_URL). */
  webUrl: string;
  /** This server's own base URL (links to pages it serves, such as the billing portal); '' until known. */
  apiUrl: string;
  /** A built web app to serve, with a SPA fallback. */
  webDist: string | null;
  /** The demo world's photos, served at `/photos/*`. */
  photosDir: string | null;
  /** Origins allowed by CORS (TERN_CORS_ORIGINS, comma separated). */
  corsOrigins: string[];
  /** Read the client address from `x-forwarded-for` (TERN_TRUST_PROXY=1): only behind a proxy you run. */
  trustProxy: boolean;
  /** The reseller's home search form and search page (document 1 §9: on by default; TERN_SEARCH_PAGE=0 turns it off). */
  searchPageIsActive: boolean;
  /** The card vault's public base URL (its own origin and port), or `null` when it is not running. */
  vaultUrl: string | null;
  version: string;
}

export const defaultCorsOrigins = ['http://127.0.0.1:5173', 'http://localhost:5173'];
export const version = '0.1.0';

type Env = Record<string, string | undefined>;

/** The sandbox is on for the embedded database, and on a Postgres server only when TERN_SANDBOX=1. */
export function sandboxFromEnv(env: Env, embedded: boolean): boolean {
  const flag = env.TERN_SANDBOX;
  if (flag === '1' || flag === 'true') return true;
  if (flag === '0' || flag === 'false') return false;
  return embedded;
}

export function configFromEnv(env: Env, embedded: boolean): AppConfig {
  const origins = env.TERN_CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    sandbox: sandboxFromEnv(env, embedded),
    webUrl: (env.TERN_WEB_URL ?? '').replace(/\/+$/, ''),
    apiUrl: '',
    webDist: null,
    photosDir: null,
    corsOrigins: origins?.length ? origins : defaultCorsOrigins,
    trustProxy: env.TERN_TRUST_PROXY === '1' || env.TERN_TRUST_PROXY === 'true',
    searchPageIsActive: !(env.TERN_SEARCH_PAGE === '0' || env.TERN_SEARCH_PAGE === 'false'),
    vaultUrl: null,
    version,
  };
}
