import { expect, test } from '@playwright/test';
import { demo, nextMail, outbox, signIn } from './helpers';

test('a guarded page opened signed out bounces to /login and comes back after signing in', async ({
  page,
}) => {
  await page.goto('/profile?tab=details');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%3Ftab%3Ddetails$/);
  await expect(page).toHaveTitle('Sign in · Tern');
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/profile\?tab=details$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('a signed-in user on /login goes to /bookings, and the session survives a reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('hotelier2'));
  await expect(page).toHaveURL(/\/bookings$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/bookings$/);
});

test('a reseller opening supplier-only pages is sent home, and admin pages to bookings', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/bookings$/);
  for (const path of ['/inventory', '/settings/policies']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Where to next?', level: 1 })).toBeVisible();
  }
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  // (An unknown settings page opens the default one for a signed-in supplier: core's route table.)
  await page.goto('/settings/no/where');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('404 · Tern');
});

test('the address of a store that does not exist goes to the default route', async ({ page }) => {
  await page.goto('/some-store');
  await expect(page).not.toHaveURL(/some-store/);
});

test('a wrong password shows the server’s message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('agent2'), 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('You could not be signed in');
  await expect(alert).toContainText('The e-mail or password is not right');
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields show the rule messages on the fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page.getByText('Required')).toHaveCount(2);
});

test('an expired session (its timer) sends the user to /login and back after signing in', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/bookings$/);
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.clock.fastForward('12:00:30');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile&reason=expired$/);
  await expect(page.getByText('Your session has expired. Sign in again to continue.')).toBeVisible();
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/profile$/);
});

test('a 440 from the API sends the user to /login and back after signing in', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings$/);
  await page.route('**/api/v1/users/me', (route) =>
    route.fulfill({ status: 440, json: { message: 'Your session has expired', code: 'session_expired' } }),
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile&reason=expired$/);
  await page.unroute('**/api/v1/users/me');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('the one-time code step: read the code from the outbox, ask for a new one, sign in', async ({
  page,
  request,
}) => {
  const to = demo('otp');
  const before = (await outbox(request, to, 'otp_code')).length;
  await page.goto('/login');
  await signIn(page, to);
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await nextMail(request, to, 'otp_code', before);

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  const mail = await nextMail(request, to, 'otp_code', before + 1);
  const code = /\b(\d{6})\b/.exec(mail.attributes.text)?.[1];
  expect(code).toBeTruthy();

  await page.getByRole('textbox', { name: /^Code/ }).fill(code!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/bookings$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'tern_device')?.value).toBeTruthy();
});
