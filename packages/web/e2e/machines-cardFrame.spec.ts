import { expect, type Page, type Route, test } from '@playwright/test';
import { CARD_ANSWER_MS, CARD_FRAME_READY_MS } from '../../core/src/bookingEngine/cardFrameMachine.ts';
import { chooseRooms, fillContact, inDays } from './booking';
import { describeWebReplays, type StepDriver } from './machines-replay';
import { REPLAY_HOTEL, replayApi, replayRate, signedInForReplay } from './replayAgency';

/** Whether a request goes to another origin than the page's (the vault's). */
const elsewhere = (page: Page, route: Route) =>
  new URL(route.request().url()).origin !== new URL(page.url()).origin;

// Core's model-based paths of the card-frame handshake (M03) replayed through the stay checkout against the test
// server and its card vault: the checkout spawns the handshake when a chosen rate needs a card; the vault's frame
// (its own origin) posts ready when shown, validate as its fields change, and on the checkout's submit the card or
// an error. The form address's call is held by `page.route` until the path's step answers it — passed to the
// server (a real address), or answered with what the server never gives (an address that is none, a 404). The
// vault's own token call is held while a path types in the frame during the submit, or while its answer is
// awaited past the machine's limit. A frame that never says ready is the vault's form page answered on the way by
// a page that does not. The machine's limits (its `after` steps) run on the page's clock. The booking a card
// leads to is refused on the way (422), so the checkout stays and no booking is made. Second demo agency (`agent2`) at Aker
// Brygge Fjordhotell, 390 days ahead (no other spec books there or then).

const _HOTEL = REPLAY_HOTEL;
const DAY = 390;
const FORM = '0.cardFrame.loadingForm';
const FRAME_READY = 'xstate.after.frameReady.cardFrame.frameLoading';
const CARD_ANSWER = 'xstate.after.cardAnswer.cardFrame.awaitingCard';

interface Checkout {
  page: Page;
  /** The form address's calls not answered yet (each `form.reload` makes one). */
  held: Route[];
  /** The vault's token call, held while the path types in the frame during the submit. */
  holdTokens: boolean;
  heldTokens: Route[];
  /** The vault's form page is answered by one that never says ready. */
  silentFrame: boolean;
  contactFilled: boolean;
}

const vault = (page: Page) => page.frameLocator('iframe[title="Card details"]');

/** The next form-address call, once the checkout has made it. */
async function nextHeld(desk: Checkout): Promise<Route> {
  await expect.poll(() => desk.held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  return desk.held.shift()!;
}

/** The form's address answered as the step says: the server's (a real address) or one that is none. */
const formDone: StepDriver<Checkout> = async (desk, path, i) => {
  const route = await nextHeld(desk);
  const { output } = path.steps[i]!.event as unknown as { output: { cardCaptureFormUrl: string } };
  // A path that waits past the frame's limit gets a vault page that never says ready.
  desk.silentFrame = path.steps[i + 1]?.event.type === FRAME_READY;
  if (/^https?:\/\//.test(output.cardCaptureFormUrl)) return route.continue();
  // The server always gives its vault's address: one that is none is answered on the way.
  return route.fulfill({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ card_capture_form_url: 'not an address', origin: '' }),
  });
};

/** The checkout's Book now, with the contact and the policy given (the checkout then asks the frame for the card). */
async function submit(desk: Checkout) {
  const { page } = desk;
  if (!desk.contactFilled) {
    await fillContact(page, 'Halvorsen', `card-replay-${Date.now()}@example.test`);
    await page.getByText('I have read and accept the cancellation and payment policies').click();
    desk.contactFilled = true;
  }
  await page.getByRole('button', { name: /^Book now/ }).click();
}

/**
 * The page's clock run through `ms` in 2 s steps, each handed back to the page: the app reports its actors'
 * steps only while the listener's pings reach it (it goes quiet 6 s after the last, `liveReporter.ts`), and a
 * ping posted during a run is delivered after it.
 */
