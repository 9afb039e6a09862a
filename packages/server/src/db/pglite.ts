import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Db, type Row, typeParsers } from './db.js';

interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(runner: Runner, transaction: Db['transaction'], close: Db['close']): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T = Row>(sql: string, params?: unknown[]) {
      return (await runner.query<T>(sql, params)).rows;
    },
    async one<T = Row>(sql: string, params?: unknown[]) {
      return (await runner.query<T>(sql, params)).rows[0] ?? null;
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    transaction,
    close,
  };
  return db;
}

function txDb(tx: Transaction): Db {
  const db: Db = wrap(
    tx,
    (fn) => fn(db),
    async () => {},
  );
  return db;
}

/**
 * PGlite in a data folder, or in memory for `':memory:'`. PGlite is a single connection: its own
 * `transaction()` queues every other statement until the transaction ends, so transactions never interleave.
 * `loadDataDir` starts it from a dump (`dumpPglite`) instead of a new cluster: no initdb, which is most of the
 * seconds an open takes.
 */
export async function openPglite(data: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  const memory = data === ':memory:' || data === '';
  if (!memory) mkdirSync(data, { recursive: true });
  const pg = await PGlite.create(memory ? undefined : data, {
    parsers: typeParsers,
    relaxedDurability: memory,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = wrap(
    pg,
    (fn) => pg.transaction((tx) => fn(txDb(tx))),
    () => pg.close(),
  );
  instances.set(db, pg);
  return db;
}

const instances = new WeakMap<Db, PGlite>();

/** The whole data directory of a PGlite database opened by `openPglite`, as an uncompressed tarball. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = instances.get(db);
  if (!pg) throw new Error('not a PGlite database opened by openPglite');
  await pg.query('checkpoint');
  return pg.dumpDataDir('none');
}
