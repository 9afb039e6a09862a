import { type APIRequestContext, expect, type FrameLocator, type Page } from '@playwright/test';
import { apiToken, inDays, propertyId, shoot, typeDates } from './booking';
import { test } from './fixtures';
import { demo, signIn } from './helpers';
import { calendar, HOTEL, hotelierDesk, openCalendar } from './inventory';

// The inventory page and Tern's own calendar in its frame (document 2 §2, M22), across the roles: a
// hotelier raises a price, closes a night and stops a rate on the calendar; the travel agent sees the new price
// at once, cannot book the closed night, and no longer finds the stopped rate. The dates are months ahead, where
// no other spec books; what the hotelier changed is undone at the end.

interface WireRate {
  id: string;
  rate_plan_id: string;
  title: string;
  availability: number;
  net_price: number;
  unavailable_reason: string | null;
}
interface WireUnit {
  id: string;
  attributes: { title: string; availability: number; rate_plans: WireRate[] };
}

async function ratesFor(
  request: APIRequestContext,
  token: string,
  id: string,
  checkin: string,
  checkout: string,
) {
  const reply = await request.get(
    `/api/v2/resellers/accommodations/${id}/list_with_rates?checkin_date=${checkin}&checkout_date=${checkout}&currency=ISK&with_virtual_rate_plans=false`,
    { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
  );
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: WireUnit[] }).data;
}

/** Moves the grid's focus to `day` by keyboard: months with PageDown or PageUp, then the day from the month's first. */
async function focusDay(page: Page, frame: FrameLocator, day: string) {
  const focused = frame.locator('[role=gridcell][tabindex="0"]');
  await focused.focus();
  const today = new Date(`${await focused.getAttribute('data-day')}T00:00:00Z`);
  const target = new Date(`${day}T00:00:00Z`);
  const months =
    (target.getUTCFullYear() - today.getUTCFullYear()) * 12 + target.getUTCMonth() - today.getUTCMonth();
  for (let i = 0; i < Math.abs(months); i++) await page.keyboard.press(months > 0 ? 'PageDown' : 'PageUp');
  await page.keyboard.press('Home');
  for (let i = 1; i < target.getUTCDate(); i++) await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveAttribute('data-day', day);
}

