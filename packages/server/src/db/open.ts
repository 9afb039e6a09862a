import type { Db } from './db.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface OpenOptions {
  /** A PGlite data folder, or ':memory:'. */
  data?: string;
  /** A Postgres server; wins over `data`. */
  databaseUrl?: string;
  /** With `databaseUrl`: the schema to work in (first on the search_path). */
  schema?: string;
}

/** Opens the database: Postgres when a URL is given, else PGlite in the folder (or in memory). */
export function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.schema ? { schema: options.schema } : {});
  return openPglite(options.data ?? ':memory:');
}

/** Where a database is, for a log line (a URL's password is hidden). */
export function describeDb(options: OpenOptions): string {
  if (options.databaseUrl) {
    try {
      const url = new URL(options.databaseUrl);
      if (url.password) url.password = '***';
      return `postgres ${url.toString()}${options.schema ? ` (schema ${options.schema})` : ''}`;
    } catch {
      return 'postgres (DATABASE_URL)';
    }
  }
  const data = options.data ?? ':memory:';
  return data === ':memory:' ? 'embedded PGlite in memory' : `embedded PGlite in ${data}`;
}
