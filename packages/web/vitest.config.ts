import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { translatorAliases, workspaceSources } from './vite.config';

export default defineConfig({
  plugins: [react()],
  // The same resolution as the app's build: our packages' sources, 'react-i18next' and 'i18next' to Tern's translator.
  resolve: { alias: [...workspaceSources(), ...translatorAliases] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
