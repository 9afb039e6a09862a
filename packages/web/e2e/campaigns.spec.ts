import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { canvasImage, demo, expectAccessible, nextMail, signIn } from './helpers';

/**
 * Gift campaigns (issue 25), from the hotel to the recipient's stay: the hotelier makes a campaign with two gifts
 * on `/gift-campaigns` (core's M41: the campaign, then each gift with its photo uploaded) and publishes it from its
 * row (M28, confirmed); a recipient opens the public page (store.html, Icelandic: `?locale=is`), chooses a gift
 * ("Flott val!"), fills the form and is thanked; the e-mail in the outbox holds the card the staff's recipients
 * list names; picking again (the same id, on a phone, in English) is refused with the server's meaning; axe scans
 * the public page's list and form; then the card is redeemed for a stay in the store (RW's redemption pages).
 * The gifts are of the demo store's types (read through its API), never a day's prices or stock.
 */

const SLUG = 'harbour-view';

/** The demo store's types with cards left (made by the server's --demo start, after it answers). */
async function storeTypes(request: APIRequestContext): Promise<{ id: string; title: string }[]> {
  let types: { id: string; title: string; stock: number }[] = [];
  await expect
    .poll(
      async () => {
        const reply = await request.get(`/api/v1/gift_cards_store/${SLUG}`);
        if (!reply.ok()) return 0;
        const body = (await reply.json()) as { types: { id: string; title: string; stock: number }[] };
        types = body.types.filter((t) => Number(t.stock) > 0);
        return types.length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(1);
  return types;
}

/** Types a day into a date field's DD/MM/YYYY segments. */
async function typeDay(scope: ReturnType<Page['locator']>, day: string) {
  const [y, m, d] = day.split('-');
  const segment = scope.getByRole('spinbutton', { name: /^day/ }).first();
  await segment.click();
  await segment.pressSequentially(`${d}${m}${y}`);
}

/** Fills gift `number` of the drawer: its words, expiry, type and an uploaded photo. */
async function fillGift(
  page: Page,
  drawer: ReturnType<Page['locator']>,
  number: number,
  gift: { name: string; type: string; expires: string; colour: string },
) {
  await drawer.getByRole('button', { name: 'Add a gift option' }).click();
  const fields = drawer.getByRole('group', { name: `Gift ${number}`, exact: true });
  await fields.getByRole('textbox', { name: 'Name', exact: true }).fill(gift.name);
  await fields
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill(`${gift.name}, with breakfast`);
  await typeDay(fields, gift.expires);
  await fields.getByRole('button', { name: /Gift card type/ }).click();
  await page.getByRole('option', { name: gift.type, exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await fields.getByRole('button', { name: 'Upload photos' }).click();
  await (await chooser).setFiles({
    name: `gift-${number}.png`,
    mimeType: 'image/png',
    buffer: await canvasImage(page, 'image/png', gift.colour),
  });
  await expect(fields.locator('img[src*="/photos/uploads/"]')).toHaveCount(1);
}

test('a campaign made and published by the hotel, a gift picked once, its card e-mailed and redeemed', async ({
  page,
  request,
}) => {
  test.slow();
  const stamp = Date.now();
  const name = `Partner gifts ${stamp}`;
  const recipient = { name: 'Guðrún Jónsdóttir', email: `gudrun-${stamp}@example.com`, id: '1203894569' };
  const types = await storeTypes(request);
  const expires = new Date(stamp + 400 * 86_400_000).toISOString().slice(0, 10);

  // The hotel: a draft with two gifts, then published from its row.
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  // The first sign-in on a freshly seeded server, beside other work, can take a while.
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 30_000 });
  await page.goto('/gift-campaigns');
  await expect(page.getByRole('heading', { name: 'Gift campaigns', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create a campaign' }).click();
  const drawer = page.getByRole('dialog', { name: 'New gift campaign' });
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Thank you for the year: choose one');
  await fillGift(page, drawer, 1, {
    name: 'A night by the harbour',
    type: types[0]!.title,
    expires,
    colour: '#2471a3',
  });
  await fillGift(page, drawer, 2, {
    name: 'Dinner and a night',
    type: types[1]!.title,
    expires,
    colour: '#c0392b',
  });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Campaign “${name}” created.`)).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await page.getByRole('button', { name: `Publish ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish this campaign?' });
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Campaign published.')).toBeVisible();
  await page.getByRole('tab', { name: 'Published' }).click();
  const view = page.getByRole('link', { name: `View ${name}` });
  await expect(view).toHaveAttribute('target', '_blank');
  const campaignId = (await view.getAttribute('href'))!.replace('/gift-campaign/', '');
  expect(campaignId).not.toBe('');

  // The recipient, on a desktop, in Icelandic: the list, a choice, the form, the thanks.
  await page.goto(`/gift-campaign/${campaignId}?locale=is`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const gifts = page.getByRole('list', { name: 'Gjafir í boði' });
  await expect(gifts.getByRole('heading', { name: 'A night by the harbour' })).toBeVisible();
  await expect(gifts.getByRole('heading', { name: 'Dinner and a night' })).toBeVisible();
  await expect(gifts.getByText(/^Gildir til /)).toHaveCount(2);
  await expect(page.getByText('Knúið af Tern')).toBeVisible();
  await expectAccessible(page, 'campaign page (desktop, Icelandic)');
  await gifts.getByRole('button', { name: 'Velja gjöf' }).nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Flott val!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gjöfin þín' })).toContainText('Dinner and a night');
  await page.getByLabel('Fullt nafn').fill(recipient.name);
  await page.getByLabel('Netfang').fill(recipient.email);
  await page.getByLabel(/^Kennitala/).fill(recipient.id);
  await page.getByRole('button', { name: 'Senda mér gjöfina' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Takk fyrir!' })).toBeVisible();
  await expect(page.getByText(`Við höfum sent gjafabréfið þitt á ${recipient.email}.`)).toBeVisible();

  // The same id again, on a phone, in English: refused, in the visitor's words of the server's refusal.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/gift-campaign/${campaignId}?locale=en`);
  await page.getByRole('button', { name: 'Choose a gift' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Great choice!' })).toBeVisible();
  await expectAccessible(page, 'campaign form (phone, English)');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('E-mail', { exact: true }).fill(`other-${stamp}@example.com`);
  await page.getByLabel(/^National ID number/).fill(recipient.id);
  const again = page.waitForResponse((r) => r.url().includes('/gift_recipients'));
  await page.getByRole('button', { name: 'Send me my gift' }).click();
  const refused = await again;
  expect(refused.status()).toBe(409);
  expect(JSON.stringify(await refused.json())).toContain('campaign_already_picked');
  await expect(
    page.getByRole('alert').filter({ hasText: 'You have already chosen a gift from this campaign.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Great choice!' })).toBeVisible();

  // The staff see who picked what and the card sent; the recipient's e-mail holds that card.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/gift-campaigns');
  await page.getByRole('button', { name: `Recipients of ${name} (1)` }).click();
  const list = page.getByRole('dialog', { name: `Recipients of ${name}` });
  const row = list.getByRole('row').filter({ hasText: recipient.name });
  await expect(row).toContainText('Dinner and a night');
  await expect(row).toContainText('…4569');
  const code = (await row.getByRole('gridcell').nth(3).textContent())!.trim();
  expect(code).toMatch(/^\S{6,}$/);
  // In the language the gift was picked in: the campaign page's, Icelandic.
  const mail = await nextMail(request, recipient.email, 'gift_card', 0);
  expect(mail.attributes.subject).toMatch(/^Gjafabréfið þitt: /);
  expect(mail.attributes.text).toContain(`Númer þess: ${code}.`);

  // The recipient books a stay with the card in the store (a campaign's card asks for the hotel's name).
  await page.goto(`/${SLUG}/booking/${code}?locale=en`);
  await expect(page.getByRole('heading', { name: 'Book your stay' })).toBeVisible();
  const open = page.locator('button.redeem-day:not([aria-disabled])');
  const book = page.getByRole('button', { name: /^Book .+, .+/ }).first();
  for (let tries = 0; tries < 8; tries++) {
    await open.nth(tries).click();
    await expect(page.getByText(/Finding rooms/)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Rooms for your stay' })).toBeVisible();
    if (await book.isVisible()) break;
  }
  await book.click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Guðrún');
  await page.getByLabel('Last name', { exact: true }).fill('Jónsdóttir');
  await page.getByLabel('E-mail', { exact: true }).fill(recipient.email);
  await page.getByLabel('Phone', { exact: true }).fill('5551234');
  await page.getByLabel('Your hotel’s name').fill('Partner Hotel');
  await page.getByLabel('Nationality').selectOption('IS');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Reservation number')).toBeVisible();
});
