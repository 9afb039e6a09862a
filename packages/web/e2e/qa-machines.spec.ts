import { expect, test } from '@playwright/test';
import { WebSocketServer } from 'ws';
import { demo, signIn, signOut } from './helpers';

// The QA machine visualizer: an admin opens /qa/machines, finds the checkout machine, and reads its
// statechart laid out by ELK in the page's worker; the states take focus and the arrow keys move between them;
// then steps through the checkout by hand (Simulate). Outside sandbox mode and dev builds the page is the admins'
// (core's guard tests and `features/qa/access.test.ts`); this server runs in sandbox mode.

test('an admin opens the machine visualizer and reads the checkout machine', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('admin'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto('/qa/machines');
  await expect(page.getByRole('heading', { name: 'State machines', level: 1 })).toBeVisible();

  const list = page.getByRole('listbox', { name: 'Machines' });
  await expect(list.getByRole('option', { name: /^sessionMachine/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a machine' }).fill('checkout');
  await list.getByRole('option', { name: /^checkoutMachine/ }).click();

  const chart = page.getByRole('group', { name: 'Statechart of checkoutMachine' });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  for (const state of ['filling', 'awaitingCard', 'submitting', 'confirmed']) {
    await expect(chart.locator(`[data-state="checkout.${state}"]`)).toBeVisible();
  }
  await expect(chart.getByRole('button', { name: 'Final state confirmed' })).toBeVisible();
  expect(await chart.locator('[data-transition]').count()).toBeGreaterThan(3);

  // Keyboard: a state takes focus and an arrow key moves to another.
  const filling = chart.locator('[data-state="checkout.filling"]');
  await filling.focus();
  await page.keyboard.press('ArrowDown');
  await expect(filling).not.toBeFocused();
  await expect(chart.locator('[data-state]:focus')).toHaveCount(1);

  // Zoom and the Mermaid export.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText('Zoom 125 %')).toBeVisible();
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('checkout.svg');
  const mermaid = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  expect((await mermaid).suggestedFilename()).toBe('checkout.mmd');
});

test('a QA person steps through the checkout machine by hand (Simulate)', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('admin'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto('/qa/machines');
  await page.getByRole('searchbox', { name: 'Find a machine' }).fill('checkout');
  await page
    .getByRole('listbox', { name: 'Machines' })
    .getByRole('option', { name: /^checkoutMachine/ })
    .click();
  const chart = page.getByRole('group', { name: 'Statechart of checkoutMachine' });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  const lit = (state: string) => chart.locator(`[data-state="checkout.${state}"]`);

  // Started from core's sample input: a stay of one room, no card needed.
  await expect(page.getByRole('textbox', { name: 'Input (JSON)' })).toHaveValue(/"accommodation"/);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const state = page.getByRole('status').filter({ hasText: /^State: / });
  await expect(state).toHaveText('State: {"filling":"idle"} (active)');
  await expect(lit('filling')).toHaveAttribute('aria-pressed', 'true');
  await expect(lit('submitting')).toHaveAttribute('aria-pressed', 'false');

  // The agreement, then the form through the payload editor (a broken payload is said, not sent).
  await page.getByRole('button', { name: 'agreement.set', exact: true }).click();
  await expect(page.getByText('Step 2 of 2: agreement.set')).toBeVisible();
  const payload = page.getByRole('textbox', { name: 'Payload (JSON)' });
  await page.getByRole('combobox', { name: 'Event' }).selectOption('field.change');
  await payload.fill('{"field": "name", "value": ');
  await page.getByRole('button', { name: 'Send with this payload' }).click();
  await expect(page.getByRole('alert')).toContainText('The payload is not valid JSON');
  const send = async (type: string, body: object) => {
    await page.getByRole('combobox', { name: 'Event' }).selectOption(type);
    await payload.fill(JSON.stringify(body));
    await page.getByRole('button', { name: 'Send with this payload' }).click();
  };
  await send('field.change', { field: 'name', value: 'Ana' });
  await send('field.change', { field: 'surname', value: 'Silva' });
  await send('field.change', { field: 'mail', value: 'ana@example.com' });
  await send('field.change', { field: 'phone', value: '+351 912 345 678' });
  await send('guest.change', { room: 0, guest: 0, field: 'firstName', value: 'Ana' });
  await send('guest.change', { room: 0, guest: 0, field: 'lastName', value: 'Silva' });
  await expect(page.getByText('Step 8 of 8: guest.change')).toBeVisible();

  // Submitted: the booking call waits for the QA person.
  await page.getByRole('button', { name: 'form.submit', exact: true }).click();
  await expect(state).toHaveText('State: "submitting" (active)');
  await expect(lit('submitting')).toHaveAttribute('aria-pressed', 'true');
  await expect(lit('filling')).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Reject createBooking' }).click();
  await expect(state).toHaveText('State: {"filling":"idle"} (active)');
  await page.getByRole('button', { name: /^▸ error/ }).click();
  await expect(page.getByText('"Refused by QA"')).toBeVisible();

  // Back to the call under way, and this time it books.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(state).toHaveText('State: "submitting" (active)');
  await page.getByRole('button', { name: 'Resolve createBooking' }).click();
  await expect(state).toHaveText('State: "confirmed" (done)');
  await expect(lit('confirmed')).toHaveAttribute('aria-pressed', 'true');
  // The machine's output, its tree open at the top.
  const output = page.getByRole('list', { name: 'output' });
  await expect(output.getByRole('listitem').filter({ hasText: /^bookingId: "b-1"$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/qa-simulate-checkout.png', fullPage: true });
});

test('Live: the visualizer lights up the machines of another Tern tab as it is used', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, demo('admin'));
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto('/qa/machines');
  // A built app reports only when this browser was told to (a dev build always does).
  await page.getByRole('checkbox', { name: 'Let this browser’s Tern tabs report their machines' }).check();

  const other = await context.newPage();
  await other.goto('/bookings');
  await expect(other.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();

  const live = page.getByRole('list', { name: 'Live machines' });
  const session = live.getByRole('button', { name: /^session: .*\(tab \w+\)$/ });
  await expect(session).toBeVisible({ timeout: 15_000 });
  await session.click();
  const chart = page.getByRole('group', { name: 'Statechart of sessionMachine' });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect(chart.locator('[data-state="session.active"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('[data-state="session.anonymous"]')).toHaveAttribute('aria-pressed', 'false');

  // Signing out in the other tab moves the followed session machine on, and the chart with it.
  await signOut(other);
  await expect(other).toHaveURL(/\/login/);
  await expect(chart.locator('[data-state="session.anonymous"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('[data-state="session.active"]')).toHaveAttribute('aria-pressed', 'false');
  await other.close();
});

test('Live: the visualizer connects to a tern --inspect socket on 127.0.0.1', async ({ page }) => {
  // The command's side is `packages/cli/src/inspect/server.ts` (its own test); here a socket on the port the
  // app's CSP allows sends what it sends: core's report of a checkout actor.
  const port = Number(process.env.TERN_E2E_PORT ?? 4310) + 5;
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  server.on('connection', (socket) =>
    socket.send(
      JSON.stringify({
        kind: 'actor',
        source: 'cli:4242',
        actor: 'x:1',
        machine: 'checkout',
        status: 'active',
        value: 'submitting',
        active: ['checkout.submitting'],
        context: {},
        event: 'form.submit',
        at: Date.now(),
      }),
    ),
  );
  try {
    await page.goto('/login');
    await signIn(page, demo('admin'));
    await expect(page).toHaveURL(/\/bookings/);
    await page.goto('/qa/machines');
    await page.getByRole('textbox', { name: 'Port of a tern --inspect command' }).fill(String(port));
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText(`Connected to 127.0.0.1:${port}`)).toBeVisible();
    await page
      .getByRole('list', { name: 'Live machines' })
      .getByRole('button', { name: 'checkout: "submitting" after form.submit (cli:4242)' })
      .click();
    const chart = page.getByRole('group', { name: 'Statechart of checkoutMachine' });
    await expect(chart.locator('[data-state="checkout.submitting"]')).toHaveAttribute(
      'aria-pressed',
      'true',
      {
        timeout: 15_000,
      },
    );
  } finally {
    server.close();
  }
});

test('in sandbox mode (the test server’s) a reseller opens the visualizer too', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, demo('agent'));
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/qa/machines');
  await expect(page).toHaveURL(/\/qa\/machines/);
  await expect(page.getByRole('heading', { name: 'State machines', level: 1 })).toBeVisible();
});
