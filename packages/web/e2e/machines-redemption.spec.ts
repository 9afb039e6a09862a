import { expect, type Page } from '@playwright/test';
import type { FrontEndPath } from '../../core/src/qa/test/frontEnds.ts';
import { toSnake } from '../../sdk/src/case.ts';
import type { RedemptionRooms } from '../../sdk/src/contract/redemption.ts';
import { apiToken } from './booking';
import { describeWebReplays } from './machines-replay';
import { type Held, holdCalls, offline, SLUG, typeWithStock } from './machines-storeKit';

// Core's model-based paths of the redemption's flow (M34, `@tern/core/redemption` redemptionMachine) replayed
// through the store's redemption pages (src/store/redeem/) against the test server. One actor drives the use page,
// a multi-property card's hotels, the booking page with its date grid, the checkout and the confirmation while the
// address moves between them (flow.ts), so no handoff is needed; a page opened directly starts a new actor (the
// model's scenarios: the use page, a card's booking page, an upsell's return to the confirmation). The card's
// calls are held by `page.route` until the path's step answers them: the card itself is the server's (a card of
// the demo store's one-night type issued through the staff API, once a worker; an unknown code the server's own
// 404), the rest — the card's closed dates, its rooms, the booking and its status, and a used, expired or
// multi-property card — are answered on the way with the model's sample (what the server gives only for a world
// arranged at length: store-redeem.spec.ts books and cancels a real stay). An upsell's booking leaves for the
// provider's page as the actor ends (`providerPayment`): that navigation is answered 204 No Content, so the page
// stays to be read (as machines-storeCheckout.spec.ts does for its leaving paths); the provider's return is a page
// opened directly, the third scenario.

const CARDS = `**/api/v1/gift_cards_booking_engine/cards`;
const USE_PAGE = 'the use page';
const BOOKER_GIVEN = 'a card’s booking page, the booker given';
const UPSELL_RETURN = 'an upsell’s return to the confirmation';
/** The model's code (its scenarios' own): no card of the server has it. */
const UNKNOWN_CODE = 'ABCDEFGHJK23';

/**
 * The samples of `scenario` whose transitions another scenario's replays take too (its paths go on through the same
 * pages): replayed there only, for this file's time budget in the browser suite (core's model test takes them all).
 */
const repeated = (scenario: string, where: string, match?: Record<string, unknown>) => ({
  scenarios: [scenario],
  ...(match ? { match } : {}),
  reason: `the same transitions are replayed ${where}: the browser’s time budget leaves the repeat to core’s model test`,
});
/** The use page's paths past the card's check go through the booking page's hotels, date grid and checkout. */
const PAST_THE_CHECK = repeated(USE_PAGE, 'from a card’s booking page (its hotels, date grid and checkout)');
/** A card the use page finds used or expired ends as a card's booking page opened on it does (`cardLoaded`). */
const ENDED_CARD = (state: string) =>
  repeated(USE_PAGE, 'from a card’s booking page (a used or an expired card)', { output: { state } });
/** The provider's return polls as a card's booking's confirmation does (its pending first poll is its own). */
const POLLED = (match?: Record<string, unknown>) =>
  repeated(UPSELL_RETURN, 'on the confirmation of a card’s booking (refunded, a failed poll)', match);
/** …and a card's booking's confirmation as the return does (a pending poll, the next one booked). */
const POLLED_ON_RETURN = (status: string) =>
  repeated(BOOKER_GIVEN, 'on an upsell’s return to the confirmation (pending, then booked)', {
    output: { status },
  });

interface Redeem {
  page: Page;
  /** The worker's real card (the use page types it, a card's booking page opens it). */
  code: string;
  cards: Held;
  dates: Held;
  rooms: Held;
  books: Held;
  statuses: Held;
}

