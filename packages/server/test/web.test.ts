import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const sdk = { accept: 'application/json' };

/** Static files and CORS never touch the database. */
const noDb = new Proxy(
  { kind: 'pglite' },
  {
    get: (target, key) =>
      key === 'kind' ? target.kind : () => Promise.reject(new Error('no database here')),
  },
) as unknown as Db;

let dir: string;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tern-web-'));
  mkdirSync(join(dir, 'web/assets'), { recursive: true });
  mkdirSync(join(dir, 'photos'), { recursive: true });
  writeFileSync(join(dir, 'web/index.html'), '<!doctype html><title>Tern</title>');
  writeFileSync(join(dir, 'web/store.html'), '<!doctype html><title>Gift cards</title>');
  writeFileSync(join(dir, 'web/assets/index-B4x9k2Qz.js'), 'console.log(1)');
  writeFileSync(join(dir, 'web/favicon.svg'), '<svg/>');
  writeFileSync(join(dir, 'photos/harbour.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  app = createApp({
    db: noDb,
    logger: { info: () => {}, error: () => {} },
    config: {
      webDist: join(dir, 'web'),
      photosDir: join(dir, 'photos'),
      corsOrigins: ['http://localhost:5173'],
      sandbox: false,
    },
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the web app', () => {
  it('answers a browser navigation to any page with index.html, uncached', async () => {
    for (const path of [
      '/',
      '/bookings',
      '/property/abc/booking_info?x=1',
      '/verify_reset_password_email?token=t',
    ]) {
      const response = await app.request(path, { headers: browser });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Tern</title>');
    }
  });

  it('answers a store’s paths with the store’s own page, and the app’s with the app', async () => {
    const store = [
      '/harbour-view',
      '/Harbour-View/cart',
      '/harbour-view/12?locale=de',
      '/harbour-view/checkout',
      '/harbour-view/confirmation?reference_number=R1&property_id=2&digital_signature=s',
      '/giftcards/store/harbour-view',
      '/giftcards/store/harbour-view/checkout/anna',
      // A public gift campaign's page is drawn by the store's entry (design §9).
      '/gift-campaign/12',
      '/gift-campaign/12?locale=en',
    ];
    // The app's first segments, the store's page words and a typo of an app page are never a store.
    const staff = [
      '/',
      '/login',
      '/bookings',
      '/settings/stores',
      '/cart',
      '/terms',
      '/bookngs',
      '/giftcards',
      '/gift-campaigns',
    ];
    for (const [paths, title] of [
      [store, 'Gift cards'],
      [staff, 'Tern'],
    ] as const) {
      for (const path of paths) {
        const response = await app.request(path, { headers: browser });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('no-cache');
        expect(await response.text(), path).toContain(`<title>${title}</title>`);
      }
    }
  });

  it('sends the API to a JSON request on the same path', async () => {
    const response = await app.request('/verify_reset_password_email?token=t', { headers: sdk });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.status).not.toBe(200); // it reached the API (whose database is absent here)
  });

  it('never answers /api/ with the app', async () => {
    const response = await app.request('/api/v1/nowhere', { headers: browser });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('never answers a photo opened in a tab with the app', async () => {
    const demo = await app.request('/photos/harbour.svg', { headers: browser });
    expect(demo.headers.get('content-type')).toBe('image/svg+xml');
    const missing = await app.request('/photos/uploads/0123456789abcdef0123456789abcdef.jpg', {
      headers: browser,
    });
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('serves files with their type; hashed assets cached for a year', async () => {
    const asset = await app.request('/assets/index-B4x9k2Qz.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.request('/favicon.svg', { method: 'HEAD' });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await icon.text()).toBe('');
  });

  it('does not leave its folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await app.request(path, { headers: sdk });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('photos and CORS', () => {
  it('serves the demo photos as SVG, cached', async () => {
    const response = await app.request('/photos/harbour.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await app.request('/photos/missing.svg', { headers: sdk })).status).toBe(404);
  });

  it('allows the listed origins only, without credentials', async () => {
    const preflight = await app.request('/api/v1/sessions', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await app.request('/api/v1/nowhere', { headers: { origin: 'https://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('x-request-id')).toBeTruthy();
  });
});
