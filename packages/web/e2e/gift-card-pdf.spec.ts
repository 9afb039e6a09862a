import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiToken } from './booking';
import { createNoPropertyType } from './giftCards';
import { demo, signIn } from './helpers';

// The PDF tab of a gift card type (document 3 §3, §5, §9) against the real server: a hotelier makes a
// template of the property's own there, adds a section and sees the live preview draw it, moves it with the arrow
// keys and the pointer, saves the template with the tab's own button ("Saved successfully"), edits it again —
// Cancel asks first — and saves it with the drawer's Save, and downloads an issued card's PDF — printed with that
// template (the section's font, Roboto Mono Bold, is embedded in the file).

test('a hotelier edits a PDF template with its live preview, saves it and downloads a card’s PDF', async ({
  page,
  request,
}) => {
  test.slow();
  const title = `Winter stay ${Date.now()}`;
  // The font files the preview asks the server for (the PDF's own).
  const fontFiles: { url: string; status: number; type: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/v1/fonts/'))
      fontFiles.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()['content-type'],
      });
  });
  await page.goto('/login');
  await signIn(page, demo('hotelier'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.getByRole('link', { name: 'Gift cards' }).first().click();
  await expect(page.getByRole('heading', { name: 'Gift cards', level: 1 })).toBeVisible();

  // A type of the demo hotel, published when created.
  const { id: typeId, propertyId } = await createNoPropertyType(page, {
    title,
    price: 90,
    stock: 3,
    description: 'A night in the snow',
  });

  // One card of it, issued beside the browser.
  const token = await apiToken(request, 'hotelier');
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const issued = await request.post(`/api/v1/tern_hotels/gift_card_types/${typeId}/issue_cards`, {
    headers,
    data: {
      property_id: propertyId,
      recipients: [{ row_key: 'e2e-1', name: 'Snow Queen', email: 'snow@example.com' }],
    },
  });
  expect(issued.status()).toBe(201);
  const code = ((await issued.json()) as { cards: { generated_id: string }[] }).cards[0]!.generated_id;

  // The PDF tab: a new template of the property, named, with a section added.
  await page.getByRole('tab', { name: 'Created' }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit gift card type' });
  await drawer.getByRole('tab', { name: 'PDF' }).click();
  const preview = drawer.getByRole('img', { name: 'Preview of the PDF' });
  await expect(preview).toBeVisible();
  await drawer.getByRole('button', { name: 'New template' }).click();
  const name = drawer.getByRole('textbox', { name: 'Template name' });
  await expect(name).toHaveValue('New template');
  await name.fill(`Winter ${Date.now()}`);
  await expect(preview.locator('[data-kind="info"]')).toHaveCount(0);
  await drawer.getByRole('button', { name: /Kind of section to add/ }).click();
  await page.getByRole('option', { name: 'Info' }).click();
  await drawer.getByRole('button', { name: 'Add section' }).click();
  const words = drawer.getByRole('textbox', { name: 'Text' });
  await words.fill('Valid all winter long');
  // The live preview draws the new section as it is typed.
  await expect(preview.locator('[data-kind="info"]')).toContainText('Valid all winter long');
  await drawer.getByRole('button', { name: /Font/ }).click();
  await page.getByRole('option', { name: 'Roboto Mono Bold' }).click();
  await expect(preview.locator('[data-kind="info"]')).toHaveAttribute('data-font', 'Roboto Mono Bold');
  // Drawn in the PDF's Roboto Mono 700, loaded from the server's file (not a font of this machine).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (f) =>
            f.family.replaceAll('"', '') === 'Roboto Mono' && f.weight === '700' && f.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  expect(fontFiles.map((f) => new URL(f.url).pathname)).toContain(
    '/api/v1/fonts/roboto-mono-latin-700-normal.woff',
  );
  for (const file of fontFiles) expect(file, file.url).toMatchObject({ status: 200, type: 'font/woff' });

  // The new section moved on the page: by the arrow keys once focused (its place announced), then dragged.
  const top = drawer.getByRole('textbox', { name: 'Top (0–841)' });
  const first = Number(await top.inputValue());
  await drawer.getByRole('button', { name: 'Move “Info”' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(top).toHaveValue(String(first + 12));
  await expect(drawer.getByRole('status').filter({ hasText: '“Info” at' })).toHaveText(
    `“Info” at 60, ${first + 12} points from the top left.`,
  );
  const handle = await drawer.getByRole('button', { name: 'Move “Info”' }).boundingBox();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await top.inputValue())).toBeGreaterThan(first + 12);
  const moved = Number(await top.inputValue());
  await drawer.getByRole('button', { name: 'Save PDF design' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  const type = await request.get(`/api/v1/tern_hotels/gift_card_types/${typeId}?property_id=${propertyId}`, {
    headers,
  });
  const templateId = ((await type.json()) as { data: { attributes: { pdf_template_id: string } } }).data
    .attributes.pdf_template_id;
  const templates = await request.get(`/api/v1/tern_hotels/pdf_templates?property_id=${propertyId}`, {
    headers,
  });
  const templatesReply = (await templates.json()) as {
    items: {
      id: string;
      property_id: string | null;
      pdf_sections: { kind: string; text: string; padding: { top: number } }[];
    }[];
  };
  const saved = templatesReply.items.find((t) => t.id === templateId);
  expect(saved?.property_id).toBe(propertyId);
  expect(saved?.pdf_sections.map((s) => s.kind)).toEqual(['color_fill', 'title', 'info']);
  expect(saved?.pdf_sections[2]).toMatchObject({ padding: { top: moved } });

  // A later edit: Cancel asks first (and keeps it), and the drawer's own Save keeps the PDF design too.
  await words.fill('Valid all winter and spring');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(words).toHaveValue('Valid all winter and spring');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(drawer).toBeHidden();
  const after = await request.get(`/api/v1/tern_hotels/pdf_templates?property_id=${propertyId}`, { headers });
  const kept = ((await after.json()) as typeof templatesReply).items.find((t) => t.id === templateId);
  expect(kept?.pdf_sections.map((s) => s.text)).toContain('Valid all winter and spring');
  const typeAfter = await request.get(
    `/api/v1/tern_hotels/gift_card_types/${typeId}?property_id=${propertyId}`,
    {
      headers,
    },
  );
  expect(
    ((await typeAfter.json()) as { data: { attributes: { pdf_template_id: string } } }).data.attributes
      .pdf_template_id,
  ).toBe(templateId);

  // The card's PDF from the orders page, printed with the saved template.
  await page.goto('/orders');
  await page.getByRole('searchbox', { name: /Search code/ }).fill(code);
  const table = page.getByRole('grid', { name: 'Issued gift cards' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Actions for ${code}` }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`gift-card-${code}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/RobotoMono-Bold/);
});
