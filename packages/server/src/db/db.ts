/** A row as the database hands it back. */
export type Row = Record<string, unknown>;

/**
 * The one data-access interface of the server, over PGlite (embedded) and `pg` (a Postgres server).
 * Both return the same JavaScript types: `bigint` and `numeric` as numbers, `date` as `YYYY-MM-DD` strings,
 * `timestamptz` as `Date`, `jsonb` parsed, `uuid` as strings.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Runs one statement with `$1…` parameters; the rows it returns. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The first row, or `null`. */
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | null>;
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
