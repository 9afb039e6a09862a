import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { apiToken, findStay, inDays, propertyId, shoot } from './booking';
import { test } from './fixtures';
import { demo, signIn } from './helpers';

// Rooms and rates (document 2 §2–§5, §7–§9) against the real server: a hotelier adds a room type and a
// per-person rate plan derived from its primary rate, edits the plan, and is told why a room type with bookings
// cannot be deleted; the agent's rates follow each save at once.

const HOTEL = 'Harbour View Hotel';
const RATE = 'Flexible with breakfast';

async function desk(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, demo(login));
  await expect(page).toHaveURL(/\/bookings/);
  return page;
}

/** Books one room of `RATE` through the API as the agent, 90 days or more ahead: its room type is booked. */
async function bookARoom(request: APIRequestContext, token: string, id: string) {
  const stay = await findStay(request, token, id, RATE, 90);
  const reply = await request.post(`/api/v2/resellers/accommodations/${id}/create_booking`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'idempotency-key': `e2e-rooms-${Date.now()}`,
    },
    data: {
      booking: {
        currency: 'USD',
        arrival_date: stay.checkin,
        departure_date: stay.checkout,
        customer: { name: 'Ada', surname: 'Rooms', mail: 'ada@example.com' },
        rooms: [
          {
            rate_plan_id: stay.plan.id,
            room_type_code: stay.unit.id,
            occupancy: stay.plan.occupancy,
            guests: [],
          },
        ],
        policy_accepted: true,
      },
    },
  });
  expect(reply.ok()).toBe(true);
  return stay.unit.title;
}

/** `YYYY-MM-DD` of the first `weekday` (0 Sunday … 6 Saturday) at least `days` ahead. */
function firstWeekdayFrom(days: number, weekday: number): string {
  const from = new Date(`${inDays(days)}T12:00:00Z`).getUTCDay();
  return inDays(days + ((weekday - from + 7) % 7));
}

