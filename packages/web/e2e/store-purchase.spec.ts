import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '../../sdk/src/sandboxPayments';
import { expectAccessible } from './helpers';

/**
 * A purchase in the public gift store (issue 24), end to end on the real server: the demo store's first card with
 * stock into the cart, the checkout's two steps, the sandbox provider's hosted page on its own origin (the test
 * card that pays, after the pay button's 5 s), and the store's confirmation polling the signed return until the
 * card is issued. The card is read through the store's API first: the test follows what the store sells, never a
 * day's prices or stock.
 */

const SLUG = 'harbour-view';

type Sold = { id: string | number; title: string; stock: number };

/** The store's first card with stock, once the demo world's store is filled (the server fills it after it starts). */
async function firstCardWithStock(request: APIRequestContext) {
  let card: Sold | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/gift_cards_store/${SLUG}`);
        if (response.status() !== 200) return false;
        card = ((await response.json()) as { types: Sold[] }).types.find((t) => t.stock > 0);
        return card !== undefined;
      },
      { message: 'the demo store sells a card with stock', timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  return { id: String(card!.id), title: card!.title };
}

/** Says no to analytics if the store asks (its banner would sit over the page's buttons). */
async function declineTracking(page: Page) {
  const banner = page.locator('.store-consent button').first();
  if (await banner.isVisible().catch(() => false)) await banner.click();
}

test('a visitor buys a gift card: cart, checkout, the provider’s page, and the issued card on the confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const card = await firstCardWithStock(request);

  await page.goto(`/${SLUG}/${card.id}?locale=en`);
  await declineTracking(page);
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto(`/${SLUG}/cart?locale=en`);
  await expect(page.getByText(/^Total: .*\d/).last()).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();

  // Step 1: the recipient, by e-mail.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const recipient = page.getByRole('group', { name: `Card 1 of 1: ${card.title}` });
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await expect(recipient.getByText('Required').first()).toBeVisible();
  await expectAccessible(page, 'checkout, recipients with errors');
  await recipient.getByLabel('Recipient’s name').fill('Anna Jónsdóttir');
  await recipient.getByLabel('Recipient’s e-mail').fill('anna@example.is');
  await page.getByRole('button', { name: 'Continue to payment details' }).click();

  // Step 2: the payer and the terms (when the store has them).
  const payer = page.getByRole('group', { name: 'Your details' });
  await expect(payer).toBeVisible();
  await payer.getByLabel('First name').fill('Ana');
  await payer.getByLabel('Last name').fill('Silva');
  await payer.getByLabel('Address', { exact: true }).fill('Rua Augusta 1, Lisboa');
  await payer.getByLabel('Phone', { exact: true }).fill('912345678');
  await payer.getByLabel('E-mail').fill('ana@example.pt');
  await expectAccessible(page, 'checkout, payer');
  const terms = page.getByRole('checkbox', { name: 'I accept the terms and conditions' });
  if (await terms.isVisible()) await terms.check();
  const storeOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Go to payment' }).click();

  // The provider's hosted page, on its own origin.
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toMatch(/\/pay\/[^/]+$/);
  expect(new URL(page.url()).origin).not.toBe(storeOrigin);
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeDisabled();
  await page.getByLabel('Card number').fill(SANDBOX_CARDS.pays);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption('2033');
  await page.getByLabel('CVC').fill('123');
  await expectAccessible(page, 'payment page');
  await expect(pay).toBeEnabled({ timeout: 10_000 });
  await pay.click();

  // Back in the store: the confirmation polls the signed return until the card is issued.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/confirmation\\?`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible({
    timeout: 30_000,
  });
  const issued = page.getByRole('heading', { level: 3, name: card.title }).locator('xpath=..');
  await expect(issued.getByText('Anna Jónsdóttir')).toBeVisible();
  await expect(issued.getByText('By e-mail')).toBeVisible();
  await expect(issued.locator('dd').first()).toHaveText(/\S+/);
  await expect(page.getByText(/^Reference number: \S+/)).toBeVisible();
  await expectAccessible(page, 'confirmation');
  await expect(page.getByRole('link', { name: /^Cart, 0 cards$/ })).toBeVisible();
});
