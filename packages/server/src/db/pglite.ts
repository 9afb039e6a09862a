import { mkdirSync } from 'node:fs';
import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { type Db, type Held, type Prepared, type Row, typeParsers } from './db.js';

interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/** Runs a prepared statement: `inTransaction` when called inside `transaction()`, which holds the database. */
type RunPrepared = <T>(
  sql: Prepared & { name: string },
  params: unknown[],
  inTransaction: boolean,
) => Promise<T[]>;

function wrap(
  runner: Runner,
  runPrepared: RunPrepared,
  inTransaction: boolean,
  transaction: Db['transaction'],
  close: Db['close'],
): Db {
  const query = async <T>(sql: string | Prepared, params: unknown[] = []): Promise<T[]> =>
    typeof sql === 'string' || sql.name === undefined
      ? (await runner.query<T>(typeof sql === 'string' ? sql : sql.text, params)).rows
      : runPrepared<T>(sql as Prepared & { name: string }, params, inTransaction);
  const db: Db = {
    kind: 'pglite',
    query,
    async one<T = Row>(sql: string | Prepared, params?: unknown[]) {
      return (await query<T>(sql, params))[0] ?? null;
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    transaction,
    // PGlite is one connection, held by a transaction for whoever holds it: begun from the start.
    hold: (fn) => transaction((tx) => fn(asHeld(tx))),
    close,
  };
  return db;
}

const asHeld = (tx: Db): Held => ({ ...tx, begin: async () => {}, begun: true });

function txDb(tx: Transaction, runPrepared: RunPrepared): Db {
  const db: Db = wrap(
    tx,
    runPrepared,
    true,
    (fn) => fn(db),
    async () => {},
  );
  return db;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Prepared statements on one PGlite database: parsed (with their parameters' types) the first time, then bound
 * and run in one call, the way `query` does in five. PGlite's own locks are taken as `query` takes them: the
 * transaction lock too outside a transaction, so a statement never runs inside another caller's transaction.
 */
function preparedRunner(pg: PGlite): RunPrepared {
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; types: number[] }>();
  let failures = 0;
  const prepare = async (sql: Prepared & { name: string }) => {
    let statement = statements.get(sql.name);
    if (statement) return statement;
    // A failed parse may have left its name taken: the next attempt takes another.
    const name = failures ? `${sql.name}_${failures}` : sql.name;
    try {
      const { messages } = await pg.execProtocol(
        concat([
          serialize.parse({ name, text: sql.text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      statement = { name, types: parse.parseDescribeStatementResults(messages) };
    } catch (error) {
      failures++;
      throw error;
    }
    statements.set(sql.name, statement);
    return statement;
  };
  return async <T>(sql: Prepared & { name: string }, params: unknown[], inTransaction: boolean) => {
    const run = async () => {
      const { name, types } = await prepare(sql);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await pg.execProtocol(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: !inTransaction },
      );
      return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
    };
    return inTransaction
      ? pg._runExclusiveQuery(run)
      : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
  };
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
  const runPrepared = preparedRunner(pg);
  const db = wrap(
    pg,
    runPrepared,
    false,
    (fn) => pg.transaction((tx) => fn(txDb(tx, runPrepared))),
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
