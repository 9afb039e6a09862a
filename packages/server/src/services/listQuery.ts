import type { ListMeta } from '@tern/sdk';
import type { Db } from '../db/db.js';

// A list's query once: its filters as SQL with their parameters, its search, its sort and its page with the
// total. A list and its export build the same `ListFilter` with one function, so a filter added to the list
// is in the export too.

/** `%term%` for LIKE, its `\`, `%` and `_` taken literally (LIKE's escape character is `\`). */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** The conditions of a query (joined with `and`) and their parameters, `$1…` in order. */
export class ListFilter {
  readonly params: unknown[];
  readonly conditions: string[] = [];

  /** `params` are the query's first parameters (`$1…`), which `conditions` may name. */
  constructor(params: unknown[] = [], conditions: string[] = []) {
    this.params = [...params];
    this.conditions.push(...conditions);
  }

  /** A parameter's placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A condition without a parameter. */
  where(sql: string): this {
    this.conditions.push(sql);
    return this;
  }

  /** A condition on one parameter, when the value is given (not `undefined`, `null` or `''`). */
  when<T>(value: T | undefined | null, sql: (placeholder: string) => string): this {
    if (value === undefined || value === null || value === '') return this;
    this.conditions.push(sql(this.param(value)));
    return this;
  }

  /**
   * A search: one of the columns (SQL expressions of text, `null` never matching) holds the term, ignoring case
   * and accents (`tern_fold`, migration 055: "bjork" finds "Björk"), LIKE's wildcards in the term taken literally.
   */
  search(
    term: string | undefined | null,
    columns: readonly string[] | ((holds: (column: string) => string) => string),
  ): this {
    const text = term?.trim();
    if (!text) return this;
    const p = this.param(likePattern(text));
    const holds = (column: string) => `tern_fold(${column}) like tern_fold(${p})`;
    // A function of `holds` writes a search that reaches beyond the row (a subquery's columns).
    const sql = typeof columns === 'function' ? columns(holds) : columns.map(holds).join(' or ');
    this.conditions.push(`(${sql})`);
    return this;
  }

  /**
   * An instant column within days of a time zone, each end optional: [from 00:00, to + 1 00:00) there (the days
   * a list shows as the property's).
   */
  days(column: string, timeZone: string, from: string | undefined, to: string | undefined): this {
    if (!from && !to) return this;
    const zone = this.param(timeZone);
    return this.when(from, (p) => `${column} >= (${p}::date::timestamp at time zone ${zone})`).when(
      to,
      (p) => `${column} < ((${p}::date + 1)::timestamp at time zone ${zone})`,
    );
  }

  /** The conditions as one SQL expression (`true` for none). */
  get sql(): string {
    return this.conditions.length ? this.conditions.join(' and ') : 'true';
  }
}

/**
 * `order by` of a sort the caller chose: the column from a whitelist (the contract's enum as keys, never the
 * caller's text), then a unique column so pages do not overlap.
 */
export function orderBy<K extends string>(
  columns: Record<K, string>,
  key: K,
  direction: 'asc' | 'desc' | undefined,
  unique: string,
): string {
  const dir = direction === 'asc' ? 'asc' : 'desc';
  return `${columns[key]} ${dir}, ${unique} ${dir}`;
}

/**
 * One page of a list and the total: `select` is the query up to its `where` (its columns and `from`), `from`
 * what the total counts over (the same tables, without the columns).
 */
export async function listPage<R, T>(
  db: Db,
  query: {
    select: string;
    from: string;
    filter: ListFilter;
    order: string;
    page: number;
    limit: number;
    /** The page's rows as the list's items. */
    items: (rows: R[]) => T[] | Promise<T[]>;
  },
): Promise<{ items: T[]; meta: ListMeta }> {
  const { filter, page, limit } = query;
  const n = filter.params.length;
  const rows = await db.query<R>(
    `${query.select} where ${filter.sql} order by ${query.order} limit $${n + 1} offset $${n + 2}`,
    [...filter.params, limit, (page - 1) * limit],
  );
  const count = await db.one<{ total: number }>(
    `select count(*)::int as total from ${query.from} where ${filter.sql}`,
    filter.params,
  );
  return { items: await query.items(rows), meta: { page, limit, total: Number(count?.total ?? 0) } };
}
