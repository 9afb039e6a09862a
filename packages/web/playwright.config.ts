import { defineConfig, devices } from '@playwright/test';

/** The test server's port: `TERN_E2E_PORT` lets two checkouts run their browser tests at once. */
const PORT = Number(process.env.TERN_E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${PORT}`;
/** Where `e2e/qa-machines.spec.ts` serves a `tern --inspect` WebSocket (the app's CSP lets the page connect). */
export const INSPECT_PORT = PORT + 5;

/** Debian's chromium (never a downloaded browser), with the flags TOOLCHAIN.md lists. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Browser tests against the real server on a throwaway database with the demo world, in sandbox mode (the specs
 * read the outbox), serving the built app (`npx vite build` first). `scripts/test-all.mjs` adds `--reporter=list,json` and reads the JSON report.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Some flows take full-page screenshots at two widths on the way (UI.md): on a busy 2-core machine they
  // pass 30 s, so a test gets a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    // CI keeps only the log of a failed run, never its files: there, no trace. Playwright's trace snapshots the
    // page's DOM at every action and screencasts as the test runs, a cost on two shared cores (docs/testing.md).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['**/reset.spec.ts', '**/inventory-month-load.spec.ts'],
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: chromiumLaunch,
      },
    },
    {
      // Changes a demo password: after every other spec, so no signed-in test loses its session.
      name: 'chromium-after-all',
      testMatch: '**/reset.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], headless: true, launchOptions: chromiumLaunch },
    },
    {
      // A measure (the inventory calendar's month load, issue 11), not a check: alone at the end, when no other
      // spec's browser shares the two cores with the page it times.
      name: 'chromium-measures',
      testMatch: '**/inventory-month-load.spec.ts',
      dependencies: ['chromium-after-all'],
      use: { ...devices['Desktop Chrome'], headless: true, launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    command: `node --conditions=source --import tsx ../server/src/main.ts --port ${PORT} --data :memory: --demo --sandbox --web-dist dist`,
    url: `${baseURL}/api/v1/health`,
    // The QA visualizer's Live test reaches a `tern --inspect` socket on this port (docs/qa.md). Passwords are
    // hashed at scrypt's 2^10 as in the server's and the CLI's tests: at the default 2^17 each of the specs'
    // sign-ins (and each demo login seeded at start) costs half a second of a core and 128 MiB.
    env: {
      ...process.env,
      TERN_CSP_CONNECT_ORIGINS: `ws://127.0.0.1:${INSPECT_PORT}`,
      TERN_PASSWORD_COST: '10',
    } as Record<string, string>,
    reuseExistingServer: false,
    // The health check answers once the demo's samples (bookings, the store's types and cards) are made through
    // the API: on a loaded machine that start takes more than a minute.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
