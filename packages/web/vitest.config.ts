import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { translatorAliases, workspaceSources } from './vite.config';

/**
 * Test files that need a module world of their own. The others share one per worker (`isolate: false`): each
 * file importing the app's modules afresh cost two seconds a file, a third of the project's time. These read
 * what the whole process shares — the QA Live panel lists every actor reporting on Node's `tern-machines`
 * channel, so another file's actor still running would show in its empty state — and run in the project of
 * `vitest.isolated.config.ts`, one fresh world a file as usual.
 */
export const isolatedFiles = ['src/features/qa/LivePanel.test.tsx'];

export default defineConfig({
  plugins: [react()],
  // The same resolution as the app's build: our packages' sources, 'react-i18next' and 'i18next' to Tern's translator
  // (and the fixtures' test tools, `@tern/fixtures/importCycles`).
  resolve: {
    alias: [...workspaceSources(['@tern/core', '@tern/sdk', '@tern/fixtures']), ...translatorAliases],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, 'e2e/**', 'dist/**', ...isolatedFiles],
    // Modules (React, react-aria, the app's screens) are loaded once per worker; test/setup.ts clears what a test
    // leaves behind (the DOM, storage, cookies, toasts) after each test.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
