import { expect, type Page } from '@playwright/test';
import { toSnake } from '../../sdk/src/case.ts';
import { describeWebReplays } from './machines-replay';
import { demoStoreHotelier, type Held, holdCalls, offline, SLUG } from './machines-storeKit';

// Core's model-based paths of the public machines of issue 25 replayed through the store entry's pages against the
// test server, in one file so the browser suite starts its server once for them: M35 the public cancel of a
// gift-card stay (`/{slug}/cancelGiftCard`) and M29 the gift campaign page (`/gift-campaign/{id}`). Both pages
// report their actors to the visualizer's Live only when this browser turned it on (store/main.tsx's `loadLive`,
// the replay kit turns it on). A call the path wants answered is held by `page.route` until the path's step
// answers it: passed to the server, or — what the server never gives on demand — answered on the way with the
// step's own reply (core's model sample). M34 (the redemption's flow) is replayed in its own file,
// e2e/machines-redemption.spec.ts.

/** A step's `xstate.done` output or `xstate.error` error, as the model's sample gives it. */
const sampleOf = (path: { steps: { event: object }[] }, i: number) =>
  path.steps[i]!.event as { output?: unknown; error?: { code?: string; message?: string; status?: number } };

/** A refusal of the server's, as its wire carries it (`{code, message}` with its status). */
const refusalReply = (error: { code?: string; message?: string; status?: number } | undefined) => ({
  status: error?.status ?? 409,
  json: { code: error?.code, message: error?.message ?? error?.code },
});

// —— M35, the public cancel of a gift-card stay ——

interface CancelPage {
  page: Page;
  previews: Held;
  cancels: Held;
}

async function cancelScenario(page: Page, query: string): Promise<CancelPage> {
  const previews = holdCalls(page, '**/api/v1/gift_cards_booking_engine/cancel_booking/preview');
  const cancels = holdCalls(page, '**/api/v1/gift_cards_booking_engine/cancel_booking', 'PUT');
  await Promise.all([previews.ready, cancels.ready]);
  await page.goto(`/${SLUG}/cancelGiftCard?${query}locale=en`);
  return { page, previews, cancels };
}

const CANCEL_FIELDS = { reservationId: 'Reservation number', lastName: 'Last name' } as const;

describeWebReplays<CancelPage>({
  machine: 'cancelGiftCardMachine',
  liveMachine: 'cancelGiftCard',
  parallel: true,
  scenarios: {
    'the cancel page’s link': (page) =>
      cancelScenario(
        page,
        'reservation_id=R1&last_name=J%C3%B3nsd%C3%B3ttir&checkin_date=2030-05-02&checkout_date=2030-05-04&',
      ),
    'an address without the reservation': (page) => cancelScenario(page, ''),
  },
  events: {
    'field.change': async ({ page }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as {
        field: keyof typeof CANCEL_FIELDS;
        value: string;
      };
      const box = page.getByRole('textbox', { name: new RegExp(`^${CANCEL_FIELDS[field]}`) });
      // The link's own value typed again changes nothing: a space after it (trimmed for the server) does.
      await box.fill((await box.inputValue()) === value ? `${value} ` : value);
    },
    'form.submit': async ({ page }) => page.getByRole('button', { name: 'Find my booking' }).click(),
    'cancel.confirm': async ({ page }) => page.getByRole('button', { name: 'Cancel the booking' }).click(),
    'cancel.back': async ({ page }) => page.getByRole('button', { name: 'Another booking' }).click(),
    'user.retry': async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    // A gift-card stay (cancellable or begun) takes a card issued and redeemed first (store-redeem.spec.ts walks
    // that, 30 s): the stay's preview and its cancel are answered on the way with the model's reply.
    'xstate.done.actor.cancelPreview': async ({ previews }, path, i) =>
      (await previews.next()).fulfill({ json: toSnake(sampleOf(path, i).output) }),
    // No such reservation: the server's own 404 (`booking_not_found`) for the reservation and name typed.
    'xstate.error.actor.cancelPreview': async ({ previews }) => (await previews.next()).continue(),
    'xstate.done.actor.cancel': async ({ cancels }, path, i) =>
      (await cancels.next()).fulfill({ json: toSnake(sampleOf(path, i).output) }),
    // A deadline passed between the preview and the confirm: the server's refusal, answered on the way.
    'xstate.error.actor.cancel': async ({ cancels }, path, i) =>
      (await cancels.next()).fulfill(refusalReply(sampleOf(path, i).error)),
  },
});

