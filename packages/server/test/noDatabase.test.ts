import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noDatabase } from '../vitest.config.js';

// The PostgreSQL pass of `npm test` leaves out the files vitest.config.ts lists as opening no database: a file
// there that starts a server or opens a database would never run on PostgreSQL, so none may.
describe('test files run once (no database)', () => {
  it.each(noDatabase)('%s opens no database', (file) => {
    const text = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    expect(text).not.toMatch(/startTestServer|openTestDb|openPglite|openPostgres|startServer\(|DATABASE_URL/);
  });
});
