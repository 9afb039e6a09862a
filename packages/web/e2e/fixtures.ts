import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, closing after each test the browser contexts the test made itself (`browser.newContext()`,
 * `browser.newPage()`, a second person's desk): the runner closes only its own `context` fixture's, and the others'
 * pages — signed-in apps that poll and keep their sessions alive — stayed open in the worker's browser until the
 * worker ended (eleven pages in one admin.spec worker when a test timed out), on the two cores the later tests need.
 * Set up before the runner's own fixtures, so it closes them after the runner has taken a failed test's screenshots.
 */
export const test = base.extend<{ ownContextsClosed: undefined }>({
  ownContextsClosed: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const made = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(made.map((context) => context.close().catch(() => {})));
    },
    { auto: true },
  ],
});
