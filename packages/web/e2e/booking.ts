import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoSession, openRate } from '../../../fixtures/src/test/openStay.ts';
import { demo, PASSWORD, signIn } from './helpers';

/** `YYYY-MM-DD`, `days` from today (local time, as the date picker counts). */
export function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Signs in as the demo travel agent, who lands on the home search form. */
export async function signInAgent(page: Page) {
  await page.goto('/');
  await signIn(page, demo('agent'));
  // The first sign-in on a freshly seeded server, beside another worker's, can take a while.
  await expect(page.getByRole('heading', { name: 'Where to next?', level: 1 })).toBeVisible({
    timeout: 25_000,
  });
}

/** Types a stay into the DD/MM/YYYY segments of a "Dates" range picker. */
export async function typeDates(scope: Page | ReturnType<Page['locator']>, start: string, end: string) {
  for (const [which, iso] of [
    ['Start Date', start],
    ['End Date', end],
  ] as const) {
    const [y, m, d] = iso.split('-');
    const day = scope.getByRole('spinbutton', { name: new RegExp(`^day, ${which}`) }).first();
    await day.click();
    await day.pressSequentially(`${d}${m}${y}`);
  }
}

/** Chooses `count` rooms of a rate in the rates table (the select is named for the rate and the room type). */
export async function chooseRooms(page: Page, rate: string, unit: string | RegExp, count: number | 'all') {
  const name =
    typeof unit === 'string' ? `Rooms of ${rate}, ${unit}` : new RegExp(`Rooms of ${rate}, ${unit.source}`);
  await page.getByRole('button', { name }).first().click();
  const options = page.getByRole('option');
  if (count === 'all') await options.last().click();
  else await options.getByText(String(count), { exact: true }).click();
}

/** A session token for calls made beside the browser (the sold-out race). */
export async function apiToken(request: APIRequestContext, login: string): Promise<string> {
  const reply = await request.post('/api/v1/sessions', {
    data: { session: { email: demo(login), password: PASSWORD } },
    headers: { accept: 'application/json' },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** The id of a property the agent can book, found through `places`. */
export async function propertyId(request: APIRequestContext, token: string, title: string): Promise<string> {
  const reply = await request.get(
    `/api/v3/resellers/accommodations/places?term=${encodeURIComponent(title)}`,
    {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    },
  );
  expect(reply.ok()).toBe(true);
  const places = (await reply.json()) as {
    data: { id: string; attributes: { kind: string; title: string } }[];
  };
  const place = places.data.find((p) => p.attributes.kind === 'property' && p.attributes.title === title);
  expect(place, `${title} is bookable`).toBeTruthy();
  return place!.id;
}

/** Fills the booking contact of the stay checkout. */
export async function fillContact(page: Page, surname: string, email: string) {
  const contact = page.getByRole('region', { name: 'Booking contact' });
  await contact.getByRole('textbox', { name: 'First name' }).fill('Anna');
  await contact.getByRole('textbox', { name: /Last name/ }).fill(surname);
  await contact.getByRole('textbox', { name: /E-mail/ }).fill(email);
}

interface WireUnit {
  id: string;
  attributes: {
    title: string;
    availability: number;
    rate_plans: {
      id: string;
      title: string;
      availability: number;
      occupancy: { adults: number; children: number; infants: number };
      unavailable_reason: string | null;
    }[];
  };
}

/**
 * Two nights from `fromDay` days ahead on which `rate` of some room type can be booked: the hotel's `manager` (a
 * demo login) opens them first — rooms free, a price, no restriction (fixtures' `openRate`) — whatever the demo
 * world sells then (stop-sell days, closed arrivals, minimum stays drawn by date); then the first such stay from
 * `fromDay` on, its room type and its rate.
 */
export async function findStay(
  request: APIRequestContext,
  token: string,
  id: string,
  rate: string,
  fromDay: number,
  currency = 'USD',
  manager = 'hotelier',
) {
  const baseUrl = test.info().project.use.baseURL!;
  await openRate(
    { baseUrl, agentToken: token, supplierToken: await demoSession(baseUrl, manager) },
    { propertyId: id, checkin: inDays(fromDay), checkout: inDays(fromDay + 2), currency },
    (r) => r.title === rate,
  );
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  for (let day = fromDay; day < fromDay + 30; day++) {
    const [checkin, checkout] = [inDays(day), inDays(day + 2)];
    const reply = await request.get(
      `/api/v2/resellers/accommodations/${id}/list_with_rates?checkin_date=${checkin}&checkout_date=${checkout}&currency=${currency}&with_virtual_rate_plans=true`,
      { headers },
    );
    expect(reply.ok()).toBe(true);
    for (const unit of ((await reply.json()) as { data: WireUnit[] }).data) {
      const plan = unit.attributes.rate_plans.find(
        (p) => p.title === rate && p.unavailable_reason === null && p.availability > 0,
      );
      if (plan) return { checkin, checkout, unit: { id: unit.id, title: unit.attributes.title }, plan };
    }
  }
  throw new Error(`No two nights of ${rate} from ${fromDay} days ahead`);
}

/** A full-page screenshot at desktop width and at 390 px (UI.md: look at both), back to desktop after. */
export async function shoot(page: Page, info: { outputPath: (name: string) => string }, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.screenshot({ path: info.outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: info.outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}

/**
 * Waits for the map's area searches to settle: each pan or zoom searches the area shown (debounced) and the
 * markers are drawn anew with its results, so a marker read before the last search answered is replaced under the
 * test. `mapSearches(page)` starts listening; its `settled(since)` resolves once a search answered after `since`
 * and none for 1.5 s.
 */
export function mapSearches(page: Page) {
  let answered = 0;
  page.on('response', (r) => {
    if (r.url().includes('/accommodations/list')) answered = Date.now();
  });
  return {
    settled: (since: number) =>
      expect.poll(() => answered > since && Date.now() - answered > 1500, { timeout: 20_000 }).toBe(true),
  };
}
