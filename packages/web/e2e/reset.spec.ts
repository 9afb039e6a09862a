import { expect, test } from '@playwright/test';
import { demo, nextMail, outbox, PASSWORD, signIn, signOut } from './helpers';

// Changes a demo password (and puts it back): runs after every other spec (project "after-all").
test.describe.configure({ mode: 'serial' });

const login = demo('hotelier2');
const NEW_PASSWORD = 'fresh-password-2';

test('forgot password → e-mail → reset link → new password → sign in with it', async ({ page, request }) => {
  const before = (await outbox(request, login, 'password_reset')).length;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(login);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();

  const mail = await nextMail(request, login, 'password_reset', before);
  const link = /https?:\/\/\S+\/verify_reset_password_email\?token=\S+/.exec(mail.attributes.text)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);
  await page.goto(`${pathname}${search}`);
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();

  await signOut(page);
  await signIn(page, login, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is not right');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/bookings$/);

  // Put the demo password back, through the ordinary change-password page.
  await page.goto('/changePassword');
  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
});

test('a used or unknown reset link is refused, with a way to ask for a new one', async ({ page }) => {
  await page.goto('/verify_reset_password_email?token=not-a-real-token');
  await expect(page).toHaveTitle('Token verification · Tern');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is invalid or has expired');
  await expect(page.getByRole('alert')).toContainText('Reset links work once');
  await expect(page.getByText(/invalid/i)).toHaveCount(1);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/login\?mode=forgot$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});
