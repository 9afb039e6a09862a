import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  // Workspace packages export their TypeScript sources under the `source` condition.
  resolve: { conditions: ['source', ...defaultClientConditions] },
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
