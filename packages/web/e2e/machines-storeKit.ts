import { expect, type Page, type Route } from '@playwright/test';
import { apiToken } from './booking';

// What the replays of the public gift store's machines share (machines-store.spec.ts: M36, M33, M30;
// machines-storeCheckout.spec.ts: M31, M32): the demo world's store, its calls held until a path's step answers
// them, and a type it sells with stock.

export const SLUG = 'harbour-view';

/** The demo store's promo code (server `db/seed/demoStore.ts`: 10 % off each of its types). */
export const DEMO_PROMO_CODE = 'HARBOUR10';

/** A call the path wants failed without an answer (what the server never gives on demand). */
export const offline = (route: Route) => route.abort('internetdisconnected');

/**
 * The page's calls to `pattern` (of `method` when given; others go on), each held until a step lets it go. A
 * machine that calls again (the cart priced anew after a change) cancelled the call before: the step answers the
 * last one, and the earlier ones are dropped.
 */
export function holdCalls(page: Page, pattern: string, method?: string) {
  const waiting: Route[] = [];
  const ready = page.route(pattern, (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    waiting.push(route);
  });
  return {
    ready,
    /** The page's last call (waiting for the page to make one, and a moment for a call that replaces it). */
    async next(): Promise<Route> {
      // Polled every 25 ms (expect.poll's default backs off to a second between looks).
      await expect
        .poll(() => waiting.length, { message: `a call to ${pattern}`, intervals: [25] })
        .toBeGreaterThan(0);
      await page.waitForTimeout(150);
      const last = waiting.pop()!;
      for (const dropped of waiting.splice(0)) await dropped.abort().catch(() => {});
      return last;
    },
  };
}

export type Held = ReturnType<typeof holdCalls>;

export interface SoldType {
  id: string;
  title: string;
}

/** A type the demo store sells with at least `stock` left (the server fills the store after it starts). */
export async function typeWithStock(page: Page, stock: number): Promise<SoldType> {
  let found: SoldType | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/gift_cards_store/${SLUG}`);
        if (!response.ok()) return '';
        const body = (await response.json()) as {
          types: { id: number | string; title: string; stock: number }[];
        };
        const type = body.types.find((t) => t.stock >= stock);
        found = type ? { id: String(type.id), title: type.title } : undefined;
        return found?.id ?? '';
      },
      { timeout: 90_000, message: `the demo store sells a card with ${stock} left` },
    )
    .not.toBe('');
  return found!;
}

/**
 * Pauses the page's clock (installed before the page loaded) 2 s ahead of the page's time: the pause's call itself
 * takes a while on a busy machine, and the clock goes on meanwhile. The `after` steps then run it.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
}

/** Once the demo store is filled: its hotel's id and a token of its hotelier, for the calls staff make. */
export async function demoStoreHotelier(page: Page): Promise<{ propertyId: string; token: string }> {
  await typeWithStock(page, 1);
  const store = (await (await page.request.get(`/api/v1/gift_cards_store/${SLUG}`)).json()) as {
    property: { id: string | number };
  };
  return { propertyId: String(store.property.id), token: await apiToken(page.request, 'hotelier') };
}
