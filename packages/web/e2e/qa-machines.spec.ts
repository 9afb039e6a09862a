import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers';

// The QA machine visualizer (issue 13): an admin opens /qa/machines, finds the checkout machine, and reads its
// statechart laid out by ELK in the page's worker; the states take focus and the arrow keys move between them.

test('an admin opens the machine visualizer and reads the checkout machine', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('admin'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto('/qa/machines');
  await expect(page.getByRole('heading', { name: 'State machines', level: 1 })).toBeVisible();

  const list = page.getByRole('listbox', { name: 'Machines' });
  await expect(list.getByRole('option', { name: /^sessionMachine/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a machine' }).fill('checkout');
  await list.getByRole('option', { name: /^checkoutMachine/ }).click();

  const chart = page.getByRole('group', { name: 'Statechart of checkoutMachine' });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  for (const state of ['filling', 'awaitingCard', 'submitting', 'confirmed']) {
    await expect(chart.locator(`[data-state="checkout.${state}"]`)).toBeVisible();
  }
  await expect(chart.getByRole('button', { name: 'Final state confirmed' })).toBeVisible();
  expect(await chart.locator('[data-transition]').count()).toBeGreaterThan(3);

  // Keyboard: a state takes focus and an arrow key moves to another.
  const filling = chart.locator('[data-state="checkout.filling"]');
  await filling.focus();
  await page.keyboard.press('ArrowDown');
  await expect(filling).not.toBeFocused();
  await expect(chart.locator('[data-state]:focus')).toHaveCount(1);

  // Zoom and the Mermaid export.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText('Zoom 125 %')).toBeVisible();
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('checkout.svg');
  const mermaid = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  expect((await mermaid).suggestedFilename()).toBe('checkout.mmd');
});

test('a reseller is kept out of the machine visualizer', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/qa/machines');
  await expect(page).not.toHaveURL(/\/qa\/machines/);
});
