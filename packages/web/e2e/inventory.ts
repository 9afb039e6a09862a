import { type APIRequestContext, type Browser, expect, type FrameLocator, type Page } from '@playwright/test';
import { demo, signIn } from './helpers';

// What the inventory specs share: the demo hotel they work on, the calendar through the API, the hotelier's
// desk and the calendar's frame on the inventory page.

export const HOTEL = 'Laugavegur Townhouse';

export interface CalendarReply {
  units: { id: string; title: string; nights: { date: string; booked: number }[] }[];
  rate_plans: { id: string; unit_id: string; title: string }[];
}

export async function calendar(
  request: APIRequestContext,
  token: string,
  id: string,
  from: string,
  to: string,
) {
  const reply = await request.get(`/api/v1/tern_hotels/properties/${id}/inventory?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as CalendarReply;
}

/** The calendar's frame, once its grid has drawn. */
export async function openCalendar(page: Page): Promise<FrameLocator> {
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const frame = page.frameLocator('iframe[title^="Inventory calendar of"]');
  await expect(frame.getByRole('grid', { name: 'Inventory by night' })).toBeVisible({ timeout: 20_000 });
  return frame;
}

/** The hotelier signed in, in a context of their own, with the hotel chosen. */
export async function hotelierDesk(browser: Browser): Promise<Page> {
  const desk = await browser.newPage();
  await desk.goto('/login');
  await signIn(desk, demo('hotelier'));
  await expect(desk).toHaveURL(/\/bookings$/);
  const switcher = desk.getByRole('button', { name: /Property/ });
  await switcher.click();
  await desk.getByRole('option', { name: HOTEL }).click();
  await expect(switcher).toContainText(HOTEL);
  return desk;
}
