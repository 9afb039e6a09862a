import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their sources. 'import' is left out on purpose (as in packages/server): vitest
// hands these conditions to Node for external packages too, and the real server's CommonJS
// `require('pg-pool')` must not get its ESM build.
const conditions = ['source', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/errorWords.ts'],
    // Test files share a worker's loaded modules (each file importing the CLI and the server afresh cost two
    // fifths of the project's time); each file starts its own server and runs `tern` in its own config folder.
    isolate: false,
    testTimeout: 20_000,
    // A test server starts in seconds; on a busy 2-core machine (CI, several test files at once) it can take
    // much longer, and a slow start is not a failure.
    hookTimeout: 120_000,
    // The terminal tests drive the Ink wizards on a fake terminal and wait for each screen. Ink draws only the
    // last frame when it believes it runs under CI (is-in-ci reads CI at import), so the tests run as a person's
    // terminal would, whatever the machine running them sets.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
    // The server's PGlite dumps (a new cluster, migrated, seeded with the demo world), made once per run and
    // shared with the server's project: a test server opens the seeded one instead of seeding its own.
    globalSetup: ['../server/test/helpers/globalSetup.ts'],
  },
});
