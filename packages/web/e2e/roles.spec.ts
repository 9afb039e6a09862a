import { expect, test } from '@playwright/test';
import { demo, openUserMenu, signIn } from './helpers';

const people = [
  { login: 'admin', role: 'admin' },
  { login: 'agent', role: 'reseller' },
  { login: 'agent2', role: 'reseller' },
  { login: 'hotelier', role: 'supplier' },
  { login: 'hotelier2', role: 'supplier' },
  { login: 'staff', role: 'supplier' },
] as const;

for (const { login, role } of people) {
  test(`${login} (${role}) signs in and lands on bookings with the ${role} navigation`, async ({
    page,
  }, info) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    await signIn(page, demo(login));
    if (role === 'reseller') {
      // `/` is the reseller's home with the main search form (DECISIONS 6); the others go on to bookings.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Where to next?', level: 1 })).toBeVisible();
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expect(links).toHaveText(['Stays', 'Cars', 'Bookings', 'Contracts']);
      await expect(links.filter({ hasText: 'Stays' })).toHaveAttribute('aria-current', 'page');
      await links.getByText('Bookings').click();
    }
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Bookings · Tern');
    // Other specs book on the same server: the list shows bookings, or says there are none.
    await expect(
      page
        .getByRole('grid', { name: 'Bookings' })
        .or(page.getByRole('heading', { name: 'No bookings to show yet' })),
    ).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
    const switcher = page.getByRole('button', { name: /Property/ });
    if (role === 'reseller') await expect(switcher).toHaveCount(0);
    if (role === 'supplier') await expect(switcher).toBeVisible();

    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(
      role === 'admin'
        ? [
            'Settings',
            'Admin',
            'Profile',
            'Change password',
            'Cookies',
            'Help portal (opens in a new tab)',
            'Sign out',
          ]
        : [
            ...(role === 'reseller' ? ['API keys'] : ['Settings']),
            'Billing (opens in a new tab)',
            'Profile',
            'Change password',
            'Cookies',
            'Help portal (opens in a new tab)',
            'Sign out',
          ],
    );
    await page.screenshot({ path: info.outputPath(`${login}-bookings-desktop.png`), fullPage: true });
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(demo(login), { exact: true })).toBeVisible();
  });
}

test('a supplier on a phone uses the navigation drawer', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.screenshot({ path: info.outputPath('login-phone.png'), fullPage: true });
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: /Property/ })).toBeVisible();
  await page.screenshot({ path: info.outputPath('drawer-phone.png'), fullPage: true });
  await drawer.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(drawer).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('profile-phone.png'), fullPage: true });
});

test('a supplier switches property and the choice is remembered after a reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings$/);
  const switcher = page.getByRole('button', { name: /Property/ });
  const first = (await switcher.textContent())?.trim();
  await switcher.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const other = options.filter({ hasNotText: first ?? '' }).first();
  const otherName = (await other.textContent())?.trim() ?? '';
  await other.click();
  await expect(switcher).toContainText(otherName);
  await page.reload();
  await expect(page.getByRole('button', { name: /Property/ })).toContainText(otherName);
});
