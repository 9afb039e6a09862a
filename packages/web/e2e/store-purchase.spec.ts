import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '../../sdk/src/sandboxPayments';
import { de } from '../src/store/i18n/de';
import type { StoreMessages } from '../src/store/i18n/en';
import { is } from '../src/store/i18n/is';
import { apiToken } from './booking';
import { expectAccessible } from './helpers';

/**
 * Purchases in the public gift store (issue 24), end to end on the real server: the demo store's first card with
 * stock into the cart, the checkout's two steps, the sandbox provider's hosted page on its own origin (the test
 * card that pays, after the pay button's 5 s), and the store's confirmation polling the signed return until the
 * card is issued — in English on a desktop (with the accessibility scans), in Icelandic on a 390 px phone (the
 * browser's language) and in German on a desktop (`?locale=de`), each checking the pages' words and `<html lang>`.
 * Then the last card of a store sold to another cart meanwhile: the checkout is sent to the store, which says so.
 * The cards are read through the store's API first: the tests follow what the store sells, never a day's prices
 * or stock.
 */

const SLUG = 'harbour-view';

/** The words the walk reads and clicks, from a catalogue (en's are written out: en.ts imports core). */
interface Words {
  addToCart: string;
  cartTotal: string;
  checkout: string;
  checkoutTitle: string;
  cardLegend: string;
  recipientName: string;
  recipientEmail: string;
  next: string;
  payer: string;
  firstName: string;
  lastName: string;
  address: string;
  phone: string;
  payerEmail: string;
  terms: string;
  submit: string;
  payTo: string;
  pay: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
  thanks: string;
  byEmail: string;
  reference: string;
  cartCount: string;
}

const wordsOf = (c: StoreMessages): Words => ({
  addToCart: c.card.add_to_cart,
  cartTotal: c.cart.total,
  checkout: c.cart.checkout,
  checkoutTitle: c.checkout.title,
  cardLegend: c.checkout.card_legend,
  recipientName: c.checkout.name,
  recipientEmail: c.checkout.email,
  next: c.checkout.next,
  payer: c.checkout.payer,
  firstName: c.checkout.first_name,
  lastName: c.checkout.last_name,
  address: c.checkout.address,
  phone: c.checkout.phone,
  payerEmail: c.checkout.payer_email,
  terms: c.checkout.terms,
  submit: c.checkout.submit,
  payTo: c.payment.pay_to,
  pay: c.payment.pay,
  cardNumber: c.payment.card_number,
  expiryMonth: c.payment.expiry_month,
  expiryYear: c.payment.expiry_year,
  cvc: c.payment.cvc,
  thanks: c.confirmation.success_title,
  byEmail: c.checkout.delivery_email,
  reference: c.confirmation.reference,
  cartCount: c.nav.cart_count_other,
});

const EN: Words = {
  addToCart: 'Add to cart',
  cartTotal: 'Total',
  checkout: 'Checkout',
  checkoutTitle: 'Checkout',
  cardLegend: 'Card {{index}} of {{count}}: {{title}}',
  recipientName: 'Recipient’s name',
  recipientEmail: 'Recipient’s e-mail',
  next: 'Continue to payment details',
  payer: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  phone: 'Phone',
  payerEmail: 'E-mail',
  terms: 'I accept the terms and conditions',
  submit: 'Go to payment',
  payTo: 'Pay {{merchant}}',
  pay: 'Pay {{amount}}',
  cardNumber: 'Card number',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  cvc: 'CVC',
  thanks: 'Thank you for your purchase',
  byEmail: 'By e-mail',
  reference: 'Reference number: {{reference}}',
  cartCount: 'Cart, {{count}} cards',
};

/** A catalogue text with its values filled in. */
const fill = (words: string, values: Record<string, string | number>) =>
  words.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
/** A catalogue text as a pattern: each value any text. */
const pattern = (words: string) =>
  new RegExp(
    `^${words
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\S.*')}$`,
  );

type Sold = { id: string | number; title: string; stock: number };

