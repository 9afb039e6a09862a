import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, reading } from '../src/db/db.js';
import { insertRows } from '../src/db/insertRows.js';
import { migrate, migrationFiles } from '../src/db/migrate.js';
import { demoSource } from '../src/db/seed/fixtures.js';
import { INVENTORY_DAYS, isoDay, type SeedReport, type SeedSource, seedIfEmpty } from '../src/db/seed.js';
import { openTestDb, type TestDb } from './helpers/testDb.js';

let testDb: TestDb;
let source: SeedSource;
let report: SeedReport | null;
beforeAll(async () => {
  testDb = await openTestDb();
  source = await demoSource();
  await migrate(testDb.db);
  report = await seedIfEmpty(testDb.db, { source });
});
afterAll(() => testDb?.close());

const count = async (table: string) =>
  (await testDb.db.one<{ n: number }>(`select count(*)::int as n from ${table}`))!.n;

describe('migrations', () => {
  it('apply once, in order, and are recorded', async () => {
    expect(await migrate(testDb.db)).toEqual([]);
    const rows = await testDb.db.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    expect(rows.map((r) => r.version)).toEqual(migrationFiles().map((f) => f.version));
  });

  it('keep e-mails unique in any case', async () => {
    await expect(
      testDb.db.query(
        `insert into users (email, name, role, password_hash) values ('ADMIN@demo.tern.test', 'x', 'admin', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('roll a failed transaction back whole', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.query(`insert into suppliers (name) values ('Rolled back')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await testDb.db.one(`select 1 from suppliers where name = 'Rolled back'`)).toBeNull();
  });
});

describe('prepared statements', () => {
  const typed = prepared(
    `select $1::uuid as id, $2::date as day, $3::numeric as amount, $4::jsonb as doc, $5::timestamptz as at,
            $6::text[] as tags, $7::int as missing, $8::boolean as yes`,
  );
  const params = [
    '4f6c1b1e-2d2a-4c55-9a52-0d1f6f1c2b3a',
    '2026-03-01',
    12.5,
    JSON.stringify({ a: [1, 'b'] }),
    new Date('2026-03-01T10:00:00Z'),
    ['x', 'y'],
    null,
    true,
  ];

  it('return what the same statement returns unprepared, each time, in and out of a transaction', async () => {
    const plain = await testDb.db.one(typed.text, params);
    expect(plain).toEqual({
      id: params[0],
      day: '2026-03-01',
      amount: 12.5,
      doc: { a: [1, 'b'] },
      at: new Date('2026-03-01T10:00:00Z'),
      tags: ['x', 'y'],
      missing: null,
      yes: true,
    });
    for (let i = 0; i < 3; i++) expect(await testDb.db.one(typed, params)).toEqual(plain);
    expect(await testDb.db.transaction((tx) => tx.one(typed, params))).toEqual(plain);
    expect(await testDb.db.query(prepared('select 1 as n where false'))).toEqual([]);
  });

  it('write and roll back with their transaction, and refuse with the database error', async () => {
    await testDb.db.exec('create table prepared_test (name text not null)');
    const insert = prepared('insert into prepared_test (name) values ($1) returning name');
    await expect(
      testDb.db.transaction(async (tx) => {
        expect(await tx.one(insert, ['Prepared, rolled back'])).toEqual({ name: 'Prepared, rolled back' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await testDb.db.query('select name from prepared_test')).toEqual([]);
    await testDb.db.query(insert, ['Prepared, kept']);
    expect(await testDb.db.query('select name from prepared_test')).toEqual([{ name: 'Prepared, kept' }]);
    await expect(testDb.db.query(insert, [null])).rejects.toMatchObject({ code: '23502' });
    await expect(testDb.db.query(typed, ['not a uuid', ...params.slice(1)])).rejects.toMatchObject({
      code: '22P02',
    });
  });

  it('that fail to parse fail each time, and others still run', async () => {
    const broken = prepared('select no_such_column from prepared_test');
    await expect(testDb.db.query(broken)).rejects.toMatchObject({ code: '42703' });
    await expect(testDb.db.query(broken)).rejects.toMatchObject({ code: '42703' });
    expect(await testDb.db.one(prepared('select 2 as n'))).toEqual({ n: 2 });
  });
});

describe('a held connection', () => {
  const names = async () =>
    (await testDb.db.query<{ name: string }>(`select name from held_test order by name`)).map((r) => r.name);

  beforeAll(() => testDb.db.exec('create table held_test (name text not null)'));

  it('begins its transaction when asked, commits it when the work resolves, and rolls it back when it throws', async () => {
    await testDb.db.hold(async (held) => {
      // A read-only statement, prepared or planned each time, runs before the transaction begins.
      expect(await held.one(reading('select 1 as n'))).toEqual({ n: 1 });
      expect(await held.one(prepared('select 2 as n', { readOnly: true }))).toEqual({ n: 2 });
      await held.begin();
      await held.begin(); // once
      expect(held.begun).toBe(true);
      await held.query(`insert into held_test (name) values ('Held, kept')`);
    });
    await expect(
      testDb.db.hold(async (held) => {
        await held.begin();
        await held.query(`insert into held_test (name) values ('Held, rolled back')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await names()).toEqual(['Held, kept']);
  });

  it('runs each statement on its own before it begins (on PostgreSQL; PGlite holds its one connection in a transaction)', async () => {
    await expect(
      testDb.db.hold(async (held) => {
        expect(held.begun).toBe(testDb.db.kind === 'pglite');
        await held.query(`insert into held_test (name) values ('Held, before begin')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // Outside a transaction the insert committed by itself; inside PGlite's it went with the transaction.
    expect((await names()).includes('Held, before begin')).toBe(testDb.db.kind === 'postgres');
  });
});

describe('the demo seed', () => {
  it('loads the fixtures world, counts matching', async () => {
    const { world } = source;
    const units =
      world.properties.reduce((n, p) => n + p.units.length, 0) +
      world.carStations.reduce((n, s) => n + s.vehicles.length, 0);
    const plans = world.properties.reduce(
      (n, p) => n + p.units.reduce((m, u) => m + u.ratePlans.length, 0),
      0,
    );
    const expected = {
      users: world.users.length,
      agencies: world.agencies.length,
      suppliers: world.suppliers.length,
      properties: world.properties.length + world.carStations.length,
      units,
      rate_plans: plans,
      contracts: world.contracts.length,
      property_users: world.users.reduce((n, u) => n + (u.properties?.length ?? 0), 0),
      currency_rates: Object.keys(world.currencyRates).length,
      cancellation_policies: world.properties.reduce((n, p) => n + p.cancellationPolicies.length, 0),
      taxes: world.properties.reduce((n, p) => n + p.taxes.length, 0),
    };
    for (const [table, n] of Object.entries(expected)) expect(await count(table), table).toBe(n);
    expect(report).toMatchObject({
      users: expected.users,
      properties: expected.properties,
      units,
      ratePlans: plans,
    });
  });

  it('writes the inventory from today on, as the generator makes it', async () => {
    const inventory = source.inventory(isoDay(new Date()), INVENTORY_DAYS);
    expect(await count('unit_availability')).toBe([...inventory.availability].length);
    expect(await count('rate_prices')).toBe([...inventory.prices].length);
    const span = await testDb.db.one<{ first: string; last: string; days: number }>(
      'select min(date)::text as first, max(date)::text as last, count(distinct date)::int as days from rate_prices',
    );
    expect(span!.first).toBe(isoDay(new Date()));
    expect(span!.days).toBe(INVENTORY_DAYS);
  });

  it('hashes every password and seeds only an empty database', async () => {
    const hashes = await testDb.db.query<{ password_hash: string }>('select password_hash from users');
    expect(hashes.every((h) => h.password_hash.startsWith('scrypt$131072$8$1$'))).toBe(true); // the default cost
    expect(hashes.some((h) => h.password_hash.includes(source.world.password))).toBe(false);
    expect(await seedIfEmpty(testDb.db, { source })).toBeNull();
  });
});

describe('insertRows', () => {
  it('inserts in chunks of at most 1000 rows', async () => {
    await testDb.db.exec('create table numbers (n integer)');
    const rows = Array.from({ length: 2345 }, (_, i) => [i]);
    expect(await insertRows(testDb.db, 'numbers', ['n'], rows)).toBe(2345);
    expect(await count('numbers')).toBe(2345);
  });
});