// —— M29, the public gift campaign page ——

interface CampaignPage {
  page: Page;
  loads: Held;
  picks: Held;
}

/** The demo world's published campaign at Harbour View (server `db/seed/demoCampaign.ts` `DEMO_CAMPAIGN_NAME`). */
const DEMO_CAMPAIGN = 'Thank-you gifts for our partners';

/** The demo campaign's id, as its staff list it. */
let demoCampaignId: string | undefined;
async function demoCampaign(page: Page): Promise<string> {
  if (demoCampaignId) return demoCampaignId;
  const { propertyId, token } = await demoStoreHotelier(page);
  await expect
    .poll(
      async () => {
        // By its name: other specs publish campaigns of their own at Harbour View (newer ones come first).
        const list = await page.request.get(
          `/api/v1/gift_campaigns?property_id=${propertyId}&term=${encodeURIComponent(DEMO_CAMPAIGN)}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        const body = (await list.json()) as { data?: { id: string | number }[] };
        demoCampaignId = body.data?.[0] ? String(body.data[0].id) : undefined;
        return demoCampaignId ?? '';
      },
      { timeout: 60_000, message: 'the demo world has a published campaign' },
    )
    .not.toBe('');
  return demoCampaignId!;
}

/** A recipient of the campaign the server has not seen yet (it takes each e-mail and id once per campaign). */
let recipients = 0;
const newRecipient = () => {
  const n = `${Date.now()}${++recipients}`.slice(-10);
  return { email: `anna+${n}@example.is`, governmentIssuedId: n };
};

const RECIPIENT_FIELDS = {
  name: 'Full name',
  email: 'E-mail',
  governmentIssuedId: 'National ID number',
} as const;

describeWebReplays<CampaignPage>({
  machine: 'publicCampaignMachine',
  liveMachine: 'publicCampaign',
  parallel: true,
  scenarios: {
    'a published campaign': async (page) => {
      const id = await demoCampaign(page);
      const loads = holdCalls(page, `**/api/v1/gift_campaigns/${id}/options`);
      const picks = holdCalls(page, `**/api/v1/gift_campaigns/${id}/gift_recipients`);
      await Promise.all([loads.ready, picks.ready]);
      await page.goto(`/gift-campaign/${id}?locale=en`);
      return { page, loads, picks };
    },
  },
  events: {
    'xstate.done.actor.loadCampaign': async ({ loads }) => (await loads.next()).continue(),
    'xstate.error.actor.loadCampaign': async ({ loads }) => offline(await loads.next()),
    'user.retry': async ({ page }) => page.getByRole('button', { name: 'Try again' }).click(),
    // The model's offered option (`o1`) is the campaign's first; its sold-out one never has a Choose button,
    // and the model's graph never takes it (the guard refuses it).
    'option.choose': async ({ page }) => page.getByRole('button', { name: 'Choose a gift' }).first().click(),
    'choice.reset': async ({ page }) => page.getByRole('button', { name: 'Choose another gift' }).click(),
    'field.change': async ({ page }, path, i) => {
      const { field, value } = path.steps[i]!.event as unknown as {
        field: keyof typeof RECIPIENT_FIELDS;
        value: string;
      };
      await page.getByRole('textbox', { name: new RegExp(`^${RECIPIENT_FIELDS[field]}`) }).fill(value);
    },
    'recipient.submit': async ({ page }) => page.getByRole('button', { name: 'Send me my gift' }).click(),
    // The server issues the card and mails it: the model's recipient, made one the campaign has not seen.
    'xstate.done.actor.pick': async ({ picks }) => {
      const route = await picks.next();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      const recipient = newRecipient();
      return route.continue({
        postData: JSON.stringify({
          ...body,
          email: recipient.email,
          government_issued_id: recipient.governmentIssuedId,
        }),
      });
    },
    // A recipient who picked before (the server's 409 for their second pick), answered on the way.
    'xstate.error.actor.pick': async ({ picks }, path, i) =>
      (await picks.next()).fulfill(refusalReply(sampleOf(path, i).error)),
  },
});
