import { expect, type Page } from '@playwright/test';
import { apiToken, findStay, propertyId } from './booking';
import { test } from './fixtures';
import { demo, signIn } from './helpers';

/** Books a stay through the API as the agent (the engine's own browser tests cover booking in the app). */
async function bookThroughApi(page: Page, surname: string) {
  const request = page.request;
  const token = await apiToken(request, 'agent');
  const id = await propertyId(request, token, 'Harbour View Hotel');
  const stay = await findStay(request, token, id, 'Flexible with breakfast', 75);
  const reply = await request.post(`/api/v2/resellers/accommodations/${id}/create_booking`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'idempotency-key': `e2e-${surname}`,
    },
    data: {
      booking: {
        currency: 'USD',
        arrival_date: stay.checkin,
        departure_date: stay.checkout,
        customer: { name: 'Ada', surname, mail: 'ada@example.com' },
        rooms: [
          {
            rate_plan_id: stay.plan.id,
            room_type_code: stay.unit.id,
            occupancy: stay.plan.occupancy,
            guests: [],
          },
        ],
        policy_accepted: true,
      },
    },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { reservation_id: string }).reservation_id;
}

test('an agent finds a booking, opens it and cancels it; its hotelier sees it read-only; another agency does not', async ({
  page,
  browser,
}) => {
  const number = await bookThroughApi(page, 'Byron');
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/bookings$/);
  await page.getByRole('textbox', { name: /Search by number/ }).fill(number);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('grid', { name: 'Bookings' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Harbour View Hotel');

  // The hotelier of the property sees it, without the cancel action.
  const hotelierContext = await browser.newContext();
  const hotelier = await hotelierContext.newPage();
  await hotelier.goto('/login');
  await signIn(hotelier, demo('hotelier'));
  await hotelier.getByRole('textbox', { name: /Search by number/ }).fill(number);
  const theirs = hotelier.getByRole('grid', { name: 'Bookings' });
  await expect(theirs.getByRole('button', { name: number })).toBeVisible();
  await theirs.getByRole('button', { name: number }).click();
  const readOnly = hotelier.getByRole('dialog', { name: `Booking ${number}` });
  await expect(readOnly).toContainText('Ada Byron');
  await expect(readOnly.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await hotelierContext.close();

  // Another agency does not see it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/login');
  await signIn(other, demo('agent2'));
  await other.getByRole('textbox', { name: /Search by number/ }).fill(number);
  await expect(other.getByRole('heading', { name: 'No bookings match' })).toBeVisible();
  await otherContext.close();

  await table.getByRole('button', { name: number }).click();
  const drawer = page.getByRole('dialog', { name: `Booking ${number}` });
  // The special request's form is on the form frame: its buttons in the sticky bar (its style loaded with it).
  await drawer.getByRole('button', { name: 'Edit special request' }).click();
  const form = drawer.getByRole('form', { name: 'Edit special request' });
  await form.getByRole('textbox', { name: 'Special request' }).fill('Late arrival, about 23:00');
  const save = form.getByRole('button', { name: 'Save the special request' });
  expect(await save.evaluate((button) => getComputedStyle(button.parentElement!).position)).toBe('sticky');
  await save.click();
  await expect(drawer.getByText('Saved successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(drawer).toContainText('Late arrival, about 23:00');
  await drawer.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Cancel booking ${number}?` });
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(table.getByRole('row').nth(1)).toContainText('Cancelled');

  // The advanced search narrows to cancelled bookings; the address keeps the search through a reload.
  await page.getByRole('button', { name: /Advanced search/ }).click();
  const filters = page.getByRole('form', { name: 'Advanced search' });
  await filters.getByRole('button', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]status=canceled/);
  await expect(page.getByRole('button', { name: /Advanced search.*1 filter set/ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Search by number/ })).toHaveValue(number);
  await expect(table.getByRole('row').nth(1)).toContainText('Cancelled');
});

/** Whether the page, or any table box on it, scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() =>
    [
      document.documentElement,
      ...document.querySelectorAll('.bookings__table-wrap, .contracts__table-wrap'),
    ].some((box) => box.scrollWidth > box.clientWidth + 1),
  );

test('on a phone the bookings and contracts lists read as one card a row, sortable and openable, nothing sideways', async ({
  page,
}, info) => {
  const booked = await bookThroughApi(page, 'Lovelace');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).toHaveURL(/\/bookings$/);
  const table = page.getByRole('grid', { name: 'Bookings' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: info.outputPath('bookings-phone.png'), fullPage: true });
  await page.getByRole('textbox', { name: /Search by number/ }).fill(booked);
  await expect(table.getByRole('row')).toHaveCount(2);
  // Still a table to a screen reader: a header row and rows of cells.
  await expect(table.getByRole('columnheader')).toHaveText([
    /^Booking/,
    'Name',
    'Supplier',
    /^Stay/,
    /^Booked/,
    /^Total/,
    /^Status/,
  ]);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('button')).toBeInViewport();
  // Each value is named by its column on the card.
  await expect(first.getByRole('gridcell').first()).toHaveText('Ada Lovelace');
  await expect(first.getByRole('gridcell').first()).toHaveAttribute('data-label', 'Name');

  // The sortable headers stay on screen as a row of their own.
  const byTotal = table.getByRole('columnheader', { name: 'Total' });
  await expect(byTotal).toBeInViewport();
  await byTotal.click();
  await expect(page).toHaveURL(/[?&]sort=/);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
    'aria-sort',
    /ascending|descending/,
  );

  await first.getByRole('button', { name: booked }).click();
  await expect(page.getByRole('dialog', { name: `Booking ${booked}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // The discover list: each property's actions are on screen without scrolling sideways.
  await page.goto('/contracts');
  const discover = page.getByRole('grid', { name: 'Discover' });
  await expect(discover.getByRole('button', { name: /^Request contract with / }).first()).toBeInViewport();
  expect(await scrollsSideways(page)).toBe(false);
  // The pager fits too: its buttons show arrows, named for screen readers.
  const pager = page.getByRole('navigation', { name: 'Pages of contracts' });
  await pager.scrollIntoViewIfNeeded();
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeInViewport({ ratio: 1 });
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: info.outputPath('contracts-phone.png'), fullPage: true });
});
