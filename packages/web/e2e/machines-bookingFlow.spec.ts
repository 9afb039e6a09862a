import { expect, type Page, test } from '@playwright/test';
import { chooseRooms, fillContact, inDays } from './booking';
import { describeWebReplays, type StepCheck, type StepDriver } from './machines-replay';
import {
  REPLAY_HOTEL,
  replayApi,
  replayCall,
  replayRate,
  signedInForReplay,
  type WireRate,
} from './replayAgency';

// Core's model-based paths of the booking flow (M01) replayed through the web app against the test server: the
// property page (rooms chosen, Book), a car's search (Book this car), checkout (the contact or the driver, the
// policy, Book now), the confirmation (Create new booking). Each page starts its own actor of the flow machine,
// the state carried by the route and the stored flow data: the replay follows the next page's actor, which must
// start in the state the path is in (`handoff`). The bookings are the second demo agency's (`agent2`, Saga Tours)
// at Aker Brygge Fjordhotell and at the Oslo car stations, 300 to 400 days ahead (each session two nights of
// its own, three days after the last): no other spec books there or then, nor counts those bookings. The same
// paths go through `tern book` in packages/cli/test/machines-bookingFlow.test.ts.

const HOTEL = REPLAY_HOTEL;
/** Where a worker's sessions start booking, in days from today (the demo world's inventory runs 400 days). */
const FIRST_DAY = 300;

interface Flow {
  page: Page;
  propertyId: string;
  /** The next checkout's rates come back sold out (its notice then offers the way back: flow.back). */
  goneNext: boolean;
}

/**
 * The rates call of the checkout a path leaves by flow.back answered with its rates sold out (what the server
 * gives only once the rooms are taken): the checkout's notice says the price changed and links back.
 */
