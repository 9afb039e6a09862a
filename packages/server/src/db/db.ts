import { createHash } from 'node:crypto';

/** A row as the database hands it back. */
export type Row = Record<string, unknown>;

/**
 * A statement the database parses and plans once per connection and then only runs (a prepared statement):
 * for the few statements nearly every request runs (the session, an idempotency key, a booking's first read),
 * where parsing and planning cost several times the work itself. Made once, at a module's top level, with
 * `prepared(sql)`. Name its columns: a prepared `select *` fails once its table gains a column.
 */
export interface Prepared {
  readonly text: string;
  /** The statement's name on a connection, from its text. */
  readonly name: string;
}

export function prepared(text: string): Prepared {
  return { text, name: `tern_${createHash('sha256').update(text).digest('hex').slice(0, 24)}` };
}

/** The text of a statement, prepared or not. */
export const sqlOf = (sql: string | Prepared): string => (typeof sql === 'string' ? sql : sql.text);

/**
 * The one data-access interface of the server, over PGlite (embedded) and `pg` (a Postgres server).
 * Both return the same JavaScript types: `bigint` and `numeric` as numbers, `date` as `YYYY-MM-DD` strings,
 * `timestamptz` as `Date`, `jsonb` parsed, `uuid` as strings.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Runs one statement with `$1…` parameters; the rows it returns. */
  query<T = Row>(sql: string | Prepared, params?: unknown[]): Promise<T[]>;
  /** The first row, or `null`. */
  one<T = Row>(sql: string | Prepared, params?: unknown[]): Promise<T | null>;
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Inside, `tx` is the
   * transaction; a nested `tx.transaction()` joins the outer one.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Type parsers shared by both implementations, by Postgres type oid. */
export const typeParsers: Record<number, (value: string) => unknown> = {
  20: Number, // int8
  1700: Number, // numeric
  1082: (value) => value, // date: keep 'YYYY-MM-DD', never a local-midnight Date
};
