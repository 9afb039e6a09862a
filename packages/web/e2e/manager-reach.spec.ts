import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { apiToken } from './booking';
import { test } from './fixtures';
import { demo, outbox, signIn } from './helpers';

// In the browser: a manager's user drawer and row actions offer only what the server allows
// (core's `userActions`, sent as each user's `may`), and a password someone else set is one-time — its user
// lands on the change-password page.

async function desk(browser: Browser, email: string, password?: string, lands = /\/bookings/): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(lands);
  return page;
}

/** A property's id, from the admin's list. */
async function propertyOf(request: APIRequestContext, token: string, name: string): Promise<string> {
  const reply = await request.get(`/api/v1/tern_hotels/admin_tern_hotels?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(reply.ok()).toBe(true);
  const rows = (await reply.json()) as { data: { id: string; attributes: { name: string } }[] };
  return rows.data.find((p) => p.attributes.name === name)!.id;
}

/** A user the admin adds with these rows; their password is the admin's choice, so it is one-time. */
async function addUser(
  request: APIRequestContext,
  token: string,
  email: string,
  rows: { tern_hotel_id: string; role: 'manager' | 'user' }[],
) {
  const reply = await request.post('/api/v1/tern_hotels/admin_users', {
    data: {
      email,
      name: email.split('@')[0],
      password: 'given-by-admin',
      confirm_password: 'given-by-admin',
      tern_hotel_users_attributes: rows,
    },
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(reply.ok()).toBe(true);
}

test('a manager is offered no password, block or rename of a user who also manages another company’s hotel', async ({
  browser,
  request,
}) => {
  test.slow();
  const admin = await apiToken(request, 'admin');
  const harbour = await propertyOf(request, admin, 'Harbour View Hotel');
  const alfama = await propertyOf(request, admin, 'Casa do Alfama');
  const email = `double.${Date.now()}@example.com`;
  const name = email.split('@')[0]!;
  await addUser(request, admin, email, [
    { tern_hotel_id: harbour, role: 'user' },
    { tern_hotel_id: alfama, role: 'manager' },
  ]);

  const hotelier = await desk(browser, demo('hotelier'));
  await hotelier.goto('/settings/admin');
  await expect(hotelier.getByRole('heading', { name: 'Users of this property', level: 1 })).toBeVisible();
  await hotelier.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = hotelier.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  // Only her company's hotel is shown.
  await expect(row).toContainText('Harbour View Hotel');
  await expect(row).not.toContainText('Casa do Alfama');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = hotelier.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Send a reset e-mail' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Edit' }).click();

  const drawer = hotelier.getByRole('dialog', { name: 'Edit user' });
  await expect(
    drawer.getByText(/Only an admin may change this user’s name, status or password/),
  ).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Name', exact: true })).not.toBeEditable();
  await expect(drawer.getByRole('checkbox', { name: 'Send booking notification e-mails' })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Add property' })).toHaveCount(0);
  // Removing the user from her property stays hers.
  await expect(drawer.getByRole('button', { name: 'Remove property 1' })).toBeEnabled();
  await drawer.getByRole('button', { name: 'Cancel' }).click();

  // Staff work only at her hotel: every action is offered.
  await hotelier.getByRole('searchbox', { name: 'Search users' }).fill(demo('staff'));
  const staffRow = hotelier.getByRole('row', { name: new RegExp(demo('staff').replace(/\./g, '\\.')) });
  await staffRow.getByRole('button', { name: /^Actions for / }).click();
  await expect(hotelier.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await expect(hotelier.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  // A reset e-mail (the user chooses the password) is offered before a password chosen for them.
  const before = (await outbox(request, demo('staff'), 'password_reset')).length;
  await hotelier.getByRole('menuitem', { name: 'Send a reset e-mail' }).click();
  await expect(
    hotelier.getByText(`A link to choose a new password was sent to ${demo('staff')}`),
  ).toBeVisible();
  expect(await outbox(request, demo('staff'), 'password_reset')).toHaveLength(before + 1);
});

test('a password the admin set works once: its user lands on the change-password page and chooses their own', async ({
  browser,
  request,
}) => {
  test.slow();
  const admin = await apiToken(request, 'admin');
  const harbour = await propertyOf(request, admin, 'Harbour View Hotel');
  const email = `one.time.${Date.now()}@example.com`;
  await addUser(request, admin, email, [{ tern_hotel_id: harbour, role: 'user' }]);

  const page = await desk(browser, email, 'given-by-admin', /\/changePassword$/);
  await expect(page.getByText(/Your password was set by an admin or manager and works once/)).toBeVisible();
  // Nothing else opens until it is changed.
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/changePassword$/);
  await page.getByLabel('Current password', { exact: true }).fill('given-by-admin');
  await page.getByLabel('New password', { exact: true }).fill('my-own-pass');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('my-own-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  // Two scrypt runs at the server's full cost (the old password checked, the new one hashed): seconds on a busy machine.
  await expect(page.getByText('Your password is changed')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('link', { name: 'Go to bookings', exact: true }).click();
  await expect(page).toHaveURL(/\/bookings/);
});