async function routeRates(flow: Flow) {
  // (A pattern, not a predicate: a predicate sends every request of the page through the test runner.)
  await flow.page.route(/\/list_with_rates(?:[?#]|$)/, async (route) => {
    if (!flow.goneNext || !flow.page.url().includes('/booking_info')) return route.continue();
    flow.goneNext = false;
    const reply = await route.fetch();
    const body = (await reply.json()) as { data: { attributes: { rate_plans: WireRate[] } }[] };
    for (const unit of body.data)
      for (const rate of unit.attributes.rate_plans) rate.unavailable_reason = 'sold_out';
    await route.fulfill({ response: reply, json: body });
  });
}

/** Whether the step after `index` leaves checkout by its notice (the rates it reads must be gone). */
const backNext = (path: { steps: { event: { type: string } }[] }, index: number) =>
  path.steps[index + 1]?.event.type === 'flow.back';

/** How many sessions this worker has booked in (each books three days after the last). */
let sessions = 0;

/** This session's dates: three days after the last session's, from a range of the worker's own. */
function dates() {
  const day = FIRST_DAY + test.info().parallelIndex * 45 + 3 * sessions++;
  return { checkin: inDays(day), checkout: inDays(day + 2) };
}

/**
 * This session's dates, with a rate for two adults without a card opened on them (fixtures' `openRate`, through
 * `replayRate`) before the page reads its rates: the flow books it whatever the demo world's figures that day.
 */
async function openDates() {
  const stay = dates();
  await replayRate(stay.checkin, stay.checkout, 'none');
  return stay;
}

const stayQuery = (checkin: string, checkout: string) =>
  `type=accommodation&currency=EUR&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0`;

/** A stay's property page, signed in, on the session's own dates. */
async function propertyPage(page: Page): Promise<Flow> {
  test.setTimeout(120_000);
  const { checkin, checkout } = await openDates();
  const { propertyId: id } = await replayApi();
  const flow: Flow = { page, propertyId: id, goneNext: false };
  await routeRates(flow);
  await signedInForReplay(page);
  await page.goto(`/property/${id}?${stayQuery(checkin, checkout)}`);
  // A worker's first property page loads its chunks (the map's too) cold: on a busy 2-core machine past 10 s.
  await expect(page.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible({ timeout: 30_000 });
  return flow;
}

const summaryBook = (page: Page) =>
  page.getByRole('region', { name: 'Price summary' }).getByRole('button', { name: /^Book · / });

/** On the property page: a room of the session's rate (kept from before when it is), then Book. */
async function book(page: Page) {
  await expect(page.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
  const button = summaryBook(page);
  // Without a room chosen the summary has no Book button.
  if (!((await button.count()) > 0 && (await button.isEnabled()))) {
    const query = new URL(page.url()).searchParams;
    const { unit, rate } = await replayRate(query.get('checkinDate')!, query.get('checkoutDate')!, 'none');
    await chooseRooms(page, rate.title, unit.title, 1);
  }
  await expect(button).toBeEnabled();
  await button.click();
}

const vault = (page: Page) => page.frameLocator('iframe[title="Card details"]');

/** On checkout: the contact (a stay) or the driver (a car), the card when the rate needs one, the policy, Book now. */
async function checkout(page: Page) {
  await expect(
    page.getByRole('heading', { name: /Guests and payment|Driver and payment/, level: 1 }),
  ).toBeVisible();
  const email = `replay-${Date.now()}@example.test`;
  if (await page.getByRole('region', { name: 'Booking contact' }).count()) {
    await fillContact(page, 'Halvorsen', email);
  } else {
    await page.getByRole('textbox', { name: /First name/ }).fill('Sigrid');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Halvorsen');
    await page.getByRole('textbox', { name: /E-mail/ }).fill(email);
    await page.getByRole('textbox', { name: /Phone/ }).fill('+47 22 41 80 00');
  }
  if (await page.getByTitle('Card details').count()) {
    await vault(page).getByLabel('Name on the card').fill('Sigrid Halvorsen');
    await vault(page).getByLabel('Card number').fill('4242 4242 4242 4242');
    await vault(page).getByLabel('Expiry (MM/YY)').fill('12/30');
    await vault(page).getByLabel('Security code').fill('123');
  }
  await page.getByText('I have read and accept the cancellation and payment policies').click();
  await page.getByRole('button', { name: /^Book now/ }).click();
}

/** Book this car on the first offer, once the rental companies have answered. */
async function chooseCar(page: Page) {
  const offers = page.getByRole('list', { name: 'Cars' });
  await expect(offers).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/rental companies answered/)).toHaveCount(0, { timeout: 20_000 });
  await page
    .getByRole('button', { name: /^Book this car: / })
    .first()
    .click();
}

const queryOf = (report: { context: unknown }) =>
  new URLSearchParams((report.context as { query?: string }).query ?? '');

const noQueryControl =
  'the checkout and confirmation pages have no control that changes the query (the property page’s currency and search do, and another address is another page, whose actor starts anew)';

describeWebReplays<Flow>(
  {
    machine: 'bookingFlowMachine',
    liveMachine: 'bookingFlow',
    handoff: true,
    parallel: true,
    scenarios: {
      'a stay from the property page': (page) => propertyPage(page),
      'checkout with a stored stay': async (page, path) => {
        // The stay is stored by booking it on the property page; checkout opened anew (reloaded) reads it.
        const flow = await propertyPage(page);
        await book(page);
        await expect(page).toHaveURL(/\/booking_info\?/);
        await expect(page.getByRole('heading', { name: 'Guests and payment', level: 1 })).toBeVisible();
        flow.goneNext = backNext(path, 0);
        await page.reload();
        return flow;
      },
      'checkout without a stay': async (page) => {
        test.setTimeout(120_000);
        const { checkin, checkout: out } = await openDates();
        const { propertyId: id } = await replayApi();
        const flow: Flow = { page, propertyId: id, goneNext: false };
        await routeRates(flow);
        await signedInForReplay(page);
        await page.goto(`/property/${id}/booking_info?${stayQuery(checkin, out)}`);
        return flow;
      },
      'the confirmation route': async (page) => {
        // A booking of the agency's, made through the API; its confirmation page opened by its address.
        test.setTimeout(120_000);
        const { checkin, checkout: out } = dates();
        const { propertyId: id } = await replayApi();
        const { unit, rate } = await replayRate(checkin, out, 'none');
        const { booking_id: bookingId } = (await replayCall(
          `/api/v2/resellers/accommodations/${id}/create_booking`,
          {
            method: 'POST',
            headers: { 'idempotency-key': `replay-${checkin}-${Date.now()}` },
            body: {
              booking: {
                currency: 'EUR',
                arrival_date: checkin,
                departure_date: out,
                customer: { name: 'Sigrid', surname: 'Halvorsen', mail: 'sigrid@example.test' },
                rooms: [
                  { rate_plan_id: rate.id, room_type_code: unit.id, occupancy: rate.occupancy, guests: [] },
                ],
                policy_accepted: true,
              },
            },
          },
        )) as { booking_id: string };
        const flow: Flow = { page, propertyId: id, goneNext: false };
        await routeRates(flow);
        await signedInForReplay(page);
        await page.goto(`/property/${id}/confirmation/${bookingId}?${stayQuery(checkin, out)}`);
        return flow;
      },
      'a car from the car search': async (page) => {
        test.setTimeout(120_000);
        const { checkin, checkout: out } = dates();
        await signedInForReplay(page);
        await page.goto(
          `/search_cars?type=vehicle&currency=EUR&pickupDate=${checkin}&dropoffDate=${out}&pickupTime=10:00&dropoffTime=10:00&driverAge=30&driverCountry=NO&city=Gardermoen&country=NO`,
        );
        return { page, propertyId: '', goneNext: false };
      },
    },
    events: {
      'flow.book': async (flow, path, i) => {
        flow.goneNext = backNext(path, i);
        await book(flow.page);
      },
      'car.choose': async ({ page }, path, i) => {
        // Choosing an offer sends query.change then car.choose: a path's query.change just before is that click.
        if (path.steps[i - 1]?.event.type === 'query.change') return;
        await chooseCar(page);
      },
      'step.select': async ({ page }) => {
        await page
          .getByRole('navigation', { name: 'Booking steps' })
          .getByRole('link', { name: /Property|Car/ })
          .click();
      },
      'flow.back': {
        // The notice of a checkout whose rates are gone links back to the property page.
        drive: (async ({ page }) => {
          const notice = page
            .getByRole('alert')
            .filter({ hasText: 'The price changed since you chose the rooms' });
          await notice.getByRole('link', { name: 'Back to search results' }).click();
        }) satisfies StepDriver<Flow>,
        excludedIf: [
          {
            scenarios: ['a car from the car search'],
            reason:
              'a car’s checkout has no way back but its steps’ first link (step.select), and the browser’s Back opens the car search anew (a new page’s actor, which starts there)',
          },
        ],
      },
      'booking.succeeded': ({ page }) => checkout(page),
      'booking.new': async ({ page }) => {
        await page.getByRole('button', { name: 'Create new booking' }).click();
      },
      'query.change': {
        drive: (async ({ page }, path, i) => {
          if (new URL(page.url()).pathname.startsWith('/search_cars')) {
            // The car search keeps the flow's query in step when an offer is chosen (then car.choose).
            if (path.steps[i + 1]?.event.type !== 'car.choose')
              throw new Error('the car search sends query.change only with car.choose');
            await chooseCar(page);
            return;
          }
          // The property page: another currency goes to the query, and the flow takes it.
          await expect(page.getByRole('heading', { name: HOTEL, level: 1 })).toBeVisible();
          const now = new URL(page.url()).searchParams.get('currency');
          const next = now === 'USD' ? 'EUR' : 'USD';
          await page.getByRole('button', { name: /Currency/ }).click();
          await page.getByRole('option', { name: next, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`currency=${next}`));
          const check: StepCheck = (report) => queryOf(report).get('currency') === next;
          return check;
        }) satisfies StepDriver<Flow>,
        excludedIf: [
          { in: ['checkout', 'confirmation'], reason: noQueryControl },
          {
            scenarios: ['a car from the car search'],
            unlessNext: ['car.choose'],
            reason:
              'the car search sends query.change only with car.choose (choosing an offer keeps the query in step)',
          },
        ],
      },
    },
  },
  20_000,
);
