import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Storefront } from '@tern/sdk';
import { test } from './fixtures';
import { expectAccessible } from './helpers';

/**
 * The public gift store's browsing (issue 24): its own page (store.html) at `/{slug}`, the store page, a card's
 * page, adding to the cart and its drawer, the cart page, a language switch and the terms, an accessibility scan
 * of each page, and the same walk on a phone. The demo world's store (`harbour-view`, its types made by the
 * server's --demo start) is read through the store's own API first: the test follows whatever it sells, never a
 * day's prices or stock.
 */

const SLUG = 'harbour-view';

async function storefront(request: APIRequestContext): Promise<Storefront> {
  const response = await request.get(`/api/v1/gift_cards_store/${SLUG}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  // The wire is snake_case; the few fields the test reads are named here.
  const settings = body.settings as Record<string, string>;
  const types = (body.types as Record<string, unknown>[]).map((t) => ({
    id: String(t.id),
    title: String(t.title),
    stock: Number(t.stock),
  }));
  return {
    settings: { bannerTitle: settings.banner_title, termsAndConditions: settings.terms_and_conditions },
    types,
  } as unknown as Storefront;
}

async function browse(page: Page, request: APIRequestContext) {
  // The server fills the demo store after it starts: wait for a card to sell.
  await expect
    .poll(async () => (await storefront(request)).types.filter((t) => t.stock > 0).length, {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);
  const store = await storefront(request);
  const [first] = store.types.filter((t) => t.stock > 0);
  expect(first, 'the demo store sells a card with stock').toBeTruthy();

  await page.goto(`/${SLUG}?locale=en`);
  await expect(page).toHaveTitle('Gift cards');
  await expect(page.getByRole('heading', { level: 1, name: store.settings.bannerTitle })).toBeVisible();
  const list = page.getByRole('list', { name: 'Gift cards' });
  for (const type of store.types) await expect(list.getByRole('link', { name: type.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Use gift card' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 cards' })).toBeVisible();
  await expectAccessible(page, 'store page');

  // The title search keeps the matching cards only.
  await page.getByLabel('Search gift cards by title').fill(first!.title);
  await expect(list.getByRole('link', { name: first!.title })).toBeVisible();
  await page.getByLabel('Search gift cards by title').fill('no card has this title');
  await expect(page.getByText('No gift card matches “no card has this title”.')).toBeVisible();
  await page.getByLabel('Search gift cards by title').fill('');

  // A card's page: add one to the cart; the drawer says so and the nav counts it.
  await list.getByRole('link', { name: first!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/${first!.id}\\?locale=en$`));
  await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  await expectAccessible(page, 'card page');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('complementary', { name: 'Added to your cart' });
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 card' })).toBeVisible();
  await expectAccessible(page, 'card page with the drawer');

  // The cart page: the line, the server's total, one more of it, the promo box.
  await drawer.getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: first!.title })).toBeVisible();
  await expect(page.locator('.store-total').getByText(/^Total: .*\d/)).toBeVisible();
  if (first!.stock > 1) {
    await page.getByRole('button', { name: `One more ${first!.title}` }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 cards' })).toBeVisible();
  }
  await page.getByLabel('Promo code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code is not valid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
    'href',
    `/${SLUG}/checkout?locale=en`,
  );
  await expectAccessible(page, 'cart page');

  // Another language, kept from page to page: the cart in Icelandic, then the terms.
  await page.getByLabel('Language').selectOption('is');
  await expect(page.getByRole('heading', { level: 1, name: 'Karfa' })).toBeVisible();
  await expect(page).toHaveURL(/locale=is/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await page.getByRole('link', { name: 'Skilmálar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skilmálar' })).toBeVisible();
  for (const line of store.settings.termsAndConditions.split('\n').filter((l) => l.trim()))
    await expect(page.getByText(line.trim(), { exact: true })).toBeVisible();
  await expectAccessible(page, 'terms page');

  // The cart is the browser's: a new visit finds it.
  await page.goto(`/${SLUG}/cart?locale=en`);
  await expect(page.getByRole('link', { name: first!.title })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${first!.title}` }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 cards' })).toBeVisible();
}

test.describe.configure({ timeout: 180_000 });

test('a visitor browses the store, fills the cart and reads the terms in another language', async ({
  page,
  request,
}) => {
  await browse(page, request);
});

test('the same on a phone', async ({ browser, request }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await browse(page, request);
  await context.close();
});

test('an unknown card says so and goes back to the store; the legacy address shows the same store', async ({
  page,
}) => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-card']) {
    await page.goto(`/${SLUG}/${id}?locale=en`);
    await expect(page.getByText('Gift certificate not found!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?locale=en$`), { timeout: 10_000 });
  }
  await page.goto(`/giftcards/store/${SLUG}/terms?locale=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByRole('link', { name: /store home/ })).toHaveAttribute(
    'href',
    `/giftcards/store/${SLUG}?locale=en`,
  );
});
