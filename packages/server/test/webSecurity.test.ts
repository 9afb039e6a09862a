import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { acceptedEncodings } from '../src/http/compression.js';
import { silentLogger } from '../src/logger.js';
import { type RunningServer, startServer } from '../src/server.js';
import { openTestDb, type TestDb } from './helpers/testDb.js';

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** A script like Vite's output: repetitive enough to compress, big enough to matter (about 400 kB). */
const script = Array.from(
  { length: 4000 },
  (_, i) =>
    `export function screen${i}(props){return jsx("div",{className:"row-${i % 17}",children:props.label})}\n`,
).join('');

/** One request over real HTTP, with the bytes as they travelled (no automatic decompression). */
function raw(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let dir: string;
let testDb: TestDb;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tern-websec-'));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Tern</title><script type="module" src="/assets/index-B4x9k2Qz.js"></script>',
  );
  writeFileSync(join(dir, 'assets/index-B4x9k2Qz.js'), script);
  writeFileSync(join(dir, 'store.html'), '<!doctype html><title>Gift cards</title>');
  writeFileSync(join(dir, 'assets/index-C5y0l3Ra.css'), '.a{color:red}\n'.repeat(500));
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  testDb = await openTestDb();
  server = await startServer({ port: 0, vaultPort: 0, db: testDb.db, webDist: dir, logger: silentLogger });
});
afterAll(async () => {
  await server?.close();
  await testDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('the app page: a CSP without inline script, framing only the vault, tiles only from the map, no framing', async () => {
    const page = await raw(`${server.url}/bookings`, { accept: browser });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'", new URL(server.vaultUrl).origin]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['img-src']).toContain('https://tile.openstreetmap.org');
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('the gift store’s page: the app’s policy but for the analytics tag’s origins, and it frames nothing', async () => {
    const page = await raw(`${server.url}/harbour-view`, { accept: browser });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Gift cards');
    const csp = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The staff app's pages do not get the analytics origins.
    const app = await raw(`${server.url}/bookings`, { accept: browser });
    expect(String(app.headers['content-security-policy'])).not.toContain('googletagmanager');
  });

  it('the inventory calendar may be framed by the app’s own pages, and only by them', async () => {
    const page = await raw(`${server.url}/inventory/calendar`, { accept: browser });
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every other page keeps refusing any frame.
    const other = await raw(`${server.url}/inventory`, { accept: browser });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
  });

  it('the vault page may be framed by the app, and only by it', async () => {
    const app = new URL(server.url).origin;
    const form = await raw(`${server.vaultUrl}/card-form?parent=${encodeURIComponent(app)}`);
    expect(form.status).toBe(200);
    const csp = String(form.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors [^;]*http:\/\/127\.0\.0\.1:\d+/);
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(form.headers['x-frame-options']).toBeUndefined();
    expect(form.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API replies: nosniff and no-store, errors too', async () => {
    for (const path of ['/api/v1/health', '/api/v1/outbox', '/api/v1/nothing-here']) {
      const reply = await raw(`${server.url}${path}`, { accept: 'application/json' });
      expect(reply.headers['x-content-type-options'], path).toBe('nosniff');
      expect(reply.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('HSTS only over https (directly, or behind a trusted proxy that says so)', async () => {
    const config = { webDist: dir, sandbox: false };
    const direct = createApp({
      db: testDb.db,
      logger: silentLogger,
      config: { ...config, trustProxy: false },
    });
    expect(
      (await direct.request('https://tern.example/api/v1/health')).headers.get('strict-transport-security'),
    ).toBe('max-age=31536000');
    const proxied = { 'x-forwarded-proto': 'https' };
    expect(
      (await direct.request('http://tern.example/api/v1/health', { headers: proxied })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    const behind = createApp({
      db: testDb.db,
      logger: silentLogger,
      config: { ...config, trustProxy: true },
    });
    expect(
      (await behind.request('http://tern.example/api/v1/health', { headers: proxied })).headers.get(
        'strict-transport-security',
      ),
    ).toBe('max-age=31536000');
  });
});

describe('compressed assets', () => {
  const asset = () => `${server.url}/assets/index-B4x9k2Qz.js`;

  it('sends brotli to a browser that takes it (made at start, in the background), cached for a year', async () => {
    let reply = await raw(asset(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    for (let i = 0; i < 100 && reply.headers['content-encoding'] !== 'br'; i++) {
      expect(reply.headers['content-encoding']).toBe('gzip'); // until brotli is ready
      await new Promise((r) => setTimeout(r, 100));
      reply = await raw(asset(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    }
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(script.length / 10);
    expect(reply.headers.vary).toContain('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends gzip to a client without brotli, and the bytes as they are to one that takes neither', async () => {
    const gz = await raw(asset(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers.vary).toContain('Accept-Encoding');
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw(asset(), accept ? { 'accept-encoding': accept } : {});
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.body.toString(), accept).toBe(script);
      expect(plain.headers.vary, accept).toContain('Accept-Encoding');
    }
    const head = await raw(asset(), { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
    expect(head.body.length).toBe(0);
  });

  it('compresses the CSS and the page as well; tiny files go as they are', async () => {
    const css = await raw(`${server.url}/assets/index-C5y0l3Ra.css`, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await raw(`${server.url}/favicon.svg`, { 'accept-encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toBe('<svg/>');
  });

  it('answers 304 to a browser checking a copy that has not changed since', async () => {
    const page = await raw(`${server.url}/`, { accept: browser, 'accept-encoding': 'gzip' });
    const lastModified = String(page.headers['last-modified']);
    const again = await raw(`${server.url}/`, { accept: browser, 'if-modified-since': lastModified });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['content-security-policy']).toContain("script-src 'self'");
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await raw(`${server.url}/`, { accept: browser, 'if-modified-since': older })).status).toBe(200);
    expect((await raw(`${server.url}/`, { accept: browser, 'if-modified-since': 'not a date' })).status).toBe(
      200,
    );
  });

  it.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip;q=1.0, br;q=0', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['identity', []],
    ['', []],
    ['BR', ['br']],
  ])('Accept-Encoding %j allows %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
