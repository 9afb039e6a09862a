import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their sources. 'import' is left out on purpose: vitest hands these
// conditions to Node for external packages too, and a CommonJS `require('pg-pool')` must not get its ESM build.
const conditions = ['source', 'module', 'node', 'default'];

/**
 * Test files that open no database (pure functions, a Db double, fonts, the web app's files). `npm test` runs the
 * server's tests twice, the second time on PostgreSQL (DATABASE_URL set: scripts/test-all.mjs); these ran on the
 * first pass and would run the same again, so that pass leaves them out — the gift-card export's streaming test
 * and the fonts' PDF test alone took 85 s of it on a busy machine. A file that starts a server or opens a database
 * does not belong here.
 */
export const noDatabase = [
  'test/accept.test.ts',
  'test/config.test.ts',
  'test/fontFiles.test.ts',
  'test/giftCardFonts.test.ts',
  'test/giftCardsExportStream.test.ts',
  'test/importCycles.test.ts',
  'test/reservedSlugs.test.ts',
  'test/web.test.ts',
];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...noDatabase] : configDefaults.exclude,
    // Test files share a worker's loaded modules (each file importing the server afresh cost it a quarter of its
    // time); every file starts its own server on its own database, which is all the state a test depends on.
    isolate: false,
    testTimeout: 20_000,
    // A test server starts in seconds; on a busy 2-core machine (CI, several test files at once) it can take
    // much longer, and a slow start is not a failure.
    hookTimeout: 120_000,
    // PGlite dumps each test file starts from (a new cluster, migrated, seeded), made once per run.
    globalSetup: ['test/helpers/globalSetup.ts'],
  },
});
