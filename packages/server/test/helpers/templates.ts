import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** The dumps `globalSetup.ts` made for this run (tarballs of PGlite's data directory). */
export interface TemplateFiles {
  /** A new cluster: no tables. */
  empty: string;
  /** Migrated, no rows. */
  migrated: string;
  /** Migrated and seeded with the demo world on `day`, its passwords hashed at `passwordCost`. */
  demo: string;
  day: string;
  passwordCost: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    ternTestTemplates: TemplateFiles | undefined;
  }
}

export type Template = 'empty' | 'migrated' | 'demo';

/** This run's dumps, or `null` when it has none (no global setup, or on Postgres). */
export function templateFiles(): TemplateFiles | null {
  try {
    return inject('ternTestTemplates') ?? null;
  } catch {
    return null; // not inside a vitest worker
  }
}

/** The dump of `template` to open, or `null` when this run has none. */
export function templateDump(template: Template): Blob | null {
  const files = templateFiles();
  return files ? new Blob([readFileSync(files[template])]) : null;
}
