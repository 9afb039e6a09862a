import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SANDBOX_CARDS } from '../../sdk/src/sandboxPayments';
import { apiToken } from './booking';
import { test } from './fixtures';
import { demo, expectAccessible, nextMail, signIn } from './helpers';

/**
 * A gift card redeemed for a stay in the public store (issue 25), end to end on the real server: a card issued
 * through the staff API (a type made here: a flexible rate at Harbour View, and an upsell to its junior suite),
 * then in the store the use gift card page, the booking page (an arrival picked in the date grid by keyboard), a
 * room and rate, the booking checkout and the confirmation; the hotelier sees the booking on /bookings as
 * "Gift card · CODE"; the card again is refused ("Gift certificates have already been used"); the guest cancels
 * from the link in their e-mail, and the card books again. On a 390 px phone: the upsell's booking page and
 * checkout, the sandbox provider's page (its own origin), and its confirmation. Axe scans each redemption page.
 * The arrivals are the server's open ones (its closed dates, a few days on), never a fixed day.
 */

const SLUG = 'harbour-view';
const ENGINE = '/api/v1/gift_cards_booking_engine';
const TYPES = '/api/v1/tern_hotels/gift_card_types';
const JSON_ACCEPT = { accept: 'application/json' };

interface World {
  headers: Record<string, string>;
  propertyId: string;
  typeId: string;
  /** The plain (flexible) and the upsell rate plans of the type. */
  plainPlan: string;
  upsellPlan: string;
}

type Plan = { property_id: string; room_type_id: string; rate_plan_id: string; rate_plan_title: string };
type TypeRow = {
  id: string;
  attributes: { title: string; store_ids: string[]; rate_plans: Plan[]; upsell_rate_plans: Plan[] };
};

let world: Promise<World> | undefined;

/**
 * The type this spec redeems (made once a run, through the hotelier's API): one night on Harbour View's superior
 * "Flexible with breakfast" (free to cancel until 48 h before arrival) and an upsell to the junior suite, sold by
 * the demo store. Its plans are read from the demo store's own types, which the server's --demo start makes.
 */
