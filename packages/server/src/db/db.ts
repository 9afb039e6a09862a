import { createHash } from 'node:crypto';

/** A row as the database hands it back. */
export type Row = Record<string, unknown>;

/**
 * A statement the database parses and plans once per connection and then only runs (a prepared statement):
 * for the few statements nearly every request runs (the session, an idempotency key, a booking's first read),
 * where parsing and planning cost several times the work itself. Made once, at a module's top level, with
 * `prepared(sql)`. Name its columns: a prepared `select *` fails once its table gains a column.
 *
 * A statement may also say it only reads (`readOnly`, see `reading`): on a connection held by `hold`, it runs
 * without beginning the transaction.
 */
export interface Prepared {
  readonly text: string;
  /** The statement's name on a connection, from its text; none for a statement planned each time. */
  readonly name?: string;
  /** It writes nothing and locks nothing (a plain `select` of tables, no `for update`, no side effects). */
  readonly readOnly?: boolean;
}

export function prepared(text: string, options: { readOnly?: boolean } = {}): Prepared {
  const name = `tern_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return options.readOnly ? { text, name, readOnly: true } : { text, name };
}

/** A statement planned each time (its text varies, or a generic plan would not serve it) that only reads. */
export const reading = (text: string): Prepared => ({ text, readOnly: true });

/** The statement marked read-only: for code that only ever reads (ownership lookups). */
export const readOnly = (sql: string | Prepared): Prepared =>
  typeof sql === 'string' ? reading(sql) : sql.readOnly ? sql : { ...sql, readOnly: true };

/** The text of a statement, prepared or not. */
export const sqlOf = (sql: string | Prepared): string => (typeof sql === 'string' ? sql : sql.text);

/** Whether a statement says it only reads. */
export const isReadOnly = (sql: string | Prepared): boolean =>
  typeof sql !== 'string' && sql.readOnly === true;

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
  /**
   * Runs `fn` on one connection held for it, where the transaction begins when `begin()` is called (or from
   * the start, on PGlite, whose one connection is held by a transaction anyway): statements before it run on
   * their own, each seeing what is committed, as they would in a READ COMMITTED transaction. Committed when
   * `fn` resolves, rolled back when it throws, if begun. For calls that most often only read (a booking refused
   * from its first read): they pay no `begin` and `commit`.
   */
  hold<T>(fn: (held: Held) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A connection held by `Db.hold`. */
export interface Held extends Db {
  /** Begins the transaction, once (later calls do nothing). */
  begin(): Promise<void>;
  /** Whether statements now run in the transaction. */
  readonly begun: boolean;
}

/** Type parsers shared by both implementations, by Postgres type oid. */
export const typeParsers: Record<number, (value: string) => unknown> = {
  20: Number, // int8
  1700: Number, // numeric
  1082: (value) => value, // date: keep 'YYYY-MM-DD', never a local-midnight Date
};
