import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source', 'module', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'import', 'default'] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // The SDK catalogue's words for failures, as the CLI and the web app give them (src/internal/errorMessage.ts).
    setupFiles: ['./test/errorWords.ts'],
    // The machines' coverage table of the model-based tests (src/qa/test/modelPaths.ts).
    globalSetup: ['src/qa/test/coverageSetup.ts'],
    // Test files share a worker's loaded modules: core's tests are pure (rules and machines, no module state
    // but the error words the setup file sets, the same for all), and importing xstate, the SDK's catalogue and
    // core afresh for each of its hundred files took most of the run (200 s isolated, 30 s shared, loaded
    // machine).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
