import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db/db.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { type Template, templateDump } from './templates.js';

export interface TestDb {
  db: Db;
  /** Closes the database (and drops the test schema on Postgres). */
  close(): Promise<void>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test file: PGlite in memory — opened from this run's dump of a new cluster
 * when there is one (see globalSetup.ts), which skips initdb — or, when DATABASE_URL is set, a new schema with
 * a random name on that server (first on the search_path of every connection), dropped afterwards.
 */
export async function openTestDb(): Promise<TestDb> {
  return openTestDbFrom('empty');
}

/** `openTestDb`, on PGlite starting from this run's `template` dump when there is one (else empty). */
export async function openTestDbFrom(template: Template): Promise<TestDb & { template: Template | null }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = templateDump(template);
    const db = await openPglite(':memory:', dump ? { loadDataDir: dump } : {});
    return { db, close: () => db.close(), template: dump ? template : null };
  }
  const schema = `tern_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const db = await openPostgres(url, { schema, max: 5 });
  return {
    db,
    template: null,
    close: async () => {
      await db.close();
      await adminQuery(url, `drop schema ${schema} cascade`);
    },
  };
}
