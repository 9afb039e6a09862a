import { expect, test } from '@playwright/test';
import { demo, nextMail, outbox, signIn } from './helpers';

// The demo store from the back office (issue 24, S5) against the real server started with --demo: the
// hotelier's Store entry opens the public store in a new tab with the types the start made; on the orders page
// a card given away is sent by e-mail again — its mail with the PDF lands in the outbox — and its details drawer
// shows the ask and the mail in its history.

test('a hotelier opens the store from the navigation, sends a card again and reads its history', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings/);

  const opened = context.waitForEvent('page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
  const store = await opened;
  await store.waitForLoadState();
  expect(new URL(store.url()).pathname).toBe('/harbour-view');
  await expect(store.getByRole('link', { name: 'A night by the Old Harbour' })).toBeVisible();
  await expect(store.getByRole('link', { name: 'Harbour and spa escape' })).toBeVisible();
  await store.close();

  const to = 'emma@demo-guest.example';
  const before = (await outbox(request, to, 'gift_card')).length;
  await page.goto('/orders');
  await page.getByRole('searchbox', { name: /Search code/ }).fill('Emma');
  const table = page.getByRole('grid', { name: 'Issued gift cards' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const code = (await table.getByRole('rowheader').first().textContent())!.trim();
  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Send by e-mail' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Send ${code} by e-mail?` });
  await expect(dialog.getByText(`mailed to Emma Larsen at ${to}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Gift card ${code} is being sent by e-mail.`)).toBeVisible();
  const mail = await nextMail(request, to, 'gift_card', before);
  expect(mail.attributes.text).toContain(code);

  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Details' }).click();
  const drawer = page.getByRole('dialog', { name: `Gift card ${code}` });
  const history = drawer.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText(`Sent by e-mail to ${to} · Tern`);
  await expect(history.getByRole('listitem').nth(1)).toContainText('Sending by e-mail asked · Helga');
});