let issued: Promise<string> | undefined;
/** A usable card of the demo store's one-night type at Harbour View, issued by its hotelier (once a worker). */
function realCard(page: Page): Promise<string> {
  issued ??= (async () => {
    // Once the server has filled the demo store, its one-night type (one hotel: Harbour View).
    await typeWithStock(page, 1);
    const store = (await (await page.request.get(`/api/v1/gift_cards_store/${SLUG}`)).json()) as {
      property: { id: string | number };
      types: { id: string | number; title: string }[];
    };
    const propertyId = String(store.property.id);
    const typeId = String(store.types.find((t) => t.title === 'A night by the Old Harbour')!.id);
    const email = `redeem-replay-${Date.now()}@example.is`;
    const reply = await page.request.post(`/api/v1/tern_hotels/gift_card_types/${typeId}/issue_cards`, {
      headers: {
        authorization: `Bearer ${await apiToken(page.request, 'hotelier')}`,
        'idempotency-key': crypto.randomUUID(),
      },
      data: { property_id: propertyId, recipients: [{ row_key: email, name: 'Anna', email }] },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    return ((await reply.json()) as { cards: { generated_id: string }[] }).cards[0]!.generated_id;
  })();
  return issued;
}

/** The flow's calls held, and the page opened at `address` (of the store, in English). */
async function opened(page: Page, code: string, address: string): Promise<Redeem> {
  const held = {
    cards: holdCalls(page, `${CARDS}/*`),
    dates: holdCalls(page, `${CARDS}/*/closed_dates*`),
    rooms: holdCalls(page, `${CARDS}/*/rooms*`),
    books: holdCalls(page, `${CARDS}/*/bookings`, 'POST'),
    statuses: holdCalls(page, `${CARDS}/*/booking*`, 'GET'),
  };
  await Promise.all(Object.values(held).map((h) => h.ready));
  // The model's provider page (an upsell's `redirectUrl`): 204, the browser stays on the page that opened it.
  await page.route('https://pay.example/**', (route) => route.fulfill({ status: 204 }));
  await page.goto(`/${SLUG}${address}`);
  return { page, code, ...held };
}

type Sample = { output?: unknown; error?: { code?: string; status?: number } };
const sampleAt = (path: FrontEndPath, i: number) => path.steps[i]!.event as Sample;

/** The held call answered on the way as step `i` says: its output, its refusal, or no answer (no `code`). */
async function onTheWay(held: Held, path: FrontEndPath, i: number) {
  const route = await held.next();
  const { output, error } = sampleAt(path, i);
  if (!error) return route.fulfill({ json: toSnake(output) });
  if (!error.code) return offline(route);
  return route.fulfill({ status: error.status ?? 409, json: { code: error.code, message: error.code } });
}

/** The card's call: the real card for the model's usable one-hotel card, else the model's card on the way. */
async function cardAnswered({ cards }: Redeem, path: FrontEndPath, i: number) {
  const route = await cards.next();
  const card = sampleAt(path, i).output as { state: string; properties: unknown[] };
  if (card.state === 'usable' && card.properties.length === 1) return route.continue();
  return route.fulfill({ json: toSnake(card) });
}

/** The card's call refused: the server's own 404 for a code it does not know, or no answer. */
async function cardRefused({ cards, code }: Redeem, path: FrontEndPath, i: number) {
  const route = await cards.next();
  if (!sampleAt(path, i).error?.code) return offline(route);
  return route.continue({ url: route.request().url().replace(code, UNKNOWN_CODE) });
}

/** A day as the date grid's English labels begin ("May 2, 2030"). */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The booker's fields as the checkout labels them, and the model's booker (its scenario's `booker`). */
const BOOKER_LABELS: Record<string, string> = {
  name: 'First name',
  surname: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  nationality: 'Nationality',
  address: 'Address',
  hotelName: 'Your hotel’s name',
};
const BOOKER = {
  name: 'Anna',
  surname: 'Jónsdóttir',
  email: 'anna@example.is',
  nationality: 'IS',
  phone: '+354 555 1234',
};

async function typeBooker(page: Page, field: string, value: string) {
  const input = page.getByLabel(BOOKER_LABELS[field]!, { exact: true });
  if (field === 'nationality') return input.selectOption(value.toUpperCase());
  if ((await input.inputValue()) !== value) return input.fill(value);
}

describeWebReplays<Redeem>({
  machine: 'redemptionMachine',
  liveMachine: 'redemption',
  parallel: true,
  scenarios: {
    [USE_PAGE]: async (page) => opened(page, await realCard(page), '/useGiftCard?locale=en'),
    [BOOKER_GIVEN]: async (page) => {
      const code = await realCard(page);
      return opened(page, code, `/booking/${code}?locale=en`);
    },
    // The payment provider's signed return (its fields as the model's scenario gives them); every call on the way.
    [UPSELL_RETURN]: (page) =>
      opened(
        page,
        UNKNOWN_CODE,
        `/booking/${UNKNOWN_CODE}/confirmation?locale=en&reference_number=U1&property_id=p1&digital_signature=sig`,
      ),
  },
  events: {
    // The model's number is a card's code: the worker's real card is typed for it.
    'number.change': async ({ page, code }, path, i) => {
      const { value } = path.steps[i]!.event as unknown as { value: string };
      await page.getByRole('textbox', { name: 'Gift card number' }).fill(value ? code : '');
    },
    'number.submit': async ({ page }) => page.getByRole('button', { name: 'Continue' }).click(),
    'xstate.done.actor.checkNumber': {
      drive: cardAnswered,
      excludedIf: [ENDED_CARD('used'), ENDED_CARD('expired')],
    },
    'xstate.error.actor.checkNumber': cardRefused,
    'xstate.done.actor.loadCard': cardAnswered,
    'xstate.error.actor.loadCard': cardRefused,
    'property.choose': {
      drive: async ({ page }, path, i) => {
        const { propertyId } = path.steps[i]!.event as unknown as { propertyId: string };
        await page.getByRole('button', { name: `Book at Hotel ${propertyId}` }).click();
      },
      excludedIf: [
        { match: { propertyId: 'elsewhere' }, reason: 'the hotels page lists the card’s hotels only' },
        PAST_THE_CHECK,
      ],
    },
    'property.change': async ({ page }) => page.getByRole('button', { name: 'Choose another hotel' }).click(),
    'xstate.done.actor.closedDates': {
      drive: async ({ dates }, path, i) => onTheWay(dates, path, i),
      excludedIf: [PAST_THE_CHECK],
    },
    'xstate.error.actor.closedDates': {
      drive: async ({ dates }, path, i) => onTheWay(dates, path, i),
      excludedIf: [PAST_THE_CHECK],
    },
    'date.pick': {
      drive: async ({ page }, path, i) => {
        const { date } = path.steps[i]!.event as unknown as { date: string };
        await page.getByRole('button', { name: new RegExp(`^${dayLabel(date)}`) }).click();
      },
      excludedIf: [
        {
          match: { date: '2030-05-03' },
          reason:
            'the model’s closed arrival (3 May): the date grid marks its day not available, and a click on it sends no pick',
        },
      ],
    },
    'xstate.done.actor.rooms': async ({ rooms }, path, i) => onTheWay(rooms, path, i),
    'xstate.error.actor.rooms': async ({ rooms }, path, i) => onTheWay(rooms, path, i),
    'rate.book': {
      drive: async ({ page }, path, i) => {
        const { roomTypeId, ratePlanId } = path.steps[i]!.event as unknown as Record<string, string>;
        // The room's and the rate's titles, from the rooms the path was answered with.
        const answered = path.steps.slice(0, i).findLast((s) => s.event.type === 'xstate.done.actor.rooms')!;
        const { rooms } = (answered.event as unknown as { output: RedemptionRooms }).output;
        const room = rooms.find((r) => r.roomTypeId === roomTypeId)!;
        const rate = room.rates.find((r) => r.ratePlanId === ratePlanId)!;
        await page.getByRole('button', { name: `Book ${room.title}, ${rate.title}` }).click();
        // The page keeps no booker between visits: the visitor types the model's as the checkout opens.
        if (path.scenario === BOOKER_GIVEN)
          for (const [field, value] of Object.entries(BOOKER)) await typeBooker(page, field, value);
      },
      excludedIf: [{ match: { ratePlanId: 'gone' }, reason: 'a sold-out rate’s Book button is disabled' }],
    },
    'booker.change': async ({ page }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as { field: string; value: string };
      await typeBooker(page, field, value);
    },
    'notes.change': async ({ page }, path, i) => {
      const { value } = path.steps[i]!.event as unknown as { value: string };
      await page.getByLabel('Requests to the hotel (optional)').fill(value);
    },
    'payer.self': {
      excluded:
        'the checkout shows the payer’s fields only for an upsell’s rate, and the model’s paths send them after booking its plain rate',
    },
    'payer.change': {
      excluded:
        'the checkout shows the payer’s fields only for an upsell’s rate, and the model’s paths send them after booking its plain rate',
    },
    'party.change': {
      excluded:
        'the Adults select offers 1 to the rate’s most adults (the model’s rate: 2): its 5 adults cannot be picked (the machine’s clamp is core’s model test’s)',
    },
    'form.submit': async ({ page }) => page.getByRole('button', { name: 'Confirm booking' }).click(),
    'form.back': async ({ page }) => page.getByRole('button', { name: 'Back to the rooms' }).click(),
    'xstate.done.actor.book': async ({ books }, path, i) => onTheWay(books, path, i),
    'xstate.error.actor.book': async ({ books }, path, i) => onTheWay(books, path, i),
    'xstate.done.actor.bookingStatus': {
      drive: async ({ statuses }, path, i) => onTheWay(statuses, path, i),
      excludedIf: [
        POLLED({ output: { status: 'refunded' } }),
        POLLED_ON_RETURN('booked'),
        POLLED_ON_RETURN('pending'),
      ],
    },
    'xstate.error.actor.bookingStatus': {
      drive: async ({ statuses }, path, i) => onTheWay(statuses, path, i),
      excludedIf: [POLLED()],
    },
    // The page's own 3 s wait between two polls.
    'xstate.after.pollWait.redemption.confirmationPolling.waiting': async () => {},
    'user.retry': async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
  },
  excludedStates: {
    stillWorking:
      'the page polls the booking 40 times 3 s apart (CONFIRMATION_POLLS_MAX), the model’s scenarios twice: “still working” comes after two minutes on the page',
  },
});
