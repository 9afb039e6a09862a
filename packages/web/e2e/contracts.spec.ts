import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { apiToken, chooseRooms, fillContact, findStay, propertyId } from './booking';
import { test } from './fixtures';
import { demo, signIn } from './helpers';

// Two people side by side (document 1 §4 contract lifecycle, §6 roles): the agency's agent and the property's
// hotelier negotiate a contract, the agent books at its price and manages the booking, the hotelier watches
// it read-only, and a supplier of another property sees none of it.

const HOTEL = 'Laugavegur Townhouse';
const AGENCY = 'Northern Lights Travel';
const RATE = 'Flexible with breakfast';

/** A signed-in page of its own (a browser context per person, as two people at two desks). */
async function desk(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, demo(login));
  await expect(page).toHaveURL(/\/bookings/);
  return page;
}

async function openContracts(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Contracts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
}

/** The price of one room of `RATE` for the stay, as the agent's API reply says (in USD). */
async function ratePrice(
  request: APIRequestContext,
  token: string,
  id: string,
  stay: { checkin: string; checkout: string; unit: { id: string }; plan: { id: string } },
): Promise<number> {
  const reply = await request.get(
    `/api/v2/resellers/accommodations/${id}/list_with_rates?checkin_date=${stay.checkin}&checkout_date=${stay.checkout}&currency=USD&with_virtual_rate_plans=true`,
    { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
  );
  expect(reply.ok()).toBe(true);
  const units = (await reply.json()) as {
    data: { id: string; attributes: { rate_plans: { id: string; total_price: number }[] } }[];
  };
  const plan = units.data
    .find((u) => u.id === stay.unit.id)
    ?.attributes.rate_plans.find((p) => p.id === stay.plan.id);
  expect(plan, 'the rate is still offered').toBeTruthy();
  return plan!.total_price;
}

test('an agent proposes terms, the hotelier accepts, the agent books at the new price, edits and cancels', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'agent');
  const hotelId = await propertyId(request, token, HOTEL);
  const stay = await findStay(request, token, hotelId, RATE, 60);
  // The demo contract: 8 % over the property's price.
  const before = await ratePrice(request, token, hotelId, stay);

  // The hotelier ends the old contract.
  const hotelier = await desk(browser, 'hotelier');
  await hotelier.getByRole('button', { name: /Property/ }).click();
  await hotelier.getByRole('option', { name: HOTEL }).click();
  await expect(hotelier.getByRole('button', { name: /Property/ })).toContainText(HOTEL);
  await openContracts(hotelier);
  const hotelierActive = hotelier.getByRole('grid', { name: 'Active' });
  await hotelierActive
    .getByRole('row', { name: new RegExp(AGENCY) })
    .getByRole('button', { name: 'Terminate' })
    .click();
  const terminate = hotelier.getByRole('alertdialog', { name: `Terminate the contract with ${AGENCY}?` });
  await terminate.getByRole('button', { name: 'Terminate' }).click();
  await expect(hotelier.getByText('The contract was updated')).toBeVisible();
  await expect(hotelierActive.getByRole('row', { name: new RegExp(AGENCY) })).toHaveCount(0);

  // The agent finds the hotel among those without a contract and proposes 10 % off.
  const agent = await desk(browser, 'agent');
  await openContracts(agent);
  await agent.getByRole('searchbox', { name: 'Search by property, city or country' }).fill('Laugavegur');
  const discover = agent.getByRole('grid', { name: 'Discover' });
  await discover.getByRole('button', { name: `Propose terms to ${HOTEL}` }).click();
  const drawer = agent.getByRole('dialog', { name: `Propose terms to ${HOTEL}` });
  await drawer.getByRole('button', { name: /Price modifier/ }).click();
  await agent.getByRole('option', { name: 'Decrease by percent' }).click();
  await drawer.getByRole('textbox', { name: 'Amount' }).fill('10');
  await expect(drawer.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  await drawer.getByRole('button', { name: 'Send the proposal' }).click();
  await expect(agent.getByText('The proposal was sent')).toBeVisible();
  await agent.getByRole('tab', { name: 'Pending' }).click();
  const agentPending = agent.getByRole('grid', { name: 'Pending' });
  const proposal = agentPending.getByRole('row', { name: new RegExp(HOTEL) });
  await expect(proposal).toContainText('Proposed');
  await expect(proposal).toContainText('−10 %');
  // Only the property answers: the agent may withdraw, not accept.
  await expect(proposal.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The hotelier sees it requested and accepts.
  await hotelier.reload();
  await hotelier.getByRole('tab', { name: 'Pending' }).click();
  const request_ = hotelier
    .getByRole('grid', { name: 'Pending' })
    .getByRole('row', { name: new RegExp(AGENCY) });
  await expect(request_).toContainText('Requested');
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(hotelier.getByText('The contract was updated')).toBeVisible();
  await hotelier.getByRole('tab', { name: 'Active' }).click();
  await expect(hotelierActive.getByRole('row', { name: new RegExp(AGENCY) })).toContainText('Active');

  // The agent's price follows the new terms: 10 % off instead of 8 % on (the ratio is not exactly 0.9 / 1.08:
  // taxes and fees are not modified, and the price is converted to USD and rounded).
  const after = await ratePrice(request, token, hotelId, stay);
  expect(after / before).toBeGreaterThan(0.8);
  expect(after / before).toBeLessThan(0.86);
  await agent.reload();
  await agent.getByRole('tab', { name: 'Active' }).click();
  const active = agent.getByRole('grid', { name: 'Active' }).getByRole('row', { name: new RegExp(HOTEL) });
  await expect(active).toContainText('Active');
  await active.getByRole('link', { name: 'Book' }).click();
  await expect(agent.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
  await expect(agent).toHaveURL(/adults=2&children=0/);

  // Books it at that price.
  const url = new URL(agent.url());
  url.searchParams.set('checkinDate', stay.checkin);
  url.searchParams.set('checkoutDate', stay.checkout);
  url.searchParams.set('currency', 'USD');
  // The stay found is a single room: one guest.
  url.searchParams.set('adults', '1');
  await agent.goto(url.pathname + url.search);
  await chooseRooms(agent, RATE, stay.unit.title, 1);
  const book = agent
    .getByRole('region', { name: 'Price summary' })
    .getByRole('button', { name: /^Book · USD / });
  await expect(book).toBeEnabled();
  const shown = Number(((await book.textContent()) ?? '').replace(/[^0-9.]/g, ''));
  expect(shown).toBeCloseTo(after, 0);
  await book.click();
  await fillContact(agent, 'Sigurðardóttir', 'contract-e2e@example.test');
  await agent.getByText('I have read and accept the cancellation and payment policies').click();
  await agent.getByRole('button', { name: /^Book now/ }).click();
  await expect(agent.getByRole('heading', { name: 'Thank you, the booking is confirmed' })).toBeVisible();
  const number = ((await agent.getByText(/^TRN-/).textContent()) ?? '').trim();
  expect(number).toMatch(/^TRN-/);

  // The hotelier sees the booking, read-only.
  await hotelier.goto('/bookings');
  await hotelier.getByRole('textbox', { name: /Search by number/ }).fill(number);
  const theirs = hotelier.getByRole('grid', { name: 'Bookings' });
  await theirs.getByRole('button', { name: number }).click();
  const readOnly = hotelier.getByRole('dialog', { name: `Booking ${number}` });
  await expect(readOnly).toContainText('Sigurðardóttir');
  await expect(readOnly).toContainText(AGENCY);
  await expect(readOnly.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Edit guests' })).toHaveCount(0);

  // Another property's supplier sees neither the booking nor the contract.
  const stranger = await desk(browser, 'hotelier2');
  await stranger.getByRole('textbox', { name: /Search by number/ }).fill(number);
  await expect(stranger.getByRole('heading', { name: 'No bookings match' })).toBeVisible();
  const strangerToken = await apiToken(request, 'hotelier2');
  for (const status of ['active', 'pending']) {
    const theirContracts = await request.get(`/api/v2/resellers/contracts?status=${status}&limit=100`, {
      headers: { authorization: `Bearer ${strangerToken}`, accept: 'application/json' },
    });
    expect(theirContracts.ok()).toBe(true);
    const rows = ((await theirContracts.json()) as { data: { attributes: { channel_id: string } }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.attributes.channel_id)).not.toContain(hotelId);
  }
  await stranger.context().close();

  // The agent names the guests, then cancels within the deadline.
  await agent.goto('/bookings');
  await agent.getByRole('textbox', { name: /Search by number/ }).fill(number);
  const mine = agent.getByRole('grid', { name: 'Bookings' });
  await mine.getByRole('button', { name: number }).click();
  const details = agent.getByRole('dialog', { name: `Booking ${number}` });
  await details.getByRole('button', { name: 'Edit guests' }).click();
  const guests = details.getByRole('form', { name: 'Edit guests' });
  const first = guests.getByRole('group', { name: 'Guest 1' });
  await first.getByRole('textbox', { name: 'First name' }).fill('Guðrún');
  await first.getByRole('textbox', { name: 'Last name' }).fill('Sigurðardóttir');
  await guests.getByRole('button', { name: 'Save guests' }).click();
  await expect(details.getByText('Saved successfully')).toBeVisible();
  await expect(details).toContainText('Guðrún');
  await expect(details).toContainText('Modified');
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  await agent
    .getByRole('alertdialog', { name: `Cancel booking ${number}?` })
    .getByRole('button', { name: 'Cancel booking' })
    .click();
  await expect(details).toHaveCount(0);
  await expect(mine.getByRole('row').nth(1)).toContainText('Cancelled');

  // The hotelier's view follows.
  await hotelier.reload();
  await expect(theirs.getByRole('row', { name: new RegExp(number) })).toContainText('Cancelled');
  await agent.context().close();
  await hotelier.context().close();
});

test('a booking past its cancellation deadline cannot be cancelled, in the app or through the API', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'agent');
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  // Free cancellation until 7 days before arrival; the stay starts within the week.
  const hotel = 'Skólavörðustígur Apartments';
  const id = await propertyId(request, token, hotel);
  // Its manager opens the rate from tomorrow (the demo world may close the first days of the week).
  const stay = await findStay(request, token, id, 'Flexible, room only', 1, 'USD', 'gudrun');
  const days = (Date.parse(stay.checkin) - Date.now()) / 86_400_000;
  expect(days, 'a stay within the deadline window').toBeLessThan(6);
  const created = await request.post(`/api/v2/resellers/accommodations/${id}/create_booking`, {
    headers: { ...headers, 'idempotency-key': `e2e-deadline-${Date.now()}` },
    data: {
      booking: {
        currency: 'USD',
        arrival_date: stay.checkin,
        departure_date: stay.checkout,
        customer: { name: 'Ada', surname: 'Deadline', mail: 'ada@example.com' },
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
  expect(created.ok()).toBe(true);
  const number = ((await created.json()) as { reservation_id: string }).reservation_id;

  // The API refuses it.
  const cancel = await request.put('/api/v2/resellers/accommodations/cancel_booking', {
    headers,
    data: { reservation_id: number, property_channel_id: id, property_type: 'accommodation' },
  });
  expect(cancel.ok()).toBe(false);
  expect([403, 409, 422]).toContain(cancel.status());

  // The app shows why, with the actions turned off.
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await page.getByRole('textbox', { name: /Search by number/ }).fill(number);
  await page.getByRole('grid', { name: 'Bookings' }).getByRole('button', { name: number }).click();
  const details = page.getByRole('dialog', { name: `Booking ${number}` });
  const cancelButton = details.getByRole('button', { name: 'Cancel booking' });
  await expect(cancelButton).toBeDisabled();
  await expect(details.getByRole('button', { name: 'Edit guests' })).toBeDisabled();
  await expect(
    details.getByText('Expired: the cancellation policy no longer allows changes').first(),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Bookings' }).getByRole('row').nth(1)).toContainText('Active');
});
