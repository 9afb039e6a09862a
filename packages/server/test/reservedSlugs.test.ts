import { isReservedStoreSlug, RESERVED_STORE_SLUGS } from '@tern/core/navigation';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';

// A store lives at `/{slug}` (document 3 §2.1): every path the server serves itself must start with a word of
// core's one list of reserved slugs, or a store could take it and never open.

const noDb = new Proxy(
  {},
  { get: () => () => Promise.reject(new Error('no database here')) },
) as unknown as Db;

describe('reserved store slugs', () => {
  it('hold the first segment of every route the server registers', () => {
    const app = createApp({
      db: noDb,
      logger: { info: () => {}, error: () => {} },
      config: { webDist: undefined, photosDir: '/nonexistent', sandbox: false },
    });
    const firsts = new Set(
      app.routes
        .map((r) => r.path.split('/')[1] ?? '')
        .filter((segment) => segment !== '' && segment !== '*' && !segment.startsWith(':')),
    );
    expect(firsts.size).toBeGreaterThan(3);
    for (const segment of firsts) expect(RESERVED_STORE_SLUGS.has(segment.toLowerCase()), segment).toBe(true);
  });

  it.each(['booking', 'api', 'photos', 'assets', 'login', 'Bookings', 'billing', 'stripe', 'auth'])(
    '%s is reserved',
    (slug) => expect(isReservedStoreSlug(slug)).toBe(true),
  );
});
