import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config.js';
import type { AppEnv } from './env.js';

/** Where the map's tiles come from (the web app's Leaflet map: OpenStreetMap). */
export const defaultMapTilesOrigin = 'https://tile.openstreetmap.org';

/** An origin (`scheme://host:port`) of a URL, or `null` for something else. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Pages of the web app that a page of the app may frame: the inventory page's calendar. */
export const FRAMED_APP_PATHS: ReadonlySet<string> = new Set(['/inventory/calendar']);

/**
 * The web app's Content-Security-Policy: its own scripts only (no inline script, no eval), frames only from
 * itself (the inventory calendar) and the card vault's origin, images from itself and the map's tile server,
 * calls to itself (and to the API's origin when the app is built to call another one), and no page may frame
 * it — except, with `framedBySelf`, a page of its own origin (the `FRAMED_APP_PATHS`). Styles allow inline
 * `style` attributes, which React and Leaflet set.
 */
export function webAppCsp(
  config: Pick<AppConfig, 'vaultUrl' | 'apiUrl' | 'mapTilesOrigin' | 'connectOrigins'>,
  options: { framedBySelf?: boolean } = {},
): string {
  const vault = originOf(config.vaultUrl);
  const tiles = originOf(config.mapTilesOrigin);
  const connect = config.connectOrigins.map(originOf).filter((o): o is string => o !== null);
  const list = (...sources: (string | null)[]) =>
    [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', tiles)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...connect)}`,
    `frame-src ${list("'self'", vault)}`,
    options.framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Where the public gift store's analytics come from (document 3 §1, §9): Google's tag and the addresses it sends
 * to. The store loads the tag only after the visitor's consent; its page's policy allows these origins and no
 * others.
 */
export const STORE_ANALYTICS_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
} as const;

/**
 * The public gift store's Content-Security-Policy (`store.html`): the app's, but for the analytics origins of
 * `STORE_ANALYTICS_ORIGINS` (its tag loads once the visitor agrees), no frames at all (it frames nothing: the
 * payment page is the provider's own origin, reached by navigation), and no page may frame it.
 */
export function storeCsp(config: Pick<AppConfig, 'apiUrl' | 'connectOrigins'>): string {
  const connect = config.connectOrigins.map(originOf).filter((o): o is string => o !== null);
  return [
    "default-src 'self'",
    `script-src 'self' ${STORE_ANALYTICS_ORIGINS.script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${STORE_ANALYTICS_ORIGINS.img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${["'self'", ...new Set(connect), ...STORE_ANALYTICS_ORIGINS.connect].join(' ')}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Whether the request came over https (directly, or through a proxy the server trusts). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * Headers for every reply: no MIME sniffing, the referrer only to this origin in full, no framing of this
 * origin's pages (the card vault has its own origin and its own rules), HSTS over https only. API replies carry
 * personal data (bookings, guests, sessions, the outbox), so no cache keeps them unless a handler says otherwise.
 */
export function securityHeaders(config: Pick<AppConfig, 'trustProxy'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const setDefault = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    setDefault('X-Content-Type-Options', 'nosniff');
    setDefault('Referrer-Policy', 'strict-origin-when-cross-origin');
    setDefault('X-Frame-Options', 'DENY');
    if (isHttps(c, config.trustProxy)) setDefault('Strict-Transport-Security', 'max-age=31536000');
    if (c.req.path.startsWith('/api/') || headers.get('content-type')?.startsWith('application/json'))
      setDefault('Cache-Control', 'no-store');
  };
}
