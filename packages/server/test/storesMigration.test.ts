import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../src/db/migrate.js';
import { openTestDb, type TestDb } from './helpers/testDb.js';

// Migration 047: before it the type form saved the property's id as a type's store (there were no stores). Each
// property with such types gets one inactive store, its types name it instead, and the store sells them in the
// order they were made; anything else a type named is dropped. Later changes of a type's stores are followed by
// the trigger.

let testDb: TestDb;
let dir: string;
beforeAll(async () => {
  testDb = await openTestDb();
  dir = mkdtempSync(join(tmpdir(), 'tern-047-'));
  for (const f of migrationFiles().filter((m) => m.version < '047'))
    copyFileSync(f.file, join(dir, `${f.version}.sql`));
  await migrate(testDb.db, dir);
});
afterAll(async () => {
  await testDb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('migration 047 (stores)', () => {
  it('turns the property ids saved as stores into a store of that property, in order', async () => {
    const { db } = testDb;
    const supplier = (await db.one<{ id: string }>(`insert into suppliers (name) values ('S') returning id`))!
      .id;
    const property = async (title: string) =>
      (await db.one<{ id: string }>(
        `insert into properties (kind, supplier_id, title) values ('accommodation', $1, $2) returning id`,
        [supplier, title],
      ))!.id;
    const harbour = await property('Harbour View Hotel');
    const quiet = await property('Quiet Inn');
    const type = async (propertyId: string, title: string, stores: string[], at: string) =>
      (await db.one<{ id: string }>(
        `insert into gift_card_types (property_id, giftcard_type, title, description, price, card_limit,
                expiration_duration, expiration_unit, store_ids, created_at)
         values ($1, 2, $2, '', 100, 5, 12, 'months', $3, $4) returning id`,
        [propertyId, title, stores, at],
      ))!.id;
    const second = await type(harbour, 'Second', [harbour], '2026-02-01T00:00:00Z');
    const first = await type(
      harbour,
      'First',
      [harbour, '7b0e6f1c-2a4d-4c8e-9f1a-3d5b6c7e8f90'],
      '2026-01-01T00:00:00Z',
    );
    const none = await type(quiet, 'No store', [], '2026-01-01T00:00:00Z');

    await migrate(db);

    const stores = await db.query<{ id: string; property_id: string; slug: string; status: string }>(
      'select id, property_id, slug, status from stores',
    );
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ property_id: harbour, status: 'inactive' });
    expect(stores[0]!.slug).toMatch(/^Harbour-View-Hotel-[0-9a-f]{8}$/);
    const storeId = stores[0]!.id;
    const idsOf = async (id: string) =>
      (await db.one<{ store_ids: string[] }>('select store_ids from gift_card_types where id = $1', [id]))!
        .store_ids;
    expect(await idsOf(first)).toEqual([storeId]);
    expect(await idsOf(second)).toEqual([storeId]);
    expect(await idsOf(none)).toEqual([]);
    const order = async () =>
      (
        await db.query<{ gift_card_type_id: string; priority: number }>(
          'select gift_card_type_id, priority from store_gift_card_types where store_id = $1 order by priority',
          [storeId],
        )
      ).map((r) => [r.gift_card_type_id, r.priority]);
    expect(await order()).toEqual([
      [first, 1],
      [second, 2],
    ]);

    // The trigger: a type leaving closes the gap, one joining comes last.
    await db.query('update gift_card_types set store_ids = $2 where id = $1', [first, []]);
    const third = await type(harbour, 'Third', [storeId], '2026-03-01T00:00:00Z');
    expect(await order()).toEqual([
      [second, 1],
      [third, 2],
    ]);
    await expect(type(harbour, 'No such store', [quiet], '2026-03-01T00:00:00Z')).rejects.toThrow();
  });
});
