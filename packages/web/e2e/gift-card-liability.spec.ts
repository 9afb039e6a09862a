import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';

// The liability ledger on the orders page (beyond the documents) against the real server: loaded on
// request, a chart named for screen readers and the same months as a table (in the accessibility tree even while
// hidden, shown on request); a card without a booking offers no "Show booking".

test('a hotelier opens the liability ledger: the chart and its table of the last 12 months', async ({
  page,
}) => {
  test.slow();
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Gift card orders', level: 1 })).toBeVisible();
  const ledger = page.waitForResponse((r) => r.url().includes('/gift_cards/liability'));
  const toggle = page.getByRole('button', { name: 'Liability ledger' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  expect((await ledger).status()).toBe(200);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('img', { name: /Gift card liability by month in/ })).toBeVisible();
  const table = page.getByRole('table', { name: 'Gift card liability by month' });
  // 12 months and the header row, read by a screen reader before the table is shown.
  await expect(table.getByRole('row')).toHaveCount(13);
  const box = table.locator('xpath=..');
  expect((await box.boundingBox())!.width).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Show the table' }).click();
  await expect.poll(async () => (await box.boundingBox())!.width).toBeGreaterThan(100);
  await expect(page.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');

  // Six months asked again.
  const six = page.waitForResponse((r) => r.url().includes('/gift_cards/liability'));
  await page.getByRole('button', { name: /Months/ }).click();
  await page.getByRole('option', { name: 'Last 6 months' }).click();
  expect((await six).status()).toBe(200);
  await expect(table.getByRole('row')).toHaveCount(7);
});
