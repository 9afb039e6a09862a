// Makes the PGlite dumps of a test run (see globalSetup.ts) in the folder given: a new cluster, migrated, and
// seeded with the demo world; writes templates.json (a TemplateFiles) beside them. Run with tsx, by the setup.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { dumpPglite, openPglite } from '../../src/db/pglite.js';
import { isoDay, seedIfEmpty } from '../../src/db/seed.js';
import { TEST_PASSWORD_COST, testDayShiftMs } from './server.js';
import type { TemplateFiles } from './templates.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: makeTemplates.ts DIR');
const db = await openPglite(':memory:');
const dump = async (name: string) => {
  const file = join(dir, `${name}.tar`);
  writeFileSync(file, new Uint8Array(await (await dumpPglite(db)).arrayBuffer()));
  return file;
};
try {
  const empty = await dump('empty');
  await migrate(db);
  const migrated = await dump('migrated');
  const now = new Date(Date.now() + testDayShiftMs());
  await seedIfEmpty(db, { clock: { now: () => now }, passwordCost: TEST_PASSWORD_COST });
  const demo = await dump('demo');
  const files: TemplateFiles = { empty, migrated, demo, day: isoDay(now), passwordCost: TEST_PASSWORD_COST };
  writeFileSync(join(dir, 'templates.json'), JSON.stringify(files));
} finally {
  await db.close();
}
