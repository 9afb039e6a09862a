import { createReadStream, type Stats, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { prefersHtml } from './accept.js';
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
export function sendFile(c: Context, file: { path: string; stat: Stats }, cacheControl: string): Response {
  const headers = {
    'content-type': contentType(file.path),
    'content-length': String(file.stat.size),
    'cache-control': cacheControl,
    'last-modified': file.stat.mtime.toUTCString(),
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream;
  return c.body(body, 200, headers);
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

/** Vite's hashed build output (`assets/index-B4x9k2Qz.js`) never changes: cache it for a year. */
function cacheFor(path: string): string {
  if (path.endsWith('.html')) return 'no-cache';
  if (/[-.][A-Za-z0-9_-]{8,}\.\w+$/.test(path) || path.includes(`${sep}assets${sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * The built web app: its files as they are, and `index.html` for a browser navigation (`Accept` prefers
 * `text/html`) to any other path outside `/api/` (and for `/` always). A JSON request to the same path (the SDK calling
 * `/verify_reset_password_email`) goes on to the API.
 */
export function serveWebApp(root: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isRead(c) || c.req.path.startsWith('/api/')) return next();
    const file = c.req.path === '/' ? null : fileUnder(root, c.req.path);
    if (file) return sendFile(c, file, cacheFor(file.path));
    if (c.req.path !== '/' && !prefersHtml(c.req.header('accept'))) return next();
    const index = fileUnder(root, '/index.html');
    return index ? sendFile(c, index, 'no-cache') : next();
  };
}
