import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their sources. 'import' is left out on purpose: vitest hands these
// conditions to Node for external packages too, and a CommonJS `require('pg-pool')` must not get its ESM build.
const conditions = ['source', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // A test server starts in seconds; on a busy 2-core machine (CI, several test files at once) it can take
    // much longer, and a slow start is not a failure.
    hookTimeout: 120_000,
    // PGlite dumps each test file starts from (a new cluster, migrated, seeded), made once per run.
    globalSetup: ['test/helpers/globalSetup.ts'],
  },
});