function redeemWorld(request: APIRequestContext): Promise<World> {
  world ??= (async () => {
    const headers = { authorization: `Bearer ${await apiToken(request, 'hotelier')}`, ...JSON_ACCEPT };
    let types: TypeRow[] = [];
    let propertyId = '';
    await expect
      .poll(
        async () => {
          const store = await request.get(`/api/v1/gift_cards_store/${SLUG}`, { headers: JSON_ACCEPT });
          if (!store.ok()) return 0;
          propertyId = ((await store.json()) as { property: { id: string } }).property.id;
          const reply = await request.get(`${TYPES}?property_id=${propertyId}&limit=100`, { headers });
          types = ((await reply.json()) as { data: TypeRow[] }).data;
          return types.length;
        },
        { message: 'the demo store’s types are made', timeout: 90_000, intervals: [1000] },
      )
      .toBeGreaterThan(3);
    const of = (title: string) => types.find((t) => t.attributes.title === title)!.attributes;
    const plain = of('Two nights with breakfast').rate_plans[0]!;
    const upsell = of('Suite upgrade').upsell_rate_plans[0]!;
    const title = `Redeemed in the store ${Date.now()}`;
    const made = await request.post(TYPES, {
      headers,
      data: {
        property_id: propertyId,
        title,
        description: '<p>A night at Harbour View, or its junior suite for a little more.</p>',
        price: 30000,
        limit: 20,
        settings: { length_of_stay: 1, reservation_value: 0 },
        store_ids: of('Two nights with breakfast').store_ids,
        rate_plans: [{ room_type_id: plain.room_type_id, rate_plan_id: plain.rate_plan_id }],
        upsell_rate_plans: [
          { room_type_id: upsell.room_type_id, rate_plan_id: upsell.rate_plan_id, price: 9000 },
        ],
        publish: true,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const typeId = ((await made.json()) as { data: { id: string } }).data.id;
    return { headers, propertyId, typeId, plainPlan: plain.rate_plan_id, upsellPlan: upsell.rate_plan_id };
  })();
  return world;
}

/** A new card of the spec's type, issued in the back office to `email`: its code. */
async function issueCard(request: APIRequestContext, w: World, email: string): Promise<string> {
  const reply = await request.post(`${TYPES}/${w.typeId}/issue_cards`, {
    headers: { ...w.headers, 'idempotency-key': crypto.randomUUID() },
    data: { property_id: w.propertyId, recipients: [{ row_key: email, name: 'Anna', email }] },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { cards: { generated_id: string }[] }).cards[0]!.generated_id;
}

/** `YYYY-MM-DD` `days` after `day` (calendar arithmetic on the server's days, no clock of this machine). */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The first arrival the server says `plan` is open for, at least `after` days past the card's first arrival (the
 * property's today): with the first arrival, where the grid's keyboard starts.
 */
async function openArrival(request: APIRequestContext, w: World, code: string, plan: string, after: number) {
  const reply = await request.get(`${ENGINE}/cards/${code}/closed_dates?property_id=${w.propertyId}`, {
    headers: JSON_ACCEPT,
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const dates = (await reply.json()) as {
    first_arrival: string;
    last_arrival: string;
    rate_plans: { rate_plan_id: string; closed_arrivals: string[] }[];
  };
  const closed = new Set(dates.rate_plans.find((r) => r.rate_plan_id === plan)?.closed_arrivals ?? []);
  for (let day = plusDays(dates.first_arrival, after); day <= dates.last_arrival; day = plusDays(day, 1))
    if (!closed.has(day)) return { first: dates.first_arrival, arrival: day };
  throw new Error(`no open arrival for ${plan}: ${JSON.stringify(dates)}`);
}

/** Picks `arrival` in the date grid by keyboard, from the day it offers first (a month a PageDown, then days). */
async function pickByKeyboard(page: Page, first: string, arrival: string) {
  const grid = page.getByRole('table');
  await grid.locator('button[tabindex="0"]').focus();
  const days = daysBetween(first, arrival);
  for (let i = 0; i < Math.floor(days / 30); i++) await page.keyboard.press('PageDown');
  for (let i = 0; i < days % 30; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`^${dayLabel(arrival)}`));
  await page.keyboard.press('Enter');
}

/** A day as the grid's English labels say it ("May 6, 2030"). */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The booking checkout's R315 fields (the booker), then its submit. */
async function fillBooker(page: Page, surname: string, email: string) {
  await page.getByLabel('First name', { exact: true }).fill('Anna');
  await page.getByLabel('Last name', { exact: true }).fill(surname);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+354 555 1234');
  await page.getByLabel('Nationality').selectOption('IS');
}

/** Types the card's number on the use gift card page and goes on. */
async function useCard(page: Page, code: string) {
  await page.goto(`/${SLUG}/useGiftCard?locale=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Use a gift card' })).toBeVisible();
  // Typed as people do: in lower case, in groups.
  await page
    .getByLabel('Gift card number')
    .fill(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a card redeemed in the store, seen by the hotelier, refused a second time, cancelled by the guest and usable again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const w = await redeemWorld(request);
  const stamp = Date.now();
  const email = `redeem-${stamp}@example.com`;
  const surname = `Jónsdóttir${stamp % 10_000}`;
  const code = await issueCard(request, w, email);
  // Beyond the policy's 48 h and the store's 2 days: the stay can be cancelled online.
  const { first, arrival } = await openArrival(request, w, code, w.plainPlan, 5);

  // The use gift card page: the number, checked, leads to the card's booking page.
  await useCard(page, code);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking/${code}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: 'Book your stay' })).toBeFocused();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, 'booking page');

  // The arrival by keyboard; the night follows; the rooms the card covers.
  await pickByKeyboard(page, first, arrival);
  await expect(
    page.getByText(`Arrival ${dayLabel(arrival)}, departure ${dayLabel(plusDays(arrival, 1))}`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rooms for your stay' })).toBeVisible();
  await expect(page.getByText('Upgrade: ').first()).toBeVisible();
  const plain = page.locator('li.redeem-rate').filter({ hasText: 'Included in your gift card' });
  await plain.getByRole('button', { name: /^Book / }).click();

  // The checkout: R315's fields, required first.
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/booking/${code}/checkout`));
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await expectAccessible(page, 'booking checkout with errors');
  await fillBooker(page, surname, email);
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  // The confirmation: the stay and its cancel link.
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed.' })).toBeVisible({
    timeout: 20_000,
  });
  const facts = page.locator('dl.redeem-stay');
  await expect(facts).toContainText('Harbour View');
  await expect(facts).toContainText(dayLabel(arrival));
  await expect(facts).toContainText(`Anna ${surname}`);
  const reservation = (await facts.locator('dd').first().textContent())!.trim();
  expect(reservation).not.toBe('');
  const cancelLink = page.getByRole('link', { name: 'Cancel this booking' });
  await expect(cancelLink).toHaveAttribute('href', new RegExp(`reservation_id=${reservation}`));
  await expectAccessible(page, 'confirmation');

  // The hotelier sees the booking, from the card.
  const staff = await browser.newContext();
  const hotelier = await staff.newPage();
  await hotelier.goto('/login');
  await signIn(hotelier, demo('hotelier'));
  await expect(hotelier).not.toHaveURL(/\/login$/, { timeout: 25_000 });
  await hotelier.goto('/bookings');
  await hotelier.getByRole('textbox', { name: /Search by number/ }).fill(reservation);
  const row = hotelier
    .getByRole('grid', { name: 'Bookings' })
    .getByRole('row')
    .filter({ hasText: reservation });
  await expect(row).toContainText(`Gift card · ${code}`);
  await staff.close();

  // The same card again: refused, in the spec's words.
  await useCard(page, code);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}(\\?|$)`));
  await expect(page.getByRole('alert')).toContainText('Gift certificates have already been used');

  // The guest's e-mail holds the cancel page's address (the confirmation's link says the same).
  const mail = await nextMail(request, email, 'booking_confirmation', 0);
  const address = /To cancel this stay: (\S+)/.exec(mail.attributes.text)![1]!;
  const cancelUrl = new URL(address);
  expect(cancelUrl.pathname).toBe(`/${SLUG}/cancelGiftCard`);
  expect(cancelUrl.searchParams.get('reservation_id')).toBe(reservation);
  await page.goto(cancelUrl.pathname + cancelUrl.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeVisible();
  await expect(page.getByText(/^Free cancellation until /)).toBeVisible();
  await expect(page.locator('dl.redeem-stay')).toContainText(reservation);
  await expectAccessible(page, 'cancel page');
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeFocused();
  await expect(
    page.getByText('Your booking is cancelled, and your gift card can be used again.'),
  ).toBeVisible();
  await expectAccessible(page, 'cancel page, cancelled');

  // The card books again: the use page leads to its booking page.
  await page.getByRole('link', { name: 'Use a gift card' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Use a gift card' })).toBeVisible();
  await expectAccessible(page, 'use gift card page');
  await page.getByLabel('Gift card number').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking/${code}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your arrival date' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

  test('an upsell: its price, the checkout, the provider’s page, paid, and the stay booked', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const w = await redeemWorld(request);
    const email = `upsell-${Date.now()}@example.com`;
    const code = await issueCard(request, w, email);
    const { arrival } = await openArrival(request, w, code, w.upsellPlan, 3);

    await page.goto(`/${SLUG}/booking/${code}?locale=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book your stay' })).toBeVisible();
    const day = page.getByRole('button', { name: new RegExp(`^${dayLabel(arrival)}`) });
    while (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).tap();
    await day.tap();
    const upsell = page.locator('li.redeem-rate').filter({ hasText: /Upgrade: .*9[.,]?000.* more/ });
    await expect(upsell).toBeVisible();
    // Nothing wider than the phone: the page scrolls down only.
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await wide()).toBe(false);
    await upsell.getByRole('button', { name: /^Book / }).tap();

    await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
    await expect(page.getByText(/^To pay now: .*9[.,]?000/)).toBeVisible();
    await fillBooker(page, 'Silva', email);
    await page.getByLabel('Address', { exact: true }).fill('Laugavegur 1, Reykjavík');
    expect(await wide()).toBe(false);
    await expectAccessible(page, 'booking checkout of an upsell (phone)');
    const storeOrigin = new URL(page.url()).origin;
    await page.getByRole('button', { name: 'Go to payment' }).tap();

    // The provider's hosted page, on its own origin.
    await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).origin).not.toBe(storeOrigin);
    await page.getByLabel('Card number').fill(SANDBOX_CARDS.pays);
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption('2033');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: /^Pay .*9[.,]?000/ });
    await expect(pay).toBeEnabled({ timeout: 10_000 });
    await pay.tap();

    // Back in the store: the confirmation polls the signed return until the stay is booked.
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking/${code}/confirmation\\?`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed.' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator('dl.redeem-stay')).toContainText('Anna Silva');
    await expectAccessible(page, 'confirmation of an upsell (phone)');
    const status = await request.get(`${ENGINE}/cards/${code}`, { headers: JSON_ACCEPT });
    expect(((await status.json()) as { state: string }).state).toBe('used');
  });
});
