import { expect, type Page, type Route } from '@playwright/test';
import { describeWebReplays } from './machines-replay';

// Core's model-based paths of the public gift store's machines (issue 24: M36 a card's page, M33 the confirmation's
// status checks, M30 the cart) replayed through the store's pages (store.html, `harbour-view`, the demo world's
// store) against the test server, in one file so the browser suite starts its server once for them. The store's
// pages report their actors to the visualizer's Live only when this browser turned it on (`store/live.ts`, loaded
// then by a dynamic import): the replay kit turns it on. A call the path wants answered is held by `page.route`
// until the path's step answers it: passed to the server, or — what the server never gives on demand (a network
// failure, a purchase already paid or issued without a provider's payment) — answered on the way.

const SLUG = 'harbour-view';

/** The store's calls to `pattern`, each held until a step lets it go. */
function holdCalls(page: Page, pattern: string) {
  const waiting: Route[] = [];
  const ready = page.route(pattern, (route) => {
    waiting.push(route);
  });
  return {
    ready,
    /** The next held call (waiting for the page to make it). */
    async next(): Promise<Route> {
      await expect.poll(() => waiting.length, { message: `a call to ${pattern}` }).toBeGreaterThan(0);
      return waiting.shift()!;
    },
  };
}

type Held = ReturnType<typeof holdCalls>;

/** A type the demo store sells with at least `stock` left (the server fills the store after it starts). */
async function typeWithStock(page: Page, stock: number): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/gift_cards_store/${SLUG}`);
        if (!response.ok()) return '';
        const body = (await response.json()) as { types: { id: number | string; stock: number }[] };
        id = String(body.types.find((t) => t.stock >= stock)?.id ?? '');
        return id;
      },
      { timeout: 90_000, message: `the demo store sells a card with ${stock} left` },
    )
    .not.toBe('');
  return id;
}

// —— M36, a card's page ——

interface CardPage {
  page: Page;
  types: Held;
}

const offline = (route: Route) => route.abort('internetdisconnected');

describeWebReplays<CardPage>({
  machine: 'storeCardMachine',
  liveMachine: 'storeCard',
  parallel: true,
  scenarios: {
    'a card of the store': async (page) => {
      const id = await typeWithStock(page, 3);
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
