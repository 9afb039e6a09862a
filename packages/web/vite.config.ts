import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type ProxyOptions } from 'vite';
import { ariaLocalesOnly } from './vite/ariaLocales.ts';

/** The API the dev server forwards to (`npm run serve` at the repository root listens on 4000). */
const api = process.env.TERN_API_PROXY ?? 'http://127.0.0.1:4000';

/**
 * `/verify_reset_password_email` is both a page of this app and an API call (docs/decisions.md): a browser
 * navigation gets the app, the SDK's JSON request goes on to the API.
 */
const pageOrApi: ProxyOptions = {
  target: api,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

/**
 * Workspace packages resolve to their TypeScript sources: each export's `source` entry of their
 * package.json. This is the `source` condition applied to our own packages only — as a global
 * `resolve.conditions` entry it would also pick the `source` exports of react-aria-components,
 * react-aria and @internationalized/*, which point at files those packages do not ship.
 */
export function workspaceSources(names: string[] = ['@tern/core', '@tern/sdk']): Alias[] {
  return names.flatMap((name) => {
    const dir = new URL(`../../node_modules/${name}/`, import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
      exports: Record<string, { source?: string }>;
    };
    return Object.entries(pkg.exports)
      .filter(([, target]) => typeof target === 'object' && target.source)
      .map(([sub, target]) => ({
        find: new RegExp(
          `^${name.replace('/', '\\/')}${sub === '.' ? '' : sub.slice(1).replace('/', '\\/')}$`,
        ),
        replacement: fileURLToPath(new URL(target.source!, dir)),
      }));
  });
}

/**
 * `i18next` and `react-i18next` resolve to Tern's own translator (`src/i18n/translator.ts`, `src/i18n/react.tsx`):
 * the part of their API the app uses, at a tenth of their 17 KB gzipped, which every page loaded first
 * (docs/decisions.md). The screens keep importing `useTranslation` from 'react-i18next'; tsconfig.json's
 * `paths` and the tests (vitest.config.ts) resolve the names the same way.
 */
export const translatorAliases: Alias[] = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/i18n/translator.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/i18n/react.tsx', import.meta.url)) },
];

export default defineConfig({
  plugins: [react(), ariaLocalesOnly()],
  resolve: { alias: [...workspaceSources(), ...translatorAliases] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': api,
      '/auth': api,
      '/photos': api,
      '/verify_reset_password_email': pageOrApi,
    },
  },
  build: {
    rolldownOptions: {
      // Core's and the SDK's modules only declare (rules, route tables, machines built by
      // `setup().createMachine()`, the contract's schemas): none does anything on import. Saying so lets a
      // chunk take only the parts it uses, not the whole barrel — the sign-in page needs neither the checkout
      // machine nor, before its first call, the SDK's contract (app/lazyClient.ts).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/](core|sdk)[\\/]src[\\/]/.test(id) },
      // What the entry imports statically goes out as one chunk (`shell`), not as the twenty small chunks
      // Rolldown cuts by which lazy chunks share a module: every page loads all of them anyway, and one file
      // compresses better (8 KB less gzipped on every page's first load).
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
            },
          ],
        },
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
