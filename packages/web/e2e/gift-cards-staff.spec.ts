import { expect, test } from '@playwright/test';
import { createNoPropertyType, publishType } from './giftCards';
import { demo, signIn } from './helpers';

// The gift card screens as staff: staff@ is a plain user of Harbour View. They create and publish a
// no-property type, open its PDF tab, issue a card and mark it used on the orders page, open the liability
// ledger and the gift card stores' settings.

test('staff create and publish a gift card type, open its PDF tab, mark a card used, read the ledger and stores', async ({
  page,
}) => {
  test.slow();
  const title = `Staff spa ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, demo('staff'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.getByRole('link', { name: 'Gift cards' }).first().click();
  await expect(page.getByRole('heading', { name: 'Gift cards', level: 1 })).toBeVisible();

  await createNoPropertyType(page, { title, price: 90, stock: 3, description: 'A night and the spa' });

  await page.getByRole('tab', { name: 'Created' }).click();
  await publishType(page, title);

  // The PDF tab opens in the type's drawer.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit gift card type' });
  await edit.getByRole('tab', { name: 'PDF' }).click();
  await expect(edit.getByRole('tab', { name: 'PDF' })).toHaveAttribute('aria-selected', 'true');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: `Issue cards of ${title}` }).click();
  const issue = page.getByRole('dialog', { name: 'Issue gift cards' });
  await issue.getByRole('textbox', { name: 'Buyer name' }).fill('Staff Buyer');
  await issue.getByRole('textbox', { name: 'Buyer e-mail' }).fill('buyer@example.com');
  await issue.getByRole('textbox', { name: /Paste recipients/ }).fill('Sigga Jons\tsigga@example.com');
  await issue.getByRole('button', { name: 'Fill recipients' }).click();
  const issued = page.waitForResponse(
    (r) => r.url().includes('/issue_cards') && r.request().method() === 'POST',
  );
  await issue.getByRole('button', { name: 'Issue' }).click();
  const wire = (await (await issued).json()) as { cards: { generated_id: string }[] };
  const code = wire.cards[0]!.generated_id;

  await page.goto('/orders');
  await page.getByRole('searchbox', { name: /Search code/ }).fill(code);
  const table = page.getByRole('grid', { name: 'Issued gift cards' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  await page.getByRole('menuitem', { name: 'Mark used' }).click();
  const used = page.getByRole('alertdialog', { name: `Mark ${code} used` });
  await used.getByRole('textbox', { name: /Note/ }).fill('Redeemed by staff');
  await used.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Gift card ${code} marked used.`)).toBeVisible();

  const ledger = page.waitForResponse((r) => r.url().includes('/gift_cards/liability'));
  await page.getByRole('button', { name: 'Liability ledger' }).click();
  expect((await ledger).status()).toBe(200);
  await expect(page.getByRole('img', { name: /Gift card liability by month in/ })).toBeVisible();

  await page.goto('/settings/stores');
  await expect(page.getByRole('heading', { name: 'Gift card stores', level: 1 })).toBeVisible();
});
