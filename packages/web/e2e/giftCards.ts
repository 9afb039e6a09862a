import { expect, type Page } from '@playwright/test';

/**
 * On the gift cards page: creates a no-property type in the create drawer, sold in the demo hotel's store
 * (the seed's), and waits for the page to say it was created. Returns the new type's id and property (from the
 * server's reply).
 */
export async function createNoPropertyType(
  page: Page,
  type: { title: string; price: number; stock: number; description: string },
): Promise<{ id: string; propertyId: string }> {
  await page.getByRole('button', { name: 'Create new' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create gift card type' });
  await drawer.getByRole('button', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'No property' }).click();
  await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill(type.title);
  await drawer.getByRole('textbox', { name: 'Price', exact: true }).fill(String(type.price));
  await drawer.getByRole('textbox', { name: 'Inventory' }).fill(String(type.stock));
  await drawer.getByRole('textbox', { name: 'Description' }).fill(type.description);
  // react-aria's checkbox input is visually hidden: a person clicks its label.
  await drawer.getByText('Harbour View gift cards', { exact: true }).click();
  await expect(drawer.getByRole('checkbox', { name: 'Harbour View gift cards' })).toBeChecked();
  const created = page.waitForResponse(
    (r) => /\/gift_card_types$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await drawer.getByRole('button', { name: 'Create new' }).click();
  const made = (await (await created).json()) as {
    data: { id: string; attributes: { property_id: string } };
  };
  await expect(page.getByText(`Gift card type “${type.title}” created.`)).toBeVisible();
  return { id: made.data.id, propertyId: made.data.attributes.property_id };
}

/** On the gift cards page, a type of the list shown: publishes it (confirmed), then shows the Published tab. */
export async function publishType(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Publish this gift card?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByText('Gift card published successfully.')).toBeVisible();
  await page.getByRole('tab', { name: 'Published' }).click();
}
