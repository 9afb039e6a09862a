import { expect, type Page, type Route } from '@playwright/test';
import { cartStorageKey, serializeCart } from '../../core/src/store/cart.ts';
import { describeWebReplays } from './machines-replay';
import {
  DEMO_PROMO_CODE,
  type Held,
  holdCalls,
  offline,
  pauseClock,
  SLUG,
  typeWithStock,
} from './machines-storeKit';

// Core's model-based paths of the public gift store's machines (issue 24: M36 a card's page, M33 the confirmation's
// status checks, M30 the cart and its promo code) replayed through the store's pages (store.html, `harbour-view`, the demo world's
// store) against the test server, in one file so the browser suite starts its server once for them. The store's
// pages report their actors to the visualizer's Live only when this browser turned it on (`store/live.ts`, loaded
// then by a dynamic import): the replay kit turns it on. A call the path wants answered is held by `page.route`
// until the path's step answers it: passed to the server, or — what the server never gives on demand (a network
// failure, a purchase already paid or issued without a provider's payment) — answered on the way.

// —— M36, a card's page ——

interface CardPage {
  page: Page;
  types: Held;
}

describeWebReplays<CardPage>({
  machine: 'storeCardMachine',
  liveMachine: 'storeCard',
  parallel: true,
  scenarios: {
    'a card of the store': async (page) => {
      const { id } = await typeWithStock(page, 3);
      const types = holdCalls(page, `**/api/v1/gift_cards_store/${SLUG}/types/*`);
      await types.ready;
      await page.goto(`/${SLUG}/${id}?locale=en`);
      return { page, types };
    },
  },
  events: {
    'xstate.done.actor.loadType': async ({ types }) => (await types.next()).continue(),
    'xstate.error.actor.loadType': async ({ types }, path, i) => {
      const route = await types.next();
      const { error } = path.steps[i]!.event as { error?: { code?: string } };
      // An unknown card: the server's own 404 for a type the store does not sell.
      if (error?.code === 'gift_card_type_not_found')
        return route.continue({
          url: route
            .request()
            .url()
            .replace(/\/types\/[^/?]+/, '/types/999999999'),
        });
      return offline(route);
    },
    'user.retry': async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    'quantity.change': {
      drive: async ({ page }, path, i) => {
        const { quantity } = path.steps[i]!.event as unknown as { quantity: number };
        await page.getByRole('combobox', { name: 'Quantity' }).selectOption(String(quantity));
      },
      excludedIf: [
        {
          match: { quantity: 40 },
          reason: 'the quantity list offers 1 to 10, never past the stock: the page never asks for 40',
        },
      ],
    },
    'card.add': async ({ page }) => page.getByRole('button', { name: 'Add to cart' }).click(),
  },
});

// —— M33, the confirmation's status checks ——

interface Confirmation {
  page: Page;
  checks: Held;
}

/** A status the server gives only after a provider's payment, answered on the way (snake_case, as the wire). */
const statusReply = (status: string) => ({
  reference_number: 'R-REPLAY',
  status,
  property_title: 'Harbour View',
  total: 90,
  currency: 'EUR',
  cards: [],
});

describeWebReplays<Confirmation>({
  machine: 'purchaseStatusMachine',
  liveMachine: 'purchaseStatus',
  parallel: true,
  excludedStates: {
    gaveUp:
      'the page checks ten times (PURCHASE_STATUS_CHECKS_MAX), the model’s scenario twice so that its graph reaches the end of the checks: the end is replayed by core (machines.model.test.ts, purchaseStatus tests)',
  },
  scenarios: {
    'a signed return': async (page) => {
      const checks = holdCalls(page, `**/api/v1/gift_cards_store/${SLUG}/purchase_status*`);
      await checks.ready;
      // The 3 s before the first check and the 1 s between checks run on the page's clock (the `after` steps).
      await page.clock.install();
      const { property } = (await (await page.request.get(`/api/v1/gift_cards_store/${SLUG}`)).json()) as {
        property: { id: string | number };
      };
      await page.goto(
        `/${SLUG}/confirmation?reference_number=R-REPLAY&property_id=${property.id}&digital_signature=forged&locale=en`,
      );
      return { page, checks };
    },
  },
  events: {
    'xstate.after.firstWait.purchaseStatus.initialWait': async ({ page }) => page.clock.runFor(3000),
    'xstate.after.retryWait.purchaseStatus.retryWait': async ({ page }) => page.clock.runFor(1000),
    'xstate.done.actor.purchaseStatus': async ({ checks }, path, i) => {
      const { output } = path.steps[i]!.event as unknown as { output: { status: string } };
      await (await checks.next()).fulfill({ json: statusReply(output.status) });
    },
    // The server's own refusal of a forged signature.
    'xstate.error.actor.purchaseStatus': async ({ checks }) => (await checks.next()).continue(),
  },
});

// —— M30, the cart and its promo code ——

interface Cart {
  page: Page;
  prices: Held;
  typeId: string;
  title: string;
}

/** A refusal the server gives when it has reasons the test cannot arrange on demand (the code's uses ran out since). */
const promoRefused = (route: Route) =>
  route.fulfill({
    status: 422,
    json: { code: 'promo_code_invalid', message: 'Promo code is not valid' },
  });

/**
 * Waits for a page the store's link opens, running the paused clock by small steps meanwhile (React shows a
 * lazy page after a timer of its own), far less than the drawer's 5 s.
 */
