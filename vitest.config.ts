import { defineConfig } from 'vitest/config';

// One run over every package's tests (each package keeps its own config as a project).
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/sdk',
      'packages/server',
      'packages/cli',
      'packages/web/vitest.config.ts',
      'packages/web/vitest.isolated.config.ts',
      'fixtures',
    ],
  },
});
