import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';

/**
 * The app's Content-Security-Policy has no 'unsafe-eval' (docs/security.md). zod probes whether it may compile
 * code when a schema is built, unless it was told to run jitless first (app/zodConfig.ts, run by the entry): the
 * SDK's chunk builds every schema of the contract when it loads, on the sign-in page after it has drawn and on a
 * signed-in page at once.
 */
test('signing in and a cold load of the bookings list break no rule of the Content-Security-Policy', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The bookings list's call goes out through the SDK once its chunk has run (and built the contract's schemas).
  const listed = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'fetch' && /bookings/.test(new URL(response.url()).pathname),
  );
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await listed;
  await expect(page.getByRole('grid', { name: 'Bookings' })).toBeVisible();
  expect(violations).toEqual([]);
});
