import { isSessionExpired } from '@tern/core/session';
import { createLazyClient, SessionExpiredError, type TernClient, UnauthorizedError } from '@tern/sdk';
import { type TernConfig, withoutSession } from './config.js';
import type { Context } from './context.js';
import { NOT_SIGNED_IN, SESSION_EXPIRED, toUserError, UserError } from './errors.js';

/** The API when nothing says otherwise: `npm start` and `npm run serve` listen there. */
export const DEFAULT_API_URL = 'http://127.0.0.1:4000';

/** `http://host:port` without a trailing slash; anything but an http(s) URL is refused. */
export function normalizeApiUrl(value: string, from: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError(`${from}: not a URL: ${value} (e.g. ${DEFAULT_API_URL})`, {
      code: 'invalid_api_url',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError(`${from}: use an http or https URL, not ${value}`, { code: 'invalid_api_url' });
  return url.href.replace(/\/+$/, '');
}

/** The API to call: `--api-url`, else the one of the config (where the token comes from), else `TERN_API_URL`, else the default. */
export function resolveApiUrl(ctx: Context, config: TernConfig): string {
  if (ctx.apiUrlFlag) return normalizeApiUrl(ctx.apiUrlFlag, '--api-url');
  if (config.apiUrl) return normalizeApiUrl(config.apiUrl, ctx.config.file);
  const env = ctx.io.env.TERN_API_URL;
  if (env) return normalizeApiUrl(env, 'TERN_API_URL');
  return DEFAULT_API_URL;
}

/** What a command gets from `withClient`. */
export interface ClientScope {
  client: TernClient;
  apiUrl: string;
  config: TernConfig;
  /** The stored session, when the command needs one. */
  token: string | null;
}

export interface WithClientOptions {
  /**
   * The command needs a session: without one it fails with "Not signed in". `'optional'`: the session is sent
   * when there is one for this API (the outbox: an admin's, or anyone's in sandbox mode).
   */
  session: boolean | 'optional';
  /** Wraps the client's fetch (to read a reply's headers, e.g. `idempotent-replayed`). */
  wrapFetch?: (base: typeof fetch) => typeof fetch;
}

/**
 * Loads the config, builds the SDK client for the API with the stored token, runs `action`, and maps what
 * fails: SDK and network errors become user errors (a bug stays a bug). A 440, an unknown token or a session
 * past its `exp` clears the stored token.
 */
export async function withClient<T>(
  ctx: Context,
  options: WithClientOptions,
  action: (scope: ClientScope) => Promise<T>,
): Promise<T> {
  const config = await ctx.config.load();
  const apiUrl = resolveApiUrl(ctx, config);
  // TERN_TOKEN (for CI scripts) wins over the stored session; it is never written to the config.
  const envToken = ctx.io.env.TERN_TOKEN?.trim() || null;
  let token: string | null = null;
  if (options.session && envToken) token = envToken;
  else if (options.session === 'optional') {
    const usable =
      config.token &&
      (!config.apiUrl || normalizeApiUrl(config.apiUrl, ctx.config.file) === apiUrl) &&
      !(config.exp !== undefined && isSessionExpired({ exp: config.exp }, ctx.now()));
    token = usable ? config.token! : null;
  } else if (options.session) {
    token = sessionToken(ctx, config, apiUrl);
    if (config.exp !== undefined && isSessionExpired({ exp: config.exp }, ctx.now())) {
      await ctx.config.save(withoutSession(config));
      throw new UserError(SESSION_EXPIRED, { code: 'session_expired' });
    }
  }
  const baseFetch = ctx.io.fetch ?? globalThis.fetch;
  const fetch = options.wrapFetch ? options.wrapFetch(baseFetch) : ctx.io.fetch;
  const client = createLazyClient({
    baseUrl: apiUrl,
    token: () => token,
    retries: 1,
    ...(fetch ? { fetch } : {}),
  });
  try {
    return await action({ client, apiUrl, config, token });
  } catch (error) {
    const sessionGone =
      token !== null &&
      token !== envToken &&
      (error instanceof SessionExpiredError ||
        (error instanceof UnauthorizedError && error.code === 'unauthenticated'));
    if (sessionGone) await ctx.config.update(withoutSession);
    const userError = toUserError(error, { apiUrl, signedIn: token !== null });
    if (userError && token !== null && token === envToken && /^session_/.test(userError.code))
      throw new UserError(`TERN_TOKEN is not a valid session for ${apiUrl} (${userError.message})`, {
        code: userError.code,
        status: userError.status,
        requestId: userError.requestId,
      });
    throw userError ?? error;
  }
}

/** The stored token for this API, or the reason there is none. */
export function sessionToken(ctx: Context, config: TernConfig, apiUrl: string): string {
  if (!config.token)
    throw new UserError(
      ctx.config.profile
        ? `Not signed in with the profile ${ctx.config.profile}: run \`tern login --profile ${ctx.config.profile}\``
        : NOT_SIGNED_IN,
      { code: 'not_signed_in' },
    );
  if (config.apiUrl && normalizeApiUrl(config.apiUrl, ctx.config.file) !== apiUrl)
    throw new UserError(
      `Not signed in at ${apiUrl} (the session is for ${config.apiUrl}): run \`tern login --api-url ${apiUrl}\``,
      { code: 'not_signed_in' },
    );
  return config.token;
}
