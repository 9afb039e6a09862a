import { createReadStream, readdirSync, type Stats, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { isStoreSlug, matchRoute } from '@tern/core/navigation';
import type { Context, MiddlewareHandler } from 'hono';
import { prefersHtml } from './accept.js';
import { acceptedEncodings, type Compressed, CompressionCache, isCompressible } from './compression.js';
import type { AppEnv } from './env.js';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(path: string): string {
  return types[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** A file under `root` for a URL path, or `null` (missing, a folder, or outside `root`). */
export function fileUnder(root: string, urlPath: string): { path: string; stat: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const path = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (path !== base && !path.startsWith(base + sep)) return null;
  try {
    const stat = statSync(path);
    return stat.isFile() ? { path, stat } : null;
  } catch {
    return null;
  }
}

/** Sends a file (GET with its bytes, HEAD without), with its type, length and cache policy. */
export function sendFile(
  c: Context,
  file: { path: string; stat: Stats },
  cacheControl: string,
  extra: Record<string, string> = {},
): Response {
  const headers = {
    'content-type': contentType(file.path),
    'content-length': String(file.stat.size),
    'cache-control': cacheControl,
    'last-modified': file.stat.mtime.toUTCString(),
    ...extra,
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream;
  return c.body(body, 200, headers);
}

/** Sends a compressed copy of a file in place of its bytes. */
function sendCompressed(
  c: Context,
  file: { path: string; stat: Stats },
  compressed: Compressed,
  cacheControl: string,
  extra: Record<string, string>,
): Response {
  const headers = {
    'content-type': contentType(file.path),
    'content-encoding': compressed.encoding,
    'content-length': String(compressed.bytes.length),
    'cache-control': cacheControl,
    'last-modified': file.stat.mtime.toUTCString(),
    vary: 'Accept-Encoding',
    ...extra,
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(compressed.bytes), 200, headers);
}

const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';

/** Serves `root` under `prefix` (e.g. the demo photos at `/photos/*`), cached for a day. */
export function serveFolder(prefix: string, root: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isRead(c)) return next();
    const file = fileUnder(root, c.req.path.slice(prefix.length));
    if (!file) return next();
    return sendFile(c, file, 'public, max-age=86400');
  };
}

/** Vite's hashed build output: `assets/index-B4x9k2Qz.js`, `assets/leaflet-vh-t_kPv.css`. */
export function isHashedAsset(path: string): boolean {
  return path.includes(`${sep}assets${sep}`) && /-[A-Za-z0-9_-]{8,}\.(js|mjs|css)$/.test(path);
}

/** A hashed asset never changes: cached for a year; `index.html` checked every time; the rest for an hour. */
function cacheFor(path: string): string {
  if (path.endsWith('.html')) return 'no-cache';
  if (isHashedAsset(path) || path.includes(`${sep}assets${sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  } catch {
    return [];
  }
}

/** Whether an `If-Modified-Since` date covers the file's last change (HTTP dates have whole seconds). */
export function notModifiedSince(header: string | undefined, stat: Stats): boolean {
  const since = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(since) && Math.floor(stat.mtimeMs / 1000) * 1000 <= since;
}

/**
 * The page a browser navigation gets: the public gift store's own (`store.html`) for a store's paths — a first
 * segment that can be a store's slug (core's `isStoreSlug`: the app's own first segments and the store's page
 * words are not), or the legacy `/giftcards/store/…`; and a public gift campaign's page (`/gift-campaign/{id}`, core's
 * `campaign` layout: it lives in the store's entry, design §9) — and the staff app's (`index.html`) for the rest.
 */
export function pageFor(path: string): '/store.html' | '/index.html' {
  if (path.startsWith('/giftcards/store/')) return '/store.html';
  if (matchRoute(path)?.route.layout === 'campaign') return '/store.html';
  const first = path.split('/')[1] ?? '';
  let segment: string;
  try {
    segment = decodeURIComponent(first);
  } catch {
    return '/index.html';
  }
  return segment !== '' && isStoreSlug(segment) ? '/store.html' : '/index.html';
}

export interface WebAppOptions {
  /** The Content-Security-Policy of the app's pages (`index.html`). */
  csp?: string;
  /**
   * Paths of the app that a page of its own origin may frame (the inventory calendar), and their policy: served
   * with it and `X-Frame-Options: SAMEORIGIN` in place of the app's.
   */
  framed?: { paths: ReadonlySet<string>; csp: string };
  /** The Content-Security-Policy of the gift store's page (`store.html`); the app's when absent. */
  storeCsp?: string;
  /** Compressed copies of the app's text files (default: a new cache, warmed with the hashed assets). */
  compression?: CompressionCache;
}

/**
 * The built web app: its files as they are, and its page for a browser navigation (`Accept` prefers
 * `text/html`) to any other path outside `/api/` (and for `/` always): `store.html` for the gift store's paths,
 * `index.html` for the app's (`pageFor`). A JSON request to the same path (the SDK calling
 * `/verify_reset_password_email`) goes on to the API. Text files go out brotli- or gzip-compressed as the
 * browser accepts (compressed once, kept in memory; the hashed assets are compressed at start, in the
 * background), and the app's pages carry its Content-Security-Policy.
 */
export function serveWebApp(root: string, options: WebAppOptions = {}): MiddlewareHandler<AppEnv> {
  const cache = options.compression ?? new CompressionCache();
  // Compress the hashed assets now, in the background, so that visitors get brotli from the first.
  if (!options.compression) void cache.warm(filesUnder(resolve(root)).filter(isHashedAsset), statOrNull);
  const send = async (c: Context<AppEnv>, file: { path: string; stat: Stats }, cacheControl: string) => {
    const extra: Record<string, string> = {};
    const framed = options.framed?.paths.has(c.req.path) ? options.framed : null;
    if (file.path.endsWith('.html') && framed) {
      extra['content-security-policy'] = framed.csp;
      extra['x-frame-options'] = 'SAMEORIGIN';
    } else if (file.path.endsWith('/store.html') && (options.storeCsp ?? options.csp))
      extra['content-security-policy'] = (options.storeCsp ?? options.csp) as string;
    else if (file.path.endsWith('.html') && options.csp) extra['content-security-policy'] = options.csp;
    const compressible = isCompressible(file.path, file.stat.size);
    if (compressible) extra.vary = 'Accept-Encoding';
    // `no-cache` asks the browser to check again: unchanged since the copy it has, it keeps that copy.
    if (notModifiedSince(c.req.header('if-modified-since'), file.stat))
      return c.body(null, 304, {
        'cache-control': cacheControl,
        'last-modified': file.stat.mtime.toUTCString(),
        ...extra,
      });
    if (!compressible) return sendFile(c, file, cacheControl, extra);
    const compressed = await cache.get(file, acceptedEncodings(c.req.header('accept-encoding')));
    return compressed
      ? sendCompressed(c, file, compressed, cacheControl, extra)
      : sendFile(c, file, cacheControl, extra);
  };
  return async (c, next) => {
    // The API's paths and its images (a photo opened in a tab asks for HTML first) are never the app's page.
    if (!isRead(c) || c.req.path.startsWith('/api/') || c.req.path.startsWith('/photos/')) return next();
    const file = c.req.path === '/' ? null : fileUnder(root, c.req.path);
    if (file) return send(c, file, cacheFor(file.path));
    if (c.req.path !== '/' && !prefersHtml(c.req.header('accept'))) return next();
    const page = fileUnder(root, pageFor(c.req.path)) ?? fileUnder(root, '/index.html');
    return page ? send(c, page, 'no-cache') : next();
  };
}
