import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import type { TemplateFiles } from './templates.js';

/**
 * Once per vitest run: PGlite databases to start test files from, dumped to a temp dir — a new cluster, the
 * same migrated, and that seeded with the demo world (today's inventory, the test password cost). Opening a
 * dump skips initdb, the migrations and the seed: most of the seconds each test file spent starting. Made by
 * makeTemplates.ts in a process of its own (tsx, the workspace's sources). Not on a Postgres server
 * (DATABASE_URL), where a schema per file is quick to fill, nor with TERN_TEST_TEMPLATES=0 (each file then makes
 * its own database from scratch, as before).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL || process.env.TERN_TEST_TEMPLATES === '0') return () => {};
  // The CLI's project starts its test servers from the same dumps (its config names this setup too): in one run
  // of every project they are made once, by the first project, and provided to the next.
  const madeBefore = process.env.TERN_TEST_TEMPLATES_MADE;
  if (madeBefore) {
    project.provide('ternTestTemplates', JSON.parse(readFileSync(madeBefore, 'utf8')) as TemplateFiles);
    return () => {};
  }
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'tern-test-templates-'));
  const server = fileURLToPath(new URL('../..', import.meta.url));
  await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'test/helpers/makeTemplates.ts', dir],
    { cwd: server },
  );
  const files = JSON.parse(readFileSync(join(dir, 'templates.json'), 'utf8')) as TemplateFiles;
  project.provide('ternTestTemplates', files);
  process.env.TERN_TEST_TEMPLATES_MADE = join(dir, 'templates.json');
  process.stderr.write(
    `test databases (PGlite dumps) made in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return () => {
    delete process.env.TERN_TEST_TEMPLATES_MADE;
    rmSync(dir, { recursive: true, force: true });
  };
}
