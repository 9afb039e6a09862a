import { expect, type Page, test } from '@playwright/test';
import { inDays, mapSearches, signInAgent } from './booking';

// The search page's map against the real server: what a phone does to the URL, and the price clusters.

const reykjavik = (days: number) =>
  `/search?type=accommodation&currency=USD&checkinDate=${inDays(days)}&checkoutDate=${inDays(days + 2)}&adults=2&children=0&city=Reykjavik`;

async function resultCount(page: Page): Promise<number> {
  const list = page.getByRole('list', { name: 'Search results' });
  await expect(list.locator(':scope > li').first()).toBeVisible();
  return list.locator(':scope > li').count();
}

test('on a phone, Map then List keeps the results: a hidden map writes no bounds, even after a reload', async ({
  page,
}) => {
  await signInAgent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(reykjavik(40));
  const results = await resultCount(page);
  expect(results).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(map.locator('.price-marker').first()).toBeVisible();
  // Showing the map (it fits the results) is not a move of the user's: nothing is written either.
  await page.waitForTimeout(1200);
  expect(new URL(page.url()).searchParams.has('mapCoordinates')).toBe(false);
  await page.getByRole('button', { name: 'List', exact: true }).click();
  // Longer than the search page's 500 ms wait: a bounds change would be in the URL and searched by now.
  await page.waitForTimeout(1200);
  expect(new URL(page.url()).searchParams.has('mapCoordinates')).toBe(false);
  expect(await resultCount(page)).toBe(results);
  await page.reload();
  expect(await resultCount(page)).toBe(results);
  expect(new URL(page.url()).searchParams.has('mapCoordinates')).toBe(false);
});

test('a zero-area mapCoordinates in the URL is ignored: the whole city is searched', async ({ page }) => {
  await signInAgent(page);
  const results = await (async () => {
    await page.goto(reykjavik(42));
    return resultCount(page);
  })();
  // What a 0 × 0 map reported before: its centre as a box of no size.
  await page.goto(`${reykjavik(42)}&mapCoordinates=64.14,-21.93,64.14,-21.93`);
  expect(await resultCount(page)).toBe(results);
});

test('price markers too close to read are clustered: the count and lowest price, zoom in on Enter', async ({
  page,
}, info) => {
  await signInAgent(page);
  await page.goto(reykjavik(44));
  const results = await resultCount(page);
  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(map.locator('.price-marker').first()).toBeVisible();
  // Zoomed out over Iceland, every Reykjavik hotel is in one cluster.
  // Each zoom searches the area shown: wait for the answers to stop before reading a marker.
  const { settled } = mapSearches(page);
  await map.getByRole('button', { name: 'Zoom out', exact: true }).click();
  await map.getByRole('button', { name: 'Zoom out', exact: true }).click();
  await settled(Date.now());
  const cluster = map
    .getByRole('button', { name: /^\d+ properties (from USD [\d,]+\.\d{2}|), zoom in$/ })
    .first();
  await expect(cluster).toBeVisible();
  const name = (await cluster.getAttribute('aria-label')) ?? '';
  const count = Number(name.split(' ')[0]);
  expect(count).toBeGreaterThan(1);
  expect(count).toBeLessThanOrEqual(results);
  // Its price is the lowest of the results' prices.
  const prices = (await page.getByRole('list', { name: 'Search results' }).innerText()).match(
    /USD [\d,]+\.\d{2}/g,
  );
  const lowest = Math.min(...(prices ?? []).map((p) => Number(p.slice(4).replace(/,/g, ''))));
  if (/from USD/.test(name)) expect(name).toContain(`USD ${lowest.toFixed(2)}`);
  await expect(cluster).toContainText(String(count));
  await page.screenshot({ path: info.outputPath('clusters-desktop.png') });
  // Keyboard: Tab reaches the cluster, Enter zooms in on it: it splits and more of its markers show.
  await cluster.focus();
  await expect(cluster).toBeFocused();
  const zoomed = Date.now();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('button', { name })).toHaveCount(0);
  await expect.poll(async () => map.locator('.price-marker').count()).toBeGreaterThan(1);
  await settled(zoomed);
  // The zoom searched the visible area; then a single price marker opens its preview from the keyboard too.
  await expect(page).toHaveURL(/mapCoordinates=/);
  const single = map.locator('.price-marker:not(.price-marker--cluster)').first();
  await single.focus();
  await expect(single).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Selected property' })).toBeVisible();
});
