import { expect, test } from '@playwright/test';
import { demo, openUserMenu, signIn } from './helpers';

// The payment lock (document 1 §6, §7, §8; document 3 §10): an agency whose subscription is unpaid sees the
// banner instead of its bookings, the billing entry says a payment method is missing, and paying in the
// (simulated) customer portal opens everything again.

test('a locked agency pays in the billing portal and gets its bookings back', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('locked'));
  await expect(page).toHaveURL(/\/bookings/);
  const banner = page.getByRole('alert').filter({ hasText: 'Locked for card payments' });
  await expect(banner).toBeVisible();
  await expect(page.getByText(/the bookings list is closed/)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Bookings' })).toHaveCount(0);

  // The account menu and its billing entry say a payment method is missing.
  await expect(page.getByRole('button', { name: /a payment method is missing/ })).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(
    menu.getByRole('menuitem', { name: /Billing/ }).getByRole('img', { name: 'A payment method is missing' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Its stay search is closed too, and says why next to the banner (no "Try again" that fails the same way).
  const checkin = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(
    `/search?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0&city=Oslo`,
  );
  await expect(
    page.getByRole('heading', { name: 'Search is closed while the account is locked' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.goto('/bookings');
  await expect(banner).toBeVisible();

  // The portal opens in a new tab; paying there unlocks the agency.
  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    banner.getByRole('button', { name: 'Open the billing portal' }).click(),
  ]);
  await portal.waitForLoadState();
  await expect(portal.getByRole('heading', { name: /Billing for Polar Trips/ })).toBeVisible();
  await portal.getByRole('button', { name: 'Add a card and pay the subscription' }).click();
  await expect(portal.getByText('Polar Trips is paid up and unlocked')).toBeVisible();
  await portal.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Locked for card payments' })).toHaveCount(0);
  await expect(page.getByText(/the bookings list is closed/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /a payment method is missing/ })).toHaveCount(0);

  // And the search finds stays again.
  await page.goto(
    `/search?type=accommodation&currency=USD&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0&city=Oslo`,
  );
  await expect(
    page.getByRole('heading', { name: 'Search is closed while the account is locked' }),
  ).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
});
