import pg from 'pg';
import { type Db, type Held, type Prepared, type Row, typeParsers } from './db.js';

interface Client {
  query(
    sql: string | { name: string; text: string; values?: unknown[] },
    params?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

/** A prepared statement goes by its name: `pg` parses it once per connection. */
const run = (client: Client, sql: string | Prepared, params?: unknown[]) =>
  typeof sql === 'string' || sql.name === undefined
    ? client.query(typeof sql === 'string' ? sql : sql.text, params)
    : client.query({ name: sql.name, text: sql.text, values: params ?? [] });

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function wrap(client: Client, transaction: Db['transaction'], close: Db['close'], hold: Db['hold']): Db {
  return {
    kind: 'postgres',
    async query<T = Row>(sql: string | Prepared, params?: unknown[]) {
      return (await run(client, sql, params)).rows as T[];
    },
    async one<T = Row>(sql: string | Prepared, params?: unknown[]) {
      return ((await run(client, sql, params)).rows[0] as T | undefined) ?? null;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction,
    hold,
    close,
  };
}

export interface PostgresOptions {
  /** Puts this schema first on the `search_path` of every connection (per-test-file schemas). */
  schema?: string;
  /**
   * Connections in the pool (default 20): a booking holds one for its whole transaction, a wait on a racing
   * booking's rooms included.
   */
  max?: number;
}

/** A `pg` pool on `DATABASE_URL`; each transaction takes one connection for its whole length. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    types,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  pool.on('error', () => {}); // an idle client lost its connection; the pool replaces it
  await pool.query('select 1');
  /** One client of the pool for `fn`: `begin` when it asks, then commit or roll back if it began. */
  const held = async <T>(begun: boolean, fn: (held: Held) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let inTransaction = false;
    try {
      const conn: Held = {
        ...wrap(
          client,
          async (inner) => {
            await conn.begin();
            return inner(conn);
          },
          async () => {},
          (inner) => inner(conn),
        ),
        async begin() {
          if (inTransaction) return;
          await client.query('BEGIN');
          inTransaction = true;
        },
        get begun() {
          return inTransaction;
        },
      };
      if (begun) await conn.begin();
      const result = await fn(conn);
      if (inTransaction) await client.query('COMMIT');
      return result;
    } catch (error) {
      if (inTransaction) await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  return wrap(
    pool,
    (fn) => held(true, fn),
    () => pool.end(),
    (fn) => held(false, fn),
  );
}
