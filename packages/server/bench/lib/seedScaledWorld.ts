import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoWorld, generateInventory } from '@tern/fixtures';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrate.js';
import { openDb } from '../../src/db/open.js';
import { dumpPglite, openPglite } from '../../src/db/pglite.js';
import { isoDay, seedIfEmpty } from '../../src/db/seed.js';
import { scaledWorld } from './scaledWorld.js';

/** Migrates and seeds the demo world grown to `hotels` hotels (14 days of inventory), then analyzes. */
export async function seedScaledWorld(db: Db, hotels: number): Promise<void> {
  const seeding = performance.now();
  const world = scaledWorld(hotels, demoWorld);
  await migrate(db);
  await seedIfEmpty(db, {
    source: { world, inventory: (from, days) => generateInventory(world, from, days) },
    days: 14,
  });
  if (db.kind === 'postgres') await db.query('vacuum analyze');
  else await db.query('analyze');
  console.log(
    `  seeded ${hotels} hotels × 14 days in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
}

/**
 * The seeded world on PGlite. With `reuse` (`TERN_BENCH_REUSE=1`), today's newest seeded dump in the temp folder
 * (the engine benchmark's, or this one's), brought up to the current migrations, instead of seeding afresh
 * (minutes on a busy machine); a dump is left for the next run.
 */
export async function seededPglite(hotels: number, reuse: boolean): Promise<Db> {
  const prefix = `tern_bench_pglite_${isoDay(new Date()).replace(/-/g, '')}_`;
  const dumps = reuse
    ? readdirSync(tmpdir())
        .filter((f) => f.startsWith(prefix) && f.endsWith('.tar'))
        .map((f) => join(tmpdir(), f))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  if (dumps[0]) {
    console.log(`  reusing the seeded database ${dumps[0]}`);
    const db = await openPglite(':memory:', { loadDataDir: new Blob([readFileSync(dumps[0])]) });
    await migrate(db);
    await db.query('analyze');
    return db;
  }
  const db = await openDb({ data: ':memory:' });
  await seedScaledWorld(db, hotels);
  if (reuse)
    writeFileSync(
      `${join(tmpdir(), prefix)}inventory.tar`,
      Buffer.from(await (await dumpPglite(db)).arrayBuffer()),
    );
  return db;
}
