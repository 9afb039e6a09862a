import { defineConfig } from 'vitest/config';
import shared, { isolatedFiles } from './vitest.config';

/** The web tests that need a module world of their own (`isolatedFiles`), each file in a fresh one. */
export default defineConfig({
  ...shared,
  test: { ...shared.test, name: 'web (isolated)', include: isolatedFiles, exclude: [], isolate: true },
});
