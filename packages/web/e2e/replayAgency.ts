import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { apiToken, propertyId } from './booking';
import { demo, signIn } from './helpers';

// Who the booking-flow and card-frame replays book as, and where: the second demo agency (`agent2`, Saga Tours)
// at Aker Brygge Fjordhotell — no other spec books there, nor counts its bookings. Its API token and the hotel's
// id, and the signed-in session, are taken once a worker.

export const REPLAY_LOGIN = 'agent2';
export const REPLAY_HOTEL = 'Aker Brygge Fjordhotell';

let api: { token: string; propertyId: string } | null = null;
let session: string | null = null;

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
export async function signedInForReplay(page: Page): Promise<void> {
  if (session) {
    await page.addInitScript((stored) => {
      if (!localStorage.getItem('tern.session')) localStorage.setItem('tern.session', stored);
    }, session);
    return;
  }
  await page.goto('/login');
  await signIn(page, demo(REPLAY_LOGIN));
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible({ timeout: 25_000 });
  session = await page.evaluate(() => localStorage.getItem('tern.session'));
}
