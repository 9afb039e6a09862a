import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { apiToken, shoot } from './booking';
import { test } from './fixtures';
import { publishType } from './giftCards';
import { canvasImage, demo, nextMail, signIn } from './helpers';

// Gift card types and purchases (document 3 §2.3, §4, §5, §9; DECISIONS 14) against the real server:
// a hotelier of three properties makes a multi-property type with a rate at one property, an upsell at another
// and photos (uploaded, moved with the keyboard, one removed after a confirmation), publishes it and issues a
// card; on /purchases (the navigation's entry) a purchase is made from pasted recipients, marked paid, then
// issued — the job mails each recipient their card — and its PDFs come as a zip once generated. Staff of the
// hotel (one property) see the purchase and are not offered multi-property types; a hotelier of another company
// is refused the purchase and the card by id. A promo code is made for the hotel's store and that gift card only.

const HOTEL = 'Harbour View Hotel';
const OTHER = 'Laugavegur Townhouse';
const STORE = 'Harbour View gift cards';

/** JSON:API (`data.attributes`, snake_case) or a plain reply, as one object with its id. */
function read<T extends object>(json: unknown): T & { id: string } {
  const data = (json as { data?: { id: string; attributes: Record<string, unknown> } }).data;
  return (data ? { ...data.attributes, id: data.id } : json) as T & { id: string };
}

async function desk(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto('/login');
  await signIn(page, demo(login));
  await expect(page).toHaveURL(/\/bookings/);
  return page;
}

/** The hotelier at the hotel, on a page of the main navigation. */
async function hotelierAt(browser: Browser, link: string): Promise<Page> {
  const page = await desk(browser, 'hotelier');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Property/ })
    .click();
  await page.getByRole('option', { name: HOTEL }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  return page;
}

/** Opens a select and picks an option: by name, or the first real one (after "None"). */
async function choose(page: Page, select: Locator, option: string | 'first'): Promise<string> {
  await select.click();
  const listbox = page.getByRole('listbox');
  const item =
    option === 'first'
      ? listbox
          .getByRole('option')
          .filter({ hasNotText: /^None$/ })
          .first()
      : listbox.getByRole('option', { name: option, exact: true });
  const text = (await item.innerText()).trim();
  await item.click();
  return text;
}

async function refused(
  request: APIRequestContext,
  login: string,
  method: 'get' | 'put',
  path: string,
  data: Record<string, unknown> = {},
) {
  const headers = { authorization: `Bearer ${await apiToken(request, login)}`, accept: 'application/json' };
  const reply =
    method === 'get' ? await request.get(path, { headers }) : await request.put(path, { headers, data });
  return reply.status();
}

