import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

/** `src/db/migrations` (copied next to the build in `dist/db/migrations`). */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Migration files, `NNN_name.sql`, in the order they apply. */
export function migrationFiles(dir = migrationsDir): { version: string; file: string }[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), file: `${dir}/${file}` }));
}

/**
 * Applies the migrations not yet applied, in order, in one transaction (all or nothing), recording each in
 * `schema_migrations`. An advisory lock keeps two processes starting together from racing. Returns the
 * versions it applied.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = migrationFiles(dir);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7262011)');
    await tx.exec(
      `create table if not exists schema_migrations (
         version text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const { version, file } of files) {
      if (done.has(version)) continue;
      await tx.exec(readFileSync(file, 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}