/** What the agent's rates call offers of `plan` arriving `checkin` for two nights: whether and why not. */
async function agentRates(
  request: APIRequestContext,
  token: string,
  id: string,
  plan: string,
  checkin: string,
) {
  const checkout = new Date(`${checkin}T12:00:00Z`);
  checkout.setUTCDate(checkout.getUTCDate() + 2);
  const reply = await request.get(
    `/api/v2/resellers/accommodations/${id}/list_with_rates?checkin_date=${checkin}&checkout_date=${checkout.toISOString().slice(0, 10)}&currency=USD&with_virtual_rate_plans=true`,
    { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
  );
  expect(reply.ok()).toBe(true);
  const units = (await reply.json()) as {
    data: {
      attributes: {
        rate_plans: {
          title: string;
          occupancy: { adults: number };
          unavailable_reason: string | null;
          nightly: { price: number }[];
        }[];
      };
    }[];
  };
  return units.data.flatMap((u) => u.attributes.rate_plans).filter((p) => p.title === plan);
}

/**
 * What the agent's rates call (the property page's table) offers of `plan` for two nights from `checkin`: the
 * first night's price (USD) for each number of adults it is sold for.
 */
async function agentPrices(
  request: APIRequestContext,
  token: string,
  id: string,
  plan: string,
  checkin: string,
) {
  const offers = await agentRates(request, token, id, plan, checkin);
  return new Map(
    offers.filter((p) => p.unavailable_reason === null).map((p) => [p.occupancy.adults, p.nightly[0]!.price]),
  );
}

test('a hotelier adds a room type and a derived per-person rate plan, edits it, and cannot delete a booked room type', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'agent');
  const hotelId = await propertyId(request, token, HOTEL);
  const booked = await bookARoom(request, token, hotelId);
  const suffix = String(Date.now()).slice(-5);
  const unit = `Garden suite ${suffix}`;
  const plan = `Garden per person ${suffix}`;

  const hotelier = await desk(browser, 'hotelier');
  await hotelier.getByRole('button', { name: /Property/ }).click();
  await hotelier.getByRole('option', { name: HOTEL }).click();
  await expect(hotelier.getByRole('button', { name: /Property/ })).toContainText(HOTEL);
  await hotelier.goto('/settings/rooms-and-rates');
  const menu = hotelier.getByRole('navigation', { name: 'Settings' });
  await expect(menu.getByRole('link', { name: 'Rooms and rates' })).toHaveAttribute('aria-current', 'page');
  await expect(hotelier.getByRole('heading', { name: 'Rooms and rates', level: 1 })).toBeVisible();
  const table = hotelier.getByRole('grid', { name: 'Room types and rate plans' });
  /** A room type's row, named by its title. */
  const rowOf = (title: string) => table.getByRole('row', { name: title, exact: true });
  await expect(rowOf(booked)).toBeVisible();

  // A room type: core's rules first (a title is required), then saved.
  await hotelier.getByRole('button', { name: 'Add room type' }).click();
  const unitDrawer = hotelier.getByRole('dialog', { name: 'New room type' });
  await unitDrawer.getByRole('button', { name: 'Create' }).click();
  await expect(unitDrawer.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
  await unitDrawer.getByRole('textbox', { name: /^Title/ }).fill(unit);
  await unitDrawer.getByRole('textbox', { name: /^Number of rooms/ }).fill('3');
  await unitDrawer.getByRole('textbox', { name: /^Adults/ }).fill('3');
  await unitDrawer.getByRole('tab', { name: 'Content' }).click();
  await unitDrawer.getByRole('textbox', { name: 'Description' }).fill('A quiet suite on the garden side.');
  await unitDrawer.getByRole('button', { name: 'Create' }).click();
  await expect(hotelier.getByText(`The room type ${unit} was added`)).toBeVisible();
  await expect(unitDrawer).toHaveCount(0);
  const unitRow = rowOf(unit);
  await expect(unitRow).toContainText('3 adults, 0 children, 0 infants');

  // A per-person plan derived from its primary (3 persons): 1 person pays 20 % less.
  await unitRow.getByRole('button', { name: `Add rate plan to ${unit}` }).click();
  const planDrawer = hotelier.getByRole('dialog', { name: `New rate plan for ${unit}` });
  await planDrawer.getByRole('textbox', { name: /^Title/ }).fill(plan);
  await planDrawer.getByRole('button', { name: /Sell mode/ }).click();
  await hotelier.getByRole('option', { name: 'Per person' }).click();
  const options = planDrawer.getByRole('list', { name: 'Price per occupancy' });
  await expect(options.getByRole('listitem')).toHaveCount(3);
  await planDrawer.getByRole('button', { name: /Rate mode/ }).click();
  await hotelier.getByRole('option', { name: 'Derived' }).click();
  await planDrawer.getByRole('textbox', { name: /^Rate for 3 persons/ }).fill('300');
  await planDrawer.getByRole('button', { name: 'Add a step for 1 person' }).click();
  await planDrawer.getByRole('button', { name: /Step 1 for 1 person/ }).click();
  await hotelier.getByRole('option', { name: 'Decrease by percent' }).click();
  await planDrawer.getByRole('textbox', { name: /^Value of step 1 for 1 person/ }).fill('20');
  // react-aria's checkbox input is visually hidden (and a cell's words too): a person clicks the box.
  const sunday = hotelier.getByRole('checkbox', { name: 'Closed to arrival, Sunday' });
  await planDrawer.locator('label.checkbox').filter({ has: sunday }).click();
  await expect(planDrawer.getByRole('checkbox', { name: 'Closed to arrival, Sunday' })).toBeChecked();
  await shoot(hotelier, info, 'rate-plan-drawer');
  await planDrawer.getByRole('button', { name: 'Create' }).click();
  await expect(hotelier.getByText(`The rate plan ${plan} was added`)).toBeVisible();
  await expect(planDrawer).toHaveCount(0);

  // The agent is offered it at once (the demo contract with the hotel covers every plan), for 3, 2 and 1 adults.
  // The room type and the plan are the test's own (no inventory of the demo world's; a new room type's rooms are
  // all free), so the only rule of the dates is the plan's own: no arrival on a Sunday. The test arrives on a
  // Wednesday 120 days or more ahead, whatever the day it runs (120 days from a Saturday is a Sunday), and sees
  // the Sunday refused for that reason.
  const wednesday = firstWeekdayFrom(120, 3);
  const closed = await agentRates(request, token, hotelId, plan, firstWeekdayFrom(120, 0));
  expect(closed.map((p) => p.unavailable_reason)).toEqual([
    'closed_to_arrival',
    'closed_to_arrival',
    'closed_to_arrival',
  ]);
  const before = await agentPrices(request, token, hotelId, plan, wednesday);
  expect([...before.keys()].sort()).toEqual([1, 2, 3]);
  expect(before.get(3)).toBeGreaterThan(0);
  // Each occupancy at its derived price (core's occupancyNightPrice): 1 person the 20 % step, 2 persons (no
  // step) the primary's rate — not a third or two thirds of it.
  expect(before.get(1)! / before.get(3)!).toBeCloseTo(0.8, 1);
  expect(before.get(2)).toBe(before.get(3));

  await unitRow.getByRole('button', { name: `Rate plans of ${unit}` }).click();
  // (Chrome names the row with a space before the hidden ", rate plan of": it words hidden text apart.)
  const planRow = table.getByRole('row', { name: new RegExp(`^${plan} ?, rate plan of ${unit}$`) });
  await expect(planRow).toContainText('Per person');
  await expect(planRow).toContainText('300');
  await shoot(hotelier, info, 'rooms-and-rates');

  // Edited: the drawer opens on what was saved; the new rate is what the row shows.
  await planRow.getByRole('button', { name: `Edit ${plan}` }).click();
  const editDrawer = hotelier.getByRole('dialog', { name: `Edit ${plan}` });
  const rate = editDrawer.getByRole('textbox', { name: /^Rate for 3 persons/ });
  await expect(rate).toHaveValue('300');
  await expect(editDrawer.getByRole('textbox', { name: /^Value of step 1 for 1 person/ })).toHaveValue('20');
  await expect(editDrawer.getByRole('checkbox', { name: 'Closed to arrival, Sunday' })).toBeChecked();
  await rate.fill('320');
  await editDrawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(hotelier.getByText(`Changes to the rate plan ${plan} are saved`)).toBeVisible();
  await expect(planRow).toContainText('320');
  // The agent's next rates call sells it at the new rate: 320 instead of 300 (converted to USD, rounded).
  const after = await agentPrices(request, token, hotelId, plan, wednesday);
  expect(after.get(3)! / before.get(3)!).toBeCloseTo(320 / 300, 1);

  // A room type with a booking for coming nights is not deleted: the server's reason is told.
  await table.getByRole('button', { name: `Delete ${booked}`, exact: true }).click();
  const confirm = hotelier.getByRole('alertdialog', { name: `Delete the room type ${booked}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(hotelier.getByText(`The room type ${booked} was not deleted`)).toBeVisible();
  await expect(hotelier.getByText(/This room type has \d+ booked room\(s\) for coming nights/)).toBeVisible();
  await expect(rowOf(booked)).toBeVisible();

  await hotelier.context().close();
});