test.describe
  .serial('gift card types and purchases', () => {
    const stamp = Date.now();
    const title = `Two hotels ${stamp}`;
    const recipients = [`anna.${stamp}@example.com`, `birgir.${stamp}@example.com`];
    let purchaseNumber = '';

    test('a hotelier makes a multi-property type with an upsell and photos, publishes it and issues a card', async ({
      browser,
      request,
    }, info) => {
      test.slow();
      const page = await hotelierAt(browser, 'Gift cards');
      await page.getByRole('button', { name: 'Create new' }).click();
      const drawer = page.getByRole('dialog', { name: 'Create gift card type' });
      await choose(page, drawer.getByRole('button', { name: /Type/ }), 'Multi-property');
      await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await drawer.getByRole('textbox', { name: 'Price', exact: true }).fill('60000');
      await drawer.getByRole('textbox', { name: 'Inventory' }).fill('10');
      await drawer.getByRole('textbox', { name: 'Description' }).fill('A night in each hotel');
      await drawer.getByText(STORE, { exact: true }).click();

      // Its own property is always one; the second is Laugavegur Townhouse, whose room types then show.
      const properties = drawer.getByRole('group', { name: 'Properties' });
      await expect(properties.getByRole('checkbox', { name: HOTEL })).toBeChecked();
      await expect(properties.getByRole('checkbox', { name: HOTEL })).toBeDisabled();
      await properties.getByText(OTHER, { exact: true }).click();
      const here = drawer.getByRole('group', { name: HOTEL, exact: true });
      await expect(drawer.getByRole('group', { name: OTHER, exact: true })).toBeVisible();
      const rate = await choose(
        page,
        here.getByRole('button', { name: /Rate plan for Superior Double Room/ }),
        'first',
      );

      // An upsell at the other property, at its price.
      await drawer.getByRole('button', { name: 'Add upsell rate plan' }).click();
      const upsell = drawer.getByRole('group', { name: 'Upsell 1' });
      await choose(page, upsell.getByRole('button', { name: /Property of upsell 1/ }), OTHER);
      await choose(page, upsell.getByRole('button', { name: /Room type of upsell 1/ }), 'Single Room');
      await choose(page, upsell.getByRole('button', { name: /Rate plan of upsell 1/ }), 'first');
      await upsell.getByRole('textbox', { name: 'Price of upsell 1' }).fill('5000');

      // Photos: a PNG and a JPEG, the JPEG moved first with the keyboard; a third uploaded, then removed.
      const chooser = page.waitForEvent('filechooser');
      await drawer.getByRole('button', { name: 'Upload photos' }).click();
      await (await chooser).setFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: await canvasImage(page, 'image/png', '#c0392b') },
        {
          name: 'blue.jpg',
          mimeType: 'image/jpeg',
          buffer: await canvasImage(page, 'image/jpeg', '#2471a3'),
        },
      ]);
      const grid = drawer.getByRole('grid', { name: 'Photos, in the order shown' });
      const rows = grid.getByRole('row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1).locator('img[src*=".jpg?"]')).toHaveCount(1);
      // As a keyboard user: from Upload into the list, down to photo 2, Tab to its handle, Enter to pick it up.
      await drawer.getByRole('button', { name: 'Upload photos' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Move photo 2', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('[aria-roledescription="drop indicator"]:focus')).toHaveCount(1);
      for (let step = 0; step < 6; step++) {
        const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
        if (label === 'Insert before Photo 1') break;
        await page.keyboard.press('ArrowUp');
      }
      await expect(page.getByRole('button', { name: 'Insert before Photo 1' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(rows.first().locator('img[src*=".jpg?"]')).toHaveCount(1);
      const third = page.waitForEvent('filechooser');
      await drawer.getByRole('button', { name: 'Upload photos' }).click();
      await (await third).setFiles({
        name: 'green.png',
        mimeType: 'image/png',
        buffer: await canvasImage(page, 'image/png', '#1e8449'),
      });
      await expect(rows).toHaveCount(3);
      await grid.getByRole('button', { name: 'Remove photo 3' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove photo 3?' });
      await expect(confirm).toContainText('Buyers stop seeing it once the gift card is saved.');
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(rows).toHaveCount(2);
      await shoot(page, info, 'gift-card-type-multi');

      const created = page.waitForResponse(
        (r) => /\/gift_card_types$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Create new' }).click();
      const reply = await created;
      expect(reply.status()).toBe(201);
      const type = read<{
        property_id: string;
        giftcard_type: number;
        rate_plans: { property_id: string; rate_plan_title: string }[];
        upsell_rate_plans: { property_id: string; room_type_title: string; price: number }[];
        photos: { url: string; position: number }[];
      }>(await reply.json());
      expect(type.giftcard_type).toBe(1);
      expect(type.rate_plans.map((p) => p.rate_plan_title)).toEqual([rate]);
      expect(type.upsell_rate_plans).toMatchObject([{ room_type_title: 'Single Room', price: 5000 }]);
      expect(type.upsell_rate_plans[0]!.property_id).not.toBe(type.rate_plans[0]!.property_id);
      expect(type.photos.map((p) => p.url)).toEqual([
        expect.stringMatching(/^\/photos\/uploads\/[0-9a-f]{32}\.jpg$/),
        expect.stringMatching(/^\/photos\/uploads\/[0-9a-f]{32}\.png$/),
      ]);
      await expect(page.getByText(`Gift card type “${title}” created.`)).toBeVisible();

      // Edited again, its kind stays: the type select is disabled.
      await page.getByRole('tab', { name: 'Created' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit gift card type' });
      await expect(edit.getByRole('button', { name: /Type/ }).first()).toBeDisabled();
      await expect(
        edit.getByRole('grid', { name: 'Photos, in the order shown' }).getByRole('row'),
      ).toHaveCount(2);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      await publishType(page, title);
      await page.getByRole('button', { name: `Issue cards of ${title}` }).click();
      const issue = page.getByRole('dialog', { name: 'Issue gift cards' });
      await issue.getByRole('textbox', { name: 'Buyer name' }).fill('Helga Hotelier');
      await issue.getByRole('textbox', { name: 'Buyer e-mail' }).fill('helga@example.com');
      await issue
        .getByRole('textbox', { name: /Paste recipients/ })
        .fill(`Dora Dottir\tdora.${stamp}@example.com`);
      await issue.getByRole('button', { name: 'Fill recipients' }).click();
      const issued = page.waitForResponse(
        (r) => r.url().includes('/issue_cards') && r.request().method() === 'POST',
      );
      await issue.getByRole('button', { name: 'Issue' }).click();
      const cards = (await (await issued).json()) as { cards: { id: string; multi_property: boolean }[] };
      expect(cards.cards).toHaveLength(1);
      expect(cards.cards[0]!.multi_property).toBe(true);
      await expect(page.getByText('1 gift card issued.')).toBeVisible();

      // Another company's hotelier asking for the card by its id: refused.
      const pid = type.property_id;
      expect([403, 404]).toContain(
        await refused(
          request,
          'hotelier2',
          'get',
          `/api/v1/tern_hotels/gift_cards/${cards.cards[0]!.id}?propertyId=${pid}`,
        ),
      );
    });

    test('a purchase from pasted recipients is marked paid, then issued by the job; its PDFs come as a zip', async ({
      browser,
      request,
    }, info) => {
      test.slow();
      const page = await hotelierAt(browser, 'Purchases');
      await expect(page).toHaveURL(/\/purchases$/);
      await expect(page.getByRole('heading', { name: 'Gift card purchases', level: 1 })).toBeVisible();

      const create = page.getByRole('button', { name: 'Create new purchase' });
      await expect(create).toBeEnabled();
      await create.click();
      const drawer = page.getByRole('dialog', { name: 'Create new purchase' });
      await drawer.getByRole('button', { name: /Gift card type/ }).click();
      await page.getByRole('option', { name: new RegExp(`^${title} ·`) }).click();
      await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Travel');
      await drawer.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`buyer.${stamp}@example.com`);
      await drawer
        .getByRole('textbox', { name: /Paste recipients/ })
        .fill(`Anna Jons\t${recipients[0]}\nBirgir Sig\t${recipients[1]}`);
      await drawer.getByRole('button', { name: 'Fill recipients' }).click();
      await expect(drawer.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
      await expect(drawer.getByRole('textbox', { name: 'E-mail of recipient 2' })).toHaveValue(
        recipients[1]!,
      );
      await choose(page, drawer.getByRole('button', { name: /Payment/ }), 'Unpaid');
      const made = page.waitForResponse(
        (r) => /\/purchases$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Create new purchase' }).click();
      const purchase = read<{ generated_id: string; property_id: string }>(await (await made).json());
      purchaseNumber = purchase.generated_id;
      await expect(page.getByText(`Purchase ${purchaseNumber} created.`)).toBeVisible();

      const table = page.getByRole('grid', { name: 'Purchases' });
      const row = table.getByRole('row', { name: new RegExp(purchaseNumber) });
      await expect(row).toContainText('Unpaid');
      await expect(row).toContainText('Pending');
      const act = async (action: 'Mark paid' | 'Mark issued') => {
        await row.getByRole('button', { name: `Actions of purchase ${purchaseNumber}` }).click();
        await page.getByRole('menuitem', { name: action }).click();
      };
      await act('Mark paid');
      await page
        .getByRole('alertdialog', { name: 'Mark paid?' })
        .getByRole('button', { name: 'Mark paid' })
        .click();
      await expect(page.getByText('Marked paid.')).toBeVisible();
      await expect(row).toContainText('Paid');

      await act('Mark issued');
      const ask = page.getByRole('alertdialog', { name: 'Issue the cards?' });
      await expect(ask).toContainText(`Issue the 2 cards of purchase ${purchaseNumber}?`);
      await ask.getByRole('button', { name: 'Mark issued' }).click();
      await expect(page.getByText('The cards are being issued.')).toBeVisible();
      // The job mails each recipient their card.
      const links: string[] = [];
      for (const to of recipients) {
        const mail = await nextMail(request, to, 'gift_card', 0);
        expect(mail.attributes.subject).toBe(`Your gift card: ${title}`);
        links.push(/Book your stay with it: (\S+)/.exec(mail.attributes.text)?.[1] ?? '');
      }
      // The card's address (its mail's link, its QR code, its PDF): the store's redemption page, with the store's
      // slug, served as the store's own page, never a 404: a multi-property card first asks for its hotel.
      const card = new URL(links[0]!);
      expect(card.pathname).toMatch(/^\/[A-Za-z0-9-]+\/booking\/[2-9A-HJKMNP-Z]{12}$/);
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(card.pathname);
      await expect(visitor.getByRole('heading', { name: 'Choose a hotel' })).toBeVisible();
      await expect(visitor.getByText(/not found|404/i)).toHaveCount(0);
      await visitor.context().close();
      await expect
        .poll(
          async () => {
            await page.reload();
            return table.getByRole('row', { name: new RegExp(purchaseNumber) }).innerText();
          },
          { timeout: 30_000 },
        )
        .toContain('Issued');

      // The zip: first "being generated", then the file.
      const download = table.getByRole('button', {
        name: `Download the PDFs of the 2 cards of ${purchaseNumber}`,
      });
      await download.click();
      await expect(page.getByText('The PDFs are being generated. Try again in a moment.')).toBeVisible();
      let zip: Buffer | null = null;
      for (let attempt = 0; attempt < 15 && !zip; attempt++) {
        const file = page.waitForEvent('download', { timeout: 3000 }).catch(() => null);
        await download.click();
        const got = await file;
        if (got) {
          expect(got.suggestedFilename()).toMatch(/\.zip$/);
          const path = await got.path();
          zip = (await import('node:fs')).readFileSync(path);
        }
      }
      expect(zip, 'the zip came').not.toBeNull();
      expect(zip!.subarray(0, 2).toString()).toBe('PK');
      await shoot(page, info, 'gift-card-purchases');

      // Another company's hotelier is refused the purchase, to read it and to mark it.
      const at = `/api/v1/tern_hotels/purchases/${purchase.id}`;
      expect([403, 404]).toContain(
        await refused(request, 'hotelier2', 'get', `${at}?propertyId=${purchase.property_id}`),
      );
      expect([403, 404]).toContain(
        await refused(request, 'hotelier2', 'put', `${at}/mark_paid`, { propertyId: purchase.property_id }),
      );
    });

    test('staff of the hotel see the purchases and are not offered multi-property types', async ({
      browser,
    }) => {
      test.slow();
      const page = await desk(browser, 'staff');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Purchases' }).click();
      await page.getByRole('searchbox', { name: 'Search purchases' }).fill(purchaseNumber);
      const row = page
        .getByRole('grid', { name: 'Purchases' })
        .getByRole('row', { name: new RegExp(purchaseNumber) });
      await expect(row).toContainText('Issued');
      await row.getByRole('button', { name: `Actions of purchase ${purchaseNumber}` }).click();
      // Paid and issued already: neither can be asked again.
      await expect(page.getByRole('menuitem', { name: 'Mark paid' })).toBeDisabled();
      await expect(page.getByRole('menuitem', { name: 'Mark issued' })).toBeDisabled();
      await page.keyboard.press('Escape');

      await nav.getByRole('link', { name: 'Gift cards' }).click();
      await page.getByRole('button', { name: 'Create new' }).click();
      const drawer = page.getByRole('dialog', { name: 'Create gift card type' });
      await drawer.getByRole('button', { name: /Type/ }).click();
      await expect(page.getByRole('option', { name: 'Single property' })).toBeVisible();
      await expect(page.getByRole('option', { name: 'No property' })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Multi-property' })).toHaveCount(0);
    });

    test('a hotelier makes a promo code for the hotel’s store and the new gift card only', async ({
      browser,
    }) => {
      test.slow();
      const page = await hotelierAt(browser, 'Promo codes');
      await page.getByRole('button', { name: 'Create promo code' }).click();
      const drawer = page.getByRole('dialog', { name: 'Create promo code' });
      await drawer.getByRole('textbox', { name: 'Name' }).fill('Two hotels promo');
      await drawer.getByRole('textbox', { name: 'Code' }).fill(`TWO${stamp % 100000}`);
      const applies = drawer.getByRole('group', { name: 'Applies to' });
      await applies.getByText(STORE, { exact: true }).click();
      await applies.getByText(title, { exact: true }).click();
      await expect(applies.getByRole('checkbox', { name: title })).toBeChecked();
      const made = page.waitForResponse(
        (r) => /\/promo_codes$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Create promo code' }).click();
      const promo = read<{ applies_to: { store_id: string; gift_card_type_ids: string[] }[] }>(
        await (await made).json(),
      );
      expect(promo.applies_to).toHaveLength(1);
      expect(promo.applies_to[0]!.gift_card_type_ids).toHaveLength(1);
      await expect(page.getByText('Two hotels promo was created')).toBeVisible();

      // Opened again, the store and the gift card are ticked.
      await page.getByRole('searchbox', { name: 'Search promo codes' }).fill(`TWO${stamp % 100000}`);
      await page.getByRole('button', { name: 'Edit Two hotels promo' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit promo code' });
      await expect(edit.getByRole('checkbox', { name: STORE })).toBeChecked();
      await expect(edit.getByRole('checkbox', { name: title })).toBeChecked();
    });
  });
