import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';
import { FONT_DIR, SPARE_FAMILY, shippedFonts } from '../src/services/giftCards/fonts.js';

// The shipped fonts served to the web's PDF tab (the preview draws in the PDF's fonts): the list of
// families and their addresses, and each file fonts.json names — read-only, no other file of the folder or beyond
// it, cached for a year at its versioned address.

/** The font routes never touch the database. */
const noDb = new Proxy(
  { kind: 'pglite' },
  {
    get: (target, key) =>
      key === 'kind' ? target.kind : () => Promise.reject(new Error('no database here')),
  },
) as unknown as Db;

interface Listed {
  families: { family: string; regular: string; bold: string }[];
  spare: string;
}

let app: ReturnType<typeof createApp>;
let list: Listed;
beforeAll(async () => {
  app = createApp({
    db: noDb,
    logger: { info: () => {}, error: () => {} },
    config: { corsOrigins: [], sandbox: false },
  });
  const response = await app.request('/api/v1/fonts', { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  list = (await response.json()) as Listed;
});

const lobster = () => list.families.find((f) => f.family === 'Lobster')!;

describe('GET /api/v1/fonts', () => {
  it('lists every family of fonts.json with the addresses of its two files, and the spare family', () => {
    expect(list.families.map((f) => f.family).sort()).toEqual([...shippedFonts().keys()].sort());
    expect(list.spare).toBe(SPARE_FAMILY);
    const lato = list.families.find((f) => f.family === 'Lato')!;
    expect(lato.regular).toMatch(/^\/api\/v1\/fonts\/lato-latin-400-normal\.woff\?v=[0-9a-f]{12}$/);
    expect(lato.bold).toMatch(/^\/api\/v1\/fonts\/lato-latin-700-normal\.woff\?v=[0-9a-f]{12}$/);
    // Lobster has no 700: its bold is its regular file, as in the PDF.
    expect(lobster().bold).toBe(lobster().regular);
    expect(lobster().regular).toMatch(/\/lobster-latin-400-normal\.woff\?v=/);
  });

  it('is public: no sign-in asked', async () => {
    const response = await app.request('/api/v1/fonts');
    expect(response.status).toBe(200);
  });
});

describe('GET /api/v1/fonts/{file}', () => {
  it('serves a listed file as font/woff, its bytes, cached for a year at its address', async () => {
    const response = await app.request(lobster().regular);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const onDisk = readFileSync(join(FONT_DIR, 'lobster-latin-400-normal.woff'));
    expect(response.headers.get('content-length')).toBe(String(onDisk.length));
    expect(Buffer.from(bytes).equals(onDisk)).toBe(true);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('wOFF');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request(lobster().regular, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff');
  });

  it('is checked every time when asked without its version, or with another', async () => {
    for (const path of [
      '/api/v1/fonts/lobster-latin-400-normal.woff',
      '/api/v1/fonts/lobster-latin-400-normal.woff?v=000000000000',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers 404 for a name fonts.json does not name, even a file of the folder', async () => {
    for (const name of [
      'nope-latin-400-normal.woff',
      'lobster-latin-700-normal.woff', // Lobster has no 700: no such file is named
      'fonts.json',
      'lobster.LICENSE.txt',
      'LOBSTER-LATIN-400-NORMAL.WOFF',
    ]) {
      const response = await app.request(`/api/v1/fonts/${name}`);
      expect(response.status, name).toBe(404);
      expect(((await response.json()) as { code: string }).code, name).toBe('not_found');
    }
  });

  it('refuses a way out of the folder: dots, encoded slashes and backslashes', async () => {
    for (const path of [
      '/api/v1/fonts/..%2Ffonts%2Ffonts.json',
      '/api/v1/fonts/..%2F..%2F..%2Fpackage.json',
      '/api/v1/fonts/%2e%2e%2f%2e%2e%2fsrc%2fapp.ts',
      '/api/v1/fonts/..%5C..%5Cpackage.json',
      '/api/v1/fonts/%2Fetc%2Fpasswd',
      '/api/v1/fonts/..',
      '/api/v1/fonts/.',
      '/api/v1/fonts/../fonts/lobster-latin-400-normal.woff/..%2f..%2fpackage.json',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
    // A NUL in a parameter is refused before any handler, as everywhere in the API.
    expect((await app.request('/api/v1/fonts/lobster-latin-400-normal.woff%00')).status).toBe(400);
  });

  it('is read-only', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await app.request(lobster().regular, { method });
      expect(response.status, method).not.toBe(200);
      expect(response.status, method).toBeGreaterThanOrEqual(400);
    }
  });
});