/** The store's first card with stock to spare, once the demo world's store is filled (after the server starts). */
async function firstCardWithStock(request: APIRequestContext) {
  let card: Sold | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/gift_cards_store/${SLUG}`);
        if (response.status() !== 200) return false;
        card = ((await response.json()) as { types: Sold[] }).types.find((t) => t.stock > 3);
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

/** A card's page → the cart → the checkout's two steps filled (one card, by e-mail), in `w`'s words. */
async function cartToPayer(
  page: Page,
  w: Words,
  query: string,
  card: { id: string; title: string },
  scan = false,
  slug = SLUG,
) {
  await page.goto(`/${slug}/${card.id}${query}`);
  await declineTracking(page);
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  await page.getByRole('button', { name: w.addToCart }).click();
  await page.goto(`/${slug}/cart${query}`);
  await expect(page.getByText(pattern(`${w.cartTotal}: {{total}}`)).last()).toBeVisible();
  await page.getByRole('link', { name: w.checkout, exact: true }).click();

  // Step 1: the recipient, by e-mail.
  await expect(page.getByRole('heading', { level: 1, name: w.checkoutTitle })).toBeVisible();
  const recipient = page.getByRole('group', {
    name: fill(w.cardLegend, { index: 1, count: 1, title: card.title }),
  });
  if (scan) {
    await page.getByRole('button', { name: w.next }).click();
    await expect(recipient.getByText('Required').first()).toBeVisible();
    await expectAccessible(page, 'checkout, recipients with errors');
  }
  await recipient.getByLabel(w.recipientName).fill('Anna Jónsdóttir');
  await recipient.getByLabel(w.recipientEmail).fill('anna@example.is');
  await page.getByRole('button', { name: w.next }).click();

  // Step 2: the payer and the terms (when the store has them).
  const payer = page.getByRole('group', { name: w.payer });
  await expect(payer).toBeVisible();
  await payer.getByLabel(w.firstName).fill('Ana');
  await payer.getByLabel(w.lastName).fill('Silva');
  await payer.getByLabel(w.address, { exact: true }).fill('Rua Augusta 1, Lisboa');
  await payer.getByLabel(w.phone, { exact: true }).fill('912345678');
  await payer.getByLabel(w.payerEmail, { exact: true }).fill('ana@example.pt');
  if (scan) await expectAccessible(page, 'checkout, payer');
  const terms = page.getByRole('checkbox', { name: w.terms });
  if (await terms.isVisible()) await terms.check();
}

/**
 * The whole purchase of the store's first card with stock, in `w`'s words: the checkout, the provider's page on
 * its own origin, and the confirmation until the card is issued and the cart reads 0. `scan`: the accessibility
 * scans and the checks on the way that one run makes for all (the English one).
 */
async function buyFirstCard(page: Page, request: APIRequestContext, w: Words, query: string, scan = false) {
  const card = await firstCardWithStock(request);
  await cartToPayer(page, w, query, card, scan);
  const storeOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: w.submit }).click();

  // The provider's hosted page, on its own origin, in the store's language.
  await expect(page.getByRole('heading', { level: 1, name: pattern(w.payTo) })).toBeVisible({
    timeout: 20_000,
  });
  const pay = page.getByRole('button', { name: pattern(w.pay) });
  if (scan) {
    expect(page.url()).toMatch(/\/pay\/[^/]+$/);
    expect(new URL(page.url()).origin).not.toBe(storeOrigin);
    await expect(pay).toBeDisabled();
  }
  await page.getByLabel(w.cardNumber).fill(SANDBOX_CARDS.pays);
  await page.getByLabel(w.expiryMonth).selectOption('12');
  await page.getByLabel(w.expiryYear).selectOption('2033');
  await page.getByLabel(w.cvc).fill('123');
  if (scan) await expectAccessible(page, 'payment page');
  await expect(pay).toBeEnabled({ timeout: 10_000 });
  await pay.click();

  // Back in the store: the confirmation polls the signed return until the card is issued.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/confirmation\\?`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: w.thanks })).toBeVisible({ timeout: 30_000 });
  const issued = page.getByRole('heading', { level: 3, name: card.title }).locator('xpath=..');
  await expect(issued.getByText('Anna Jónsdóttir')).toBeVisible();
  await expect(issued.getByText(w.byEmail)).toBeVisible();
  await expect(issued.locator('dd').first()).toHaveText(/\S+/);
  await expect(page.getByText(pattern(w.reference))).toBeVisible();
  if (scan) await expectAccessible(page, 'confirmation');
  await expect(page.getByRole('link', { name: fill(w.cartCount, { count: 0 }) })).toBeVisible();
}

