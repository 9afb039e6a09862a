import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { workspaceSources } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceSources() },
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
