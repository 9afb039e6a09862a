// What other packages' tests (the CLI's) take from the server's test helpers: a database for a test server, opened
// from this run's dumps (globalSetup.ts) when they fit. Source only (`@tern/server/testing`), never built.
export { TEST_PASSWORD_COST, testDayShiftMs } from './server.js';
export { templateFiles } from './templates.js';
export { openTestDbFrom } from './testDb.js';
