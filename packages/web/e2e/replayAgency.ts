import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { demoManagerOf, demoSession, openRate } from '../../../fixtures/src/test/openStay.ts';
import { apiToken, propertyId } from './booking';
import { signedInAs } from './helpers';

// Who the booking-flow and card-frame replays book as, and where: the second demo agency (`agent2`, Saga Tours)
// at Aker Brygge Fjordhotell — no other spec books there, nor counts its bookings. Its API token and the hotel's
// id, and the signed-in session, are taken once a worker.

export const REPLAY_LOGIN = 'agent2';
export const REPLAY_HOTEL = 'Aker Brygge Fjordhotell';

let api: { token: string; propertyId: string } | null = null;
let manager: string | null = null;

/** The agency's API token and the hotel's id (once a worker). */
export async function replayApi(): Promise<{ token: string; propertyId: string }> {
  if (!api) {
    const request = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    const token = await apiToken(request, REPLAY_LOGIN);
    api = { token, propertyId: await propertyId(request, token, REPLAY_HOTEL) };
    await request.dispose();
  }
  return api;
}

/** Signs the page in as the agency: through the login page once a worker, then the stored session before the app loads. */
export const signedInForReplay = (page: Page) => signedInAs(page, REPLAY_LOGIN);

/** A rate plan of the reseller API's `list_with_rates`, as far as the replays read it. */
export type { WireRate } from '../../../fixtures/src/test/openStay.ts';

/**
 * A call to the test server as the agency, beside the browser (Node's fetch: the page's own request context,
 * `page.request`, was seen to wait forever on these calls while the app's page was open).
 */
export async function replayCall(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const { token } = await replayApi();
  const reply = await fetch(new URL(path, test.info().project.use.baseURL), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await reply.text();
  expect(reply.ok, `${init.method ?? 'GET'} ${path}: ${text}`).toBe(true);
  return JSON.parse(text) as unknown;
}

/**
 * A rate of the hotel for two adults free on the stay's nights, and its room type: one bookable without a card
 * (`none`: no guarantee asked) or one that needs a card (`card`: a guarantee, so the checkout shows the vault's frame).
 * The replay makes it so, whatever the demo world's figures for those nights: the hotel's manager opens the rate's
 * nights first (rooms free, a price, no restriction: fixtures' `openRate`).
 */
export async function replayRate(checkin: string, checkout: string, guarantee: 'none' | 'card') {
  const { token, propertyId: id } = await replayApi();
  const baseUrl = test.info().project.use.baseURL!;
  manager ??= await demoSession(baseUrl, demoManagerOf('aker-brygge-fjordhotell'));
  return openRate(
    { baseUrl, agentToken: token, supplierToken: manager },
    { propertyId: id, checkin, checkout, currency: 'EUR' },
    (r) =>
      r.occupancy.adults === 2 &&
      r.occupancy.children === 0 &&
      ((r.cancellation_policy?.guarantee_payment_policy ?? 'none') === 'none') === (guarantee === 'none'),
  );
}
