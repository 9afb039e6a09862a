import { isSessionExpired } from '@tern/core/session';
import { resolveApiUrl, sessionToken } from '../../client.js';
import type { Context } from '../../context.js';
import { SESSION_EXPIRED, UserError } from '../../errors.js';
import { formatInstant } from '../../output.js';

/**
 * `tern auth token` (as `gh auth token`): the token the CLI would send to the API — TERN_TOKEN when set (a
 * session token, or an agent's API key), else the stored session's for this API — for a script's TERN_TOKEN or
 * an `Authorization: Bearer` header. Nothing is asked of the server; an expired stored session is refused.
 */
export async function printToken(ctx: Context): Promise<void> {
  const config = await ctx.config.load();
  const apiUrl = resolveApiUrl(ctx, config);
  const env = ctx.io.env.TERN_TOKEN?.trim();
  if (env) {
    ctx.out.result({ token: env, apiUrl, source: 'TERN_TOKEN', expiresAt: null }, () => `${env}\n`);
    return;
  }
  const token = sessionToken(ctx, config, apiUrl);
  if (config.exp !== undefined && isSessionExpired({ exp: config.exp }, ctx.now()))
    throw new UserError(SESSION_EXPIRED, { code: 'session_expired' });
  ctx.out.result(
    {
      token,
      apiUrl,
      source: 'session',
      expiresAt: config.exp === undefined ? null : formatInstant(config.exp),
    },
    () => `${token}\n`,
  );
}
