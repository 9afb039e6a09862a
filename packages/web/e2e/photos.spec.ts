import { type Browser, expect, type Page } from '@playwright/test';
import { apiToken, inDays, propertyId, shoot, signInAgent } from './booking';
import { test } from './fixtures';
import { canvasImage, demo, signIn } from './helpers';

// A property's photos (document 2 §3, §4, §5, §8, §9): a hotelier uploads photos (an indicator per file, a
// refused file explained), describes them (required), orders them with the keyboard, removes one after a
// confirmation and saves; an agent then sees the new photos first, in that order, on the property page.

const HOTEL = 'Laugavegur Townhouse';

async function desk(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, demo(login));
  await expect(page).toHaveURL(/\/bookings/);
  return page;
}

test('a hotelier uploads, describes, orders by keyboard and removes photos; an agent sees them so', async ({
  browser,
  page: agent,
  request,
}, info) => {
  test.slow();
  const hotelier = await desk(browser, 'hotelier');
  await hotelier.goto('/settings/property-details');
  await hotelier
    .getByRole('banner')
    .getByRole('button', { name: /Property/ })
    .click();
  await hotelier.getByRole('option', { name: HOTEL }).click();
  const menu = hotelier.getByRole('navigation', { name: 'Settings' });
  await menu.getByRole('link', { name: 'Photos' }).click();
  await expect(hotelier).toHaveURL(/\/settings\/photos$/);
  await expect(menu.getByRole('link', { name: 'Photos' })).toHaveAttribute('aria-current', 'page');
  const grid = hotelier.getByRole('grid', { name: 'Photos, in the order shown' });
  const rows = grid.getByRole('row');
  await expect(rows.first()).toContainText('Position 1');
  const demoCount = await rows.count();
  expect(demoCount).toBeGreaterThan(1);

  // Uploads answer slowly here, so each file's indicator is seen — the first picked the slowest, so the second
  // answers first: the grid still shows them in the order picked.
  await hotelier.route('**/upload_image', async (route) => {
    const first = route.request().postDataBuffer()?.includes('red-room.png') ?? false;
    await new Promise((done) => setTimeout(done, first ? 1500 : 700));
    await route.continue();
  });
  const red = await canvasImage(hotelier, 'image/png', '#c0392b');
  const blue = await canvasImage(hotelier, 'image/jpeg', '#2471a3');
  const chooser = hotelier.waitForEvent('filechooser');
  await hotelier.getByRole('button', { name: 'Upload photos' }).click();
  await (await chooser).setFiles([
    { name: 'red-room.png', mimeType: 'image/png', buffer: red },
    { name: 'blue-lagoon.jpg', mimeType: 'image/jpeg', buffer: blue },
    { name: 'animation.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') },
  ]);
  const uploads = hotelier.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar', { name: 'Uploading… red-room.png' })).toBeVisible();
  await expect(uploads.getByRole('progressbar', { name: 'Uploading… blue-lagoon.jpg' })).toBeVisible();
  // Refused by its name at once, and by its content on the server: each told beside the file.
  await expect(uploads.getByRole('listitem').filter({ hasText: 'animation.gif' })).toContainText(
    'Only .png, .jpeg and .jpg images can be uploaded.',
  );
  await expect(uploads.getByRole('listitem').filter({ hasText: 'notes.png' })).toContainText(
    'Only .png, .jpeg and .jpg images can be uploaded.',
  );
  await expect(rows).toHaveCount(demoCount + 2);
  await expect(uploads.getByRole('progressbar')).toHaveCount(0);
  await expect(rows.nth(demoCount).locator('img[src*=".png?"]')).toHaveCount(1);
  await expect(rows.nth(demoCount + 1).locator('img[src*=".jpg?"]')).toHaveCount(1);
  await hotelier.getByRole('button', { name: 'Dismiss notes.png' }).click();
  await expect(uploads.getByRole('listitem')).toHaveCount(1);

  // Without descriptions the save is refused, field by field.
  await hotelier.getByRole('button', { name: 'Save photos' }).click();
  await expect(hotelier.getByText('Describe every photo before saving.')).toBeVisible();
  // Each row is found by its file (the demo photos are SVG).
  const redRow = rows.filter({ has: hotelier.locator('img[src*=".png?"]') });
  const blueRow = rows.filter({ has: hotelier.locator('img[src*=".jpg?"]') });
  await expect(redRow.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
  await redRow.getByRole('textbox', { name: 'Description' }).fill('Red room at dusk');
  await blueRow.getByRole('textbox', { name: 'Description' }).fill('Blue lagoon view');
  await blueRow.getByRole('button', { name: /Kind/ }).click();
  await hotelier.getByRole('option', { name: 'Photo' }).click();

  // The keyboard: a photo's handle, Enter to pick it up, then the arrows from drop place to drop place (each
  // told by its name, as a screen reader reads it) to the one wanted, and Enter to drop it there.
  const placeOf = (label: string) => {
    const m = /Insert (before|between|after) Photo (\d+)/.exec(label);
    if (!m) throw new Error(`not a drop place: ${label}`);
    return m[1] === 'before' ? 0 : Number(m[2]);
  };
  const focusedLabel = () =>
    hotelier.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  const moveTo = async (from: number, to: number) => {
    await hotelier.getByRole('button', { name: `Move photo ${from}`, exact: true }).focus();
    await hotelier.keyboard.press('Enter');
    await expect(hotelier.locator('[aria-roledescription="drop indicator"]:focus')).toHaveCount(1);
    for (let step = 0; step < 20; step++) {
      const at = placeOf(await focusedLabel());
      if (at === to - 1) break;
      await hotelier.keyboard.press(at > to - 1 ? 'ArrowUp' : 'ArrowDown');
    }
    const target = to === 1 ? 'Insert before Photo 1' : `Insert between Photo ${to - 1} and Photo ${to}`;
    await expect(hotelier.getByRole('button', { name: target })).toBeFocused();
    await hotelier.keyboard.press('Enter');
  };
  const positionOf = async (row: typeof redRow) =>
    Number(/Position (\d+)/.exec(await row.locator('.photo-row__position').innerText())![1]);
  await moveTo(await positionOf(blueRow), 1);
  await expect(rows.first().getByRole('textbox', { name: 'Description' })).toHaveValue('Blue lagoon view');
  await moveTo(await positionOf(redRow), 2);
  await expect(rows.nth(1).getByRole('textbox', { name: 'Description' })).toHaveValue('Red room at dusk');
  await expect(rows.first()).toContainText('Position 1');

  // The last demo photo goes, after a confirmation.
  const last = demoCount + 2;
  const lastDescription = await rows
    .nth(last - 1)
    .getByRole('textbox', { name: 'Description' })
    .inputValue();
  await hotelier.getByRole('button', { name: `Remove photo ${last}` }).click();
  const confirm = hotelier.getByRole('alertdialog', { name: `Remove photo ${last} (${lastDescription})?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(demoCount + 1);
  await hotelier.getByRole('button', { name: 'Save photos' }).click();
  await expect(
    hotelier.getByText('The photos are saved: resellers see them in this order now'),
  ).toBeVisible();
  await expect(hotelier.getByText('Removed photos: 1')).toBeVisible();
  await shoot(hotelier, info, 'photos');

  // What an agent sees on the property page: the new photos first, in this order; the removed one gone.
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, HOTEL);
  await signInAgent(agent);
  await agent.goto(
    `/property/${id}?type=accommodation&currency=ISK&checkinDate=${inDays(40)}&checkoutDate=${inDays(42)}&adults=2&children=0`,
  );
  const gallery = agent.getByRole('region', { name: `Photos of ${HOTEL}` });
  await expect(gallery.getByRole('img', { name: 'Blue lagoon view' })).toBeVisible();
  const sources = await gallery.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(sources[0]).toMatch(/^\/photos\/uploads\/[0-9a-f]{32}\.jpg$/);
  expect(sources[1]).toMatch(/^\/photos\/uploads\/[0-9a-f]{32}\.png$/);
  expect(sources).toHaveLength(demoCount + 1);
  const served = await agent.request.get(`${sources[1]}?w=575`);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a hotelier uploads the property’s logo on the details page, and removes it after a confirmation', async ({
  browser,
}) => {
  const hotelier = await desk(browser, 'hotelier2');
  await hotelier.goto('/settings/property-details');
  const title = await hotelier.getByRole('textbox', { name: 'Title' }).inputValue();
  const logo = hotelier.getByRole('region', { name: 'Logo' });
  await expect(logo.getByText('No logo yet: resellers see the title alone.')).toBeVisible();
  const chooser = hotelier.waitForEvent('filechooser');
  await logo.getByRole('button', { name: 'Upload a logo' }).click();
  await (await chooser).setFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await canvasImage(hotelier, 'image/png', '#117a65'),
  });
  await expect(hotelier.getByText('The logo is saved')).toBeVisible();
  await expect(logo.getByRole('img', { name: 'The property’s logo' })).toHaveAttribute(
    'src',
    /^\/photos\/uploads\/[0-9a-f]{32}\.png\?w=575$/,
  );
  await logo.getByRole('button', { name: 'Remove the logo' }).click();
  await hotelier
    .getByRole('alertdialog', { name: `Remove the logo of ${title}?` })
    .getByRole('button', { name: 'Remove the logo' })
    .click();
  await expect(hotelier.getByText('The logo is removed')).toBeVisible();
  await expect(logo.getByRole('img')).toHaveCount(0);
});
