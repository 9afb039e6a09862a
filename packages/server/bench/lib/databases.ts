import pg from 'pg';
import type { Db } from '../../src/db/db.js';
import { openDb } from '../../src/db/open.js';

/** How a benchmark's databases are made when an empty one will not do. */
export interface BenchDatabases {
  /** Opens the PGlite database (a seeded dump, say); a new empty one by default. */
  openPglite?: () => Promise<Db>;
  /** Fills the new PostgreSQL database before the benchmark (as the PGlite one was opened). */
  seedPostgres?: (db: Db) => Promise<void>;
}

/**
 * Runs a benchmark on PGlite, then — when `TERN_BENCH_DATABASE_URL` names a PostgreSQL server (`npm run bench`
 * starts a throwaway one) — on a database of its own there, made and dropped around it. `TERN_BENCH_ONLY=pglite`
 * or `=postgres` runs one of them. `name` names the PostgreSQL database (with the process id).
 */
export async function onEachDatabase(
  name: string,
  bench: (db: Db, database: 'PGlite' | 'PostgreSQL') => Promise<void>,
  databases: BenchDatabases = {},
): Promise<void> {
  const only = process.env.TERN_BENCH_ONLY;
  const serverUrl = process.env.TERN_BENCH_DATABASE_URL;
  if (only !== 'postgres') {
    console.log('PGlite (embedded):');
    const db = await (databases.openPglite?.() ?? openDb({}));
    try {
      await bench(db, 'PGlite');
    } finally {
      await db.close();
    }
  }
  if (only === 'pglite') return void console.log('PostgreSQL: skipped (TERN_BENCH_ONLY=pglite)');
  if (!serverUrl)
    return void console.log(
      'PostgreSQL: skipped (set TERN_BENCH_DATABASE_URL, or run `npm run bench`, which starts one)',
    );
  console.log('PostgreSQL:');
  const dbName = `tern_bench_${name}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  await admin(`create database ${dbName}`);
  const db = await openDb({ databaseUrl: url.toString() });
  try {
    await databases.seedPostgres?.(db);
    await bench(db, 'PostgreSQL');
  } finally {
    await db.close();
    await admin(`drop database ${dbName}`);
  }
}