test('a visitor buys a gift card: cart, checkout, the provider’s page, and the issued card on the confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await buyFirstCard(page, request, EN, '?locale=en', true);
});

test.describe('on a 390 px phone in Icelandic (the browser’s language)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'is-IS' });
  test('the whole purchase reads Icelandic', async ({ page, request }) => {
    test.setTimeout(180_000);
    await buyFirstCard(page, request, wordsOf(is), '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  });
});

test.describe('on a desktop in German (?locale=de)', () => {
  // An English browser: the language is the address's, which the provider's return keeps.
  test.use({ locale: 'en-GB' });
  test('the whole purchase reads German', async ({ page, request }) => {
    test.setTimeout(180_000);
    await buyFirstCard(page, request, wordsOf(de), '?locale=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

/** The staff API as the demo hotelier: a store of its own and a type of one card in it, published. */
async function storeWithLastCard(request: APIRequestContext) {
  const stamp = Date.now();
  const headers = {
    authorization: `Bearer ${await apiToken(request, 'hotelier')}`,
    accept: 'application/json',
  };
  const demoStore = await request.get(`/api/v1/gift_cards_store/${SLUG}`);
  const propertyId = ((await demoStore.json()) as { property: { id: string } }).property.id;
  const made = async (path: string, data: object) => {
    const reply = await request.post(path, { headers, data });
    expect(reply.status(), await reply.text()).toBe(201);
    return ((await reply.json()) as { data: { id: string } }).data.id;
  };
  const slug = `last-card-${stamp}`;
  const storeId = await made('/api/v1/tern_hotels/stores', {
    property_id: propertyId,
    store: {
      name: 'The last card',
      slug_name: slug,
      title_font: 'Lato',
      text_font: 'Lato',
      terms_and_conditions: 'No refunds.',
      banner_title: 'The last card',
      banner_paragraph: 'One card, two carts.',
    },
  });
  const typeId = await made('/api/v1/tern_hotels/gift_card_types', {
    property_id: propertyId,
    giftcard_type: 2,
    title: `The last card ${stamp}`,
    description: 'Only one is sold.',
    price: 5000,
    limit: 1,
    store_ids: [storeId],
    publish: true,
  });
  return { slug, type: { id: typeId, title: `The last card ${stamp}` } };
}

test('the last card held by another cart meanwhile: the checkout is sent to the store, which says it sold out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { slug, type } = await storeWithLastCard(request);
  await cartToPayer(page, EN, '?locale=en', type, false, slug);

  // Another visitor's checkout holds the one card first.
  const held = await request.post(`/api/v1/gift_cards_store/${slug}/checkout`, {
    headers: { 'idempotency-key': crypto.randomUUID(), accept: 'application/json' },
    data: {
      locale: 'en',
      cards: [{ gift_card_type_id: type.id, delivery: 'email', name: 'Björn', email: 'bjorn@example.is' }],
      payer: {
        first_name: 'B',
        last_name: 'B',
        address: 'Laugavegur 1',
        phone: '5551234',
        email: 'b@example.is',
      },
      terms_accepted: true,
      expected_total: 5000,
    },
  });
  expect(held.status(), await held.text()).toBe(201);

  await page.getByRole('button', { name: EN.submit }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('An error occurred');
  await expect(notice).toContainText('Sorry, the product is sold out.');
  await expect(notice).toBeFocused();
  await expectAccessible(page, 'store page with the sold-out notice');
  expect(new URL(page.url()).pathname).toBe(`/${slug}`);
  expect(new URL(page.url()).searchParams.get('locale')).toBe('en');
  await expect(page.getByRole('heading', { level: 1, name: 'The last card' })).toBeVisible();
  await expect(page.getByRole('link', { name: fill(EN.cartCount, { count: 0 }) })).toBeVisible();
  await notice.getByRole('button', { name: 'Close this message' }).click();
  await expect(notice).toBeHidden();
});
