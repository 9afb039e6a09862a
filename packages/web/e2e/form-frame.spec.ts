import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from './helpers';

/** Hotelier2 signed in, on a settings page. */
async function hotelierAt(page: Page, path: string) {
  await page.goto('/login');
  await signIn(page, demo('hotelier2'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto(path);
}

test('property details: leaving with unsaved edits asks, a refused save shows by its field and the next save clears it', async ({
  page,
}) => {
  await hotelierAt(page, '/settings/property-details');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).not.toHaveValue('');
  const settings = page.getByRole('navigation', { name: 'Settings' });

  // An edit, then another settings page: asked; Stay keeps the page and the edit.
  const words = `Quiet rooms over the fjord, ${Date.now()}.`;
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.fill(words);
  await settings.getByRole('link', { name: 'Policies' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/property-details$/);
  await expect(description).toHaveValue(words);

  const save = page.getByRole('button', { name: 'Save changes' });
  const saved = page.getByRole('status').filter({ hasText: 'The property details are saved' });
  await save.click();
  await expect(saved).toBeVisible();

  // The server refuses an e-mail that is not one: said beside the field and in the summary, which takes the focus.
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
  const before = await email.inputValue();
  await email.fill('not an e-mail');
  await save.click();
  const summary = page.getByRole('alert').filter({ hasText: 'The changes are not saved' });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/form-frame-refused.png', fullPage: true });
  await summary.getByRole('button', { name: 'E-mail' }).click();
  await expect(email).toBeFocused();

  // Put right and saved at once (nothing covers Save): the error goes, beside the field and above the form.
  await email.fill(before);
  await save.click({ timeout: 5_000 });
  await expect(saved).toBeVisible();
  await expect(summary).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // Saved: another settings page opens without a question.
  await settings.getByRole('link', { name: 'Policies' }).click();
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
  await expect(ask).toHaveCount(0);
});

test('a success notification never covers the form’s buttons, on a desktop and on a phone', async ({
  page,
}) => {
  await hotelierAt(page, '/settings/policies');
  const save = page.getByRole('button', { name: 'Save the hotel policy' });
  const checkIn = page.getByRole('textbox', { name: 'Check-in from' });
  for (const size of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await checkIn.fill('15:00');
    await save.click();
    const saved = page.getByRole('alertdialog', { name: 'The policies are saved' });
    await expect(saved).toBeVisible();
    // Placed once the notification is in: its box and the button's share no pixel.
    await expect
      .poll(async () => {
        const [a, b] = [await saved.boundingBox(), await save.boundingBox()];
        if (!a || !b) return 'unmeasured';
        const apart =
          a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
        return apart ? 'apart' : `overlap ${JSON.stringify({ toast: a, save: b })}`;
      })
      .toBe('apart');
    await page.screenshot({ path: `test-results/toast-over-form-${size.width}.png` });
    await saved.getByRole('button', { name: 'Close' }).click();
    await expect(saved).toHaveCount(0);
  }
});