async function runClock(page: Page, ms: number) {
  for (let left = ms; left > 0; left -= 2000) {
    await page.clock.runFor(Math.min(2000, left));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fillCard(page: Page) {
  await vault(page).getByLabel('Name on the card').fill('Sigrid Halvorsen');
  await vault(page).getByLabel('Card number').fill('4242 4242 4242 4242');
  await vault(page).getByLabel('Expiry (MM/YY)').fill('12/30');
  await vault(page).getByLabel('Security code').fill('123');
}

describeWebReplays<Checkout>({
  machine: 'cardFrameMachine',
  liveMachine: 'cardFrame',
  parallel: true,
  scenarios: {
    'a stay': async (page, path) => {
      test.setTimeout(90_000);
      const [checkin, checkout] = [inDays(DAY), inDays(DAY + 2)];
      const { propertyId: id } = await replayApi();
      const { unit, rate } = await replayRate(checkin, checkout, 'card');
      const desk: Checkout = {
        page,
        held: [],
        holdTokens: false,
        heldTokens: [],
        silentFrame: false,
        contactFilled: false,
      };
      // A path past one of the machine's limits runs the page's timers on Playwright's clock (it flows as time
      // does until the `after` step runs the limit at once).
      if (path.steps.some((s) => s.event.type.startsWith('xstate.after.'))) await page.clock.install();
      await page.route('**/card_capture_form_url', (route) => {
        desk.held.push(route);
      });
      // (Patterns, not predicates: a predicate sends every request of the page through the test runner, a
      // round trip each on a busy machine; the origin is checked in the handler.)
      await page.route(/\/tokens(?:[?#]|$)/, (route) =>
        !elsewhere(page, route)
          ? route.fallback()
          : desk.holdTokens
            ? desk.heldTokens.push(route)
            : route.continue(),
      );
      // The vault's form page, or one that loads and never says ready (a browser fires `load` for any page).
      await page.route(/^[a-z]+:\/\/[^/]+\/card-form(?:[?#]|$)/, (route) =>
        !elsewhere(page, route)
          ? route.fallback()
          : desk.silentFrame
            ? route.fulfill({
                status: 200,
                contentType: 'text/html',
                body: '<!doctype html><title>Card form</title><p>Nothing here.</p>',
              })
            : route.continue(),
      );
      // The booking a card leads to is refused: the checkout stays, with the frame.
      await page.route('**/create_booking', (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ status: '422', detail: 'Refused for the test' }] }),
        }),
      );
      await signedInForReplay(page);
      await page.goto(
        `/property/${id}?type=accommodation&currency=EUR&checkinDate=${checkin}&checkoutDate=${checkout}&adults=2&children=0`,
      );
      await chooseRooms(page, rate.title, unit.title, 1);
      await page
        .getByRole('region', { name: 'Price summary' })
        .getByRole('button', { name: /^Book · / })
        .click();
      await expect(page.getByRole('heading', { name: 'Payment card', level: 2 })).toBeVisible();
      return desk;
    },
  },
  events: {
    [`xstate.done.actor.${FORM}`]: formDone,
    [`xstate.error.actor.${FORM}`]: async (desk) => {
      const route = await nextHeld(desk);
      // The server has the vault's address for every property: a refusal is answered on the way.
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ status: '404', detail: 'No vault' }] }),
      });
    },
    'frame.message': async (desk, path, i) => {
      const { data } = path.steps[i]!.event as unknown as { data: { type?: string } };
      // The vault posts ready when shown, and the card or its error when the checkout submits: nothing to do.
      if (data.type !== 'validate') return;
      // Validate: a field of the frame changes.
      await vault(desk.page).getByLabel('Name on the card').pressSequentially('S');
    },
    'card.request': {
      drive: async (desk, path, i) => {
        const next = path.steps[i + 1]?.event as
          | { type: string; data?: { type?: string; card?: unknown } }
          | undefined;
        if (path.steps[i - 1]!.value === 'ready') {
          // The vault answers the submit with the card when its fields hold one, with an error when not.
          const unanswered = next?.type === CARD_ANSWER;
          if (next?.data?.card || next?.data?.type === 'validate' || unanswered) await fillCard(desk.page);
          // A path typing in the frame during the submit, or waiting past the answer's limit, holds the vault's
          // token call.
          desk.holdTokens = next?.data?.type === 'validate' || unanswered;
        }
        // Otherwise the form's address is not answered yet (held): the checkout says the card form is not ready.
        await submit(desk);
      },
      excludedIf: [
        {
          in: ['awaitingCard'],
          reason:
            'the checkout asks the frame for the card once a submit: while it waits, Book now is busy and a submit sends nothing',
        },
      ],
    },
    'form.reload': async ({ page }) => {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    // The machine's limits, run at once on the page's clock: the frame's page never said ready (answered on the
    // way by one that does not), or the vault's token call is held.
    [FRAME_READY]: async ({ page }) => runClock(page, CARD_FRAME_READY_MS),
    [CARD_ANSWER]: async ({ page }) => {
      await runClock(page, CARD_ANSWER_MS);
      // The checkout is told: Book now is no longer busy, and the card form offers to load again.
      await expect(page.getByRole('button', { name: /^Book now/ })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    'frame.failed': {
      excluded:
        'a browser fires no error event on a frame whose page does not load (it shows an error page in it), so the checkout’s frame never sends frame.failed: such a frame fails by the machine’s limit (after frameReady, replayed)',
    },
  },
});