test('a hotelier changes the calendar and the agent sees it at once', async ({ browser, request }, info) => {
  // Two people, three saved edits and an undo, with screenshots on the way.
  test.setTimeout(180_000);
  const agentToken = await apiToken(request, 'agent');
  const hotelierToken = await apiToken(request, 'hotelier');
  const id = await propertyId(request, agentToken, HOTEL);

  // The first room type and its first two rates, two nights months ahead on which both sell, with a night a
  // week later on which nothing is booked (to close).
  const start = inDays(150);
  const cal = await calendar(request, hotelierToken, id, start, inDays(200));
  const unit = cal.units[0]!;
  const [raised, stopped] = cal.rate_plans.filter((p) => p.unit_id === unit.id);
  expect(raised && stopped, 'the first room type has two rates').toBeTruthy();
  let stay: { checkin: string; checkout: string; before: number } | null = null;
  for (let day = 150; day < 190 && !stay; day++) {
    const [checkin, checkout] = [inDays(day), inDays(day + 2)];
    const offers = (await ratesFor(request, agentToken, id, checkin, checkout)).find((u) => u.id === unit.id);
    const sells = (planId: string) =>
      offers?.attributes.rate_plans.find((r) => r.rate_plan_id === planId && r.unavailable_reason === null);
    if (sells(raised!.id) && sells(stopped!.id))
      stay = { checkin, checkout, before: sells(raised!.id)!.net_price };
  }
  expect(stay, 'two nights on which both rates sell').toBeTruthy();
  const { checkin, checkout, before } = stay!;
  const lastNight = inDays(daysFromToday(checkout) - 1);
  const closed = cal.units[0]!.nights.find(
    (n) => n.date > checkout && cal.units.every((u) => u.nights.find((m) => m.date === n.date)?.booked === 0),
  )!.date;

  // The hotelier, in a context of their own.
  const desk = await hotelierDesk(browser);
  const frame = await openCalendar(desk);
  await shoot(desk, info, 'inventory');

  await focusDay(desk, frame, checkin);

  // 1. Raise the price of the first rate by half on the two nights: the preview lists them, then it is saved.
  const priceCell = frame.getByRole('gridcell', {
    name: new RegExp(`, ${unit.title} · ${raised!.title} · Price per (room|adult): `),
  });
  await priceCell.and(frame.locator(`[data-day="${checkin}"]`)).click();
  await desk.keyboard.press('Enter');
  let drawer = frame.getByRole('dialog', { name: 'Bulk edit' });
  await expect(drawer).toBeVisible();
  await typeDates(drawer, checkin, lastNight);
  await drawer.getByRole('button', { name: /Price \(ISK\)/ }).click();
  await frame.getByRole('option', { name: 'Raise by %' }).click();
  await drawer.getByRole('textbox', { name: 'Value' }).fill('50');
  await drawer.getByRole('button', { name: 'Preview' }).click();
  await expect(drawer.getByRole('heading', { name: '2 nights change' })).toBeVisible();
  await shoot(desk, info, 'inventory-preview');
  await drawer.getByRole('button', { name: 'Save' }).click();
  const saved = frame.getByText('Saved: 0 room nights and 2 rate nights changed');
  await expect(saved).toBeVisible();
  await expect(drawer).toHaveCount(0);
  // Closed, so the next save's notice (the same words) is the only one.
  await frame.locator('.toast').filter({ has: saved }).getByRole('button', { name: 'Close' }).click();
  await expect(saved).toHaveCount(0);

  // 2. Stop sale of the second rate on the same nights, from its cell (Enter on "Stop sell").
  await frame
    .getByRole('gridcell', { name: new RegExp(`, ${unit.title} · ${stopped!.title} · Stop sell: no$`) })
    .and(frame.locator(`[data-day="${checkin}"]`))
    .click();
  await desk.keyboard.press('Enter');
  drawer = frame.getByRole('dialog', { name: 'Bulk edit' });
  await typeDates(drawer, checkin, lastNight);
  await expect(drawer.getByRole('button', { name: /Stop sell/ })).toContainText('On');
  await drawer.getByRole('button', { name: 'Preview' }).click();
  await expect(drawer.getByRole('heading', { name: '2 nights change' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(frame.getByText('Saved: 0 room nights and 2 rate nights changed')).toBeVisible();
  await expect(
    frame
      .getByRole('gridcell', { name: new RegExp(`, ${unit.title} · ${stopped!.title} · Stop sell: yes$`) })
      .and(frame.locator(`[data-day="${checkin}"]`)),
  ).toHaveText('Stop');

  // 3. Close a night: no room of any type to sell.
  await frame.getByRole('button', { name: 'Bulk edit' }).click();
  drawer = frame.getByRole('dialog', { name: 'Bulk edit' });
  await typeDates(drawer, closed, closed);
  for (const u of cal.units) await drawer.getByText(`Rooms of ${u.title}`, { exact: true }).click();
  await drawer.getByRole('textbox', { name: 'Rooms in all per night' }).fill('0');
  await drawer.getByRole('button', { name: 'Preview' }).click();
  await expect(drawer.getByRole('heading', { name: /nights? changes?$/ })).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(frame.getByText(/^Saved: \d+ room nights and 0 rate nights changed$/)).toBeVisible();

  // The agent, in another context: the new price, the stopped rate gone, the closed night not bookable.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto('/');
  await signIn(agent, demo('agent'));
  await expect(agent.getByRole('heading', { name: 'Where to next?', level: 1 })).toBeVisible({
    timeout: 25_000,
  });
  const after = (await ratesFor(request, agentToken, id, checkin, checkout)).find((u) => u.id === unit.id)!;
  const raisedNow = after.attributes.rate_plans.find((r) => r.rate_plan_id === raised!.id)!;
  expect(raisedNow.unavailable_reason).toBeNull();
  expect(raisedNow.net_price / before).toBeCloseTo(1.5, 2);
  const stoppedNow = after.attributes.rate_plans.find((r) => r.rate_plan_id === stopped!.id);
  expect(stoppedNow === undefined || stoppedNow.unavailable_reason !== null).toBe(true);
  const query = (from: string, to: string) =>
    `type=accommodation&currency=ISK&checkinDate=${from}&checkoutDate=${to}&adults=1&children=0`;
  await agent.goto(`/property/${id}?${query(checkin, checkout)}`);
  await expect(agent.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
  await expect(agent.getByRole('button', { name: `Rooms of ${raised!.title}, ${unit.title}` })).toBeVisible();
  await expect(agent.getByRole('button', { name: `Rooms of ${stopped!.title}, ${unit.title}` })).toHaveCount(
    0,
  );
  await shoot(agent, info, 'agent-rates');
  const closedStay = await ratesFor(request, agentToken, id, closed, inDays(daysFromToday(closed) + 1));
  for (const u of closedStay)
    for (const r of u.attributes.rate_plans)
      expect(r.unavailable_reason !== null || r.availability === 0).toBe(true);
  await agent.goto(`/property/${id}?${query(closed, inDays(daysFromToday(closed) + 1))}`);
  await expect(agent.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
  await expect(agent.getByRole('button', { name: /^Rooms of / })).toHaveCount(0);
  await agentContext.close();

  // Undo the last change (the closed night), then the other two through the API: the demo world as it was.
  await frame.getByRole('button', { name: 'Undo last change' }).click();
  await expect(frame.getByText(/^Undone: \d+ room nights and 0 rate nights put back$/)).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const undo = await request.post(`/api/v1/tern_hotels/properties/${id}/inventory/edits/undo`, {
      headers: { authorization: `Bearer ${hotelierToken}`, accept: 'application/json' },
    });
    expect(undo.ok()).toBe(true);
  }
  const restored = (await ratesFor(request, agentToken, id, checkin, checkout)).find(
    (u) => u.id === unit.id,
  )!;
  expect(restored.attributes.rate_plans.find((r) => r.rate_plan_id === raised!.id)!.net_price).toBe(before);
  await desk.close();
});

test('a used or foreign calendar token is refused clearly, and the page opens the calendar again', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings$/);
  const frame = await openCalendar(page);
  await expect(frame.getByRole('button', { name: 'Bulk edit' })).toBeEnabled();

  // A token used once (the frame above used its own; this one is used here, then again).
  const token = await apiToken(request, 'hotelier');
  const me = await request.get('/api/v1/users/me', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const propertyId = ((await me.json()) as { data: { attributes: { tern_hotels: { id: string }[] } } }).data
    .attributes.tern_hotels[0]!.id;
  const issued = await request.post('/api/v1/tern_hotels/auth/one_time_token', {
    data: { property_id: propertyId },
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(issued.ok()).toBe(true);
  const oneTime = ((await issued.json()) as { token: string }).token;
  const fresh = await page.context().newPage();
  await fresh.goto(`/inventory/calendar#token=${encodeURIComponent(oneTime)}&property=${propertyId}`);
  await expect(fresh.getByRole('grid', { name: 'Inventory by night' })).toBeVisible({ timeout: 20_000 });
  // The token left the address at once.
  expect(new URL(fresh.url()).hash).toBe('');
  const reused = await page.context().newPage();
  await reused.goto(`/inventory/calendar#token=${encodeURIComponent(oneTime)}&property=${propertyId}`);
  await expect(reused.getByText('This calendar link cannot be used')).toBeVisible();
  await expect(
    reused.getByText(/This link to the calendar was used, has expired or is for another property/),
  ).toBeVisible();
  await expect(reused.getByRole('grid')).toHaveCount(0);

  // A token of one property offered for another.
  const other = await request.post('/api/v1/tern_hotels/auth/one_time_token', {
    data: { property_id: propertyId },
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const foreign = ((await other.json()) as { token: string }).token;
  const otherProperty = ((await me.json()) as { data: { attributes: { tern_hotels: { id: string }[] } } })
    .data.attributes.tern_hotels[1]!.id;
  const wrong = await page.context().newPage();
  await wrong.goto(`/inventory/calendar#token=${encodeURIComponent(foreign)}&property=${otherProperty}`);
  await expect(wrong.getByText('This calendar link cannot be used')).toBeVisible();

  // The page's frame reloaded has no token left (it left the address): the frame says so, the page shows the
  // error, and "Open the calendar again" brings a new token and a new calendar.
  await page.evaluate(() => document.querySelector('iframe')?.contentWindow?.location.reload());
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await page.getByRole('button', { name: 'Open the calendar again' }).click();
  const again = page.frameLocator('iframe[title^="Inventory calendar of"]');
  await expect(again.getByRole('grid', { name: 'Inventory by night' })).toBeVisible({ timeout: 20_000 });
});

function daysFromToday(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${inDays(0)}T00:00:00Z`)) / 86_400_000);
}