async function arrive(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 1, name });
  for (let step = 0; step < 20 && !(await heading.isVisible()); step++) {
    await page.clock.runFor(100);
    await page.waitForTimeout(100);
  }
  await expect(heading).toBeVisible();
}

/**
 * The cart's page or a card's page, through the store's own links (the cart's actor goes on), from the keyboard:
 * the drawer, open for 5 s after an add, lies over the nav bar's cart link (its own View cart link closes it).
 */
async function onCartPage({ page }: Cart) {
  if (new URL(page.url()).pathname.endsWith('/cart')) return;
  await page.getByRole('link', { name: /^Cart, \d+ cards?$/ }).press('Enter');
  await arrive(page, 'Cart');
}
async function onCardPage({ page, typeId, title }: Cart) {
  if (new URL(page.url()).pathname.endsWith(`/${typeId}`)) return;
  await page.getByRole('link', { name: title }).first().press('Enter');
  await arrive(page, title);
}

/**
 * The cart's scenarios: a new visitor, or one whose cart (one card and the demo store's code) the browser kept.
 * A path that adds a card starts on that card's page, any other on the cart's page.
 */
async function cartScenario(page: Page, path: { steps: { event: { type: string } }[] }, stored: boolean) {
  const { id: typeId, title } = await typeWithStock(page, 10);
  const prices = holdCalls(page, `**/api/v1/gift_cards_store/${SLUG}/cart_prices`);
  await prices.ready;
  if (stored)
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      cartStorageKey(SLUG),
      serializeCart({ lines: [{ typeId, quantity: 1 }], promoCode: DEMO_PROMO_CODE }),
    ] as const);
  // The drawer's 5 s run on the page's clock, paused once the page is there (the `after` step runs them): a step
  // that goes to the cart's page while the drawer is open takes longer than that on a busy machine.
  await page.clock.install();
  const adds = path.steps.some((step) => step.event.type === 'cart.add');
  await page.goto(adds ? `/${SLUG}/${typeId}?locale=en` : `/${SLUG}/cart?locale=en`);
  await pauseClock(page);
  return { page, prices, typeId, title };
}

const inEmptyCart = [
  { cart: 'empty', drawer: 'closed' },
  { cart: 'empty', drawer: 'open' },
];

describeWebReplays<Cart>({
  machine: 'storeCartMachine',
  liveMachine: 'storeCart',
  parallel: true,
  scenarios: {
    'an empty cart': (page, path) => cartScenario(page, path, false),
    'a stored cart with a code': (page, path) => cartScenario(page, path, true),
  },
  events: {
    'cart.add': {
      // The model's refused add (5 of a card with 4 left) is, on the page, 10 more of a card already in the cart:
      // past the 10 cards a cart holds.
      drive: async (cart, path, i) => {
        const { quantity } = path.steps[i]!.event as unknown as { quantity: number };
        await onCardPage(cart);
        await cart.page.getByRole('combobox', { name: 'Quantity' }).selectOption(quantity === 1 ? '1' : '10');
        await cart.page.getByRole('button', { name: 'Add to cart' }).click();
      },
      excludedIf: [
        {
          match: { quantity: 5 },
          in: inEmptyCart,
          reason:
            'a card’s page offers no more than its stock, nor more than 10: into an empty cart every add it makes fits',
        },
      ],
    },
    'line.increase': async (cart) => {
      await onCartPage(cart);
      await cart.page.getByRole('button', { name: `One more ${cart.title}` }).click();
    },
    'line.decrease': async (cart) => {
      await onCartPage(cart);
      await cart.page.getByRole('button', { name: `One fewer ${cart.title}` }).click();
    },
    'line.remove': async (cart) => {
      await onCartPage(cart);
      await cart.page.getByRole('button', { name: `Remove ${cart.title}` }).click();
    },
    'promo.apply': async (cart) => {
      await onCartPage(cart);
      await cart.page.getByRole('textbox', { name: 'Promo code' }).fill(DEMO_PROMO_CODE);
      await cart.page.getByRole('button', { name: 'Apply' }).click();
    },
    'user.retry': async (cart) => {
      await onCartPage(cart);
      await cart.page.getByRole('button', { name: 'Try again' }).click();
    },
    'drawer.close': async ({ page }) =>
      page
        .getByRole('complementary', { name: 'Added to your cart' })
        .getByRole('button', { name: 'Continue shopping' })
        .click(),
    'xstate.after.drawer.storeCart.drawer.open': async ({ page }) => page.clock.runFor(5000),
    'xstate.done.actor.cartPrices': async ({ prices }) => (await prices.next()).continue(),
    'xstate.error.actor.cartPrices': async ({ prices }, path, i) => {
      const route = await prices.next();
      const { error } = path.steps[i]!.event as unknown as { error?: { code?: string } };
      return error?.code === 'promo_code_invalid' ? promoRefused(route) : offline(route);
    },
    'notice.dismiss': {
      excluded:
        'no store page dismisses the cart’s notices: a refused add’s words go with the next add, a refused code’s with the next code',
    },
    'cart.clear': {
      excluded:
        'the store empties the cart only as a purchase ends (the confirmation once issued or failed, checkout on sold out), on a page that starts the cart’s actor for it: replayed by core’s model test, and by store-purchase.spec (issued and sold-out runs)',
    },
  },
});
