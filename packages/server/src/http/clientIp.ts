import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './env.js';

/**
 * The client address: the socket's, or the first of `x-forwarded-for` when the server runs behind a proxy
 * it trusts (TERN_TRUST_PROXY=1). Without a socket (in-process `app.request`), 'unknown'.
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
