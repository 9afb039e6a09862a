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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
