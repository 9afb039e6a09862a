import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
