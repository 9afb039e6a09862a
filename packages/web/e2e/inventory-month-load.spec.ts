import { expect, test } from '@playwright/test';
import { apiToken, inDays, propertyId } from './booking';
import { calendar, HOTEL, hotelierDesk } from './inventory';

// The inventory calendar's month load (a month in ≤ 100 ms on the demo data), measured by the calendar
// itself with the Performance API (`inventory-month:YYYY-MM`, from its call to the frame after it is drawn) and
// printed against the target, MET or MISSED; it prints, it does not fail (the shared machine's load decides the
// figure). Also how long a month that came into view waited for its values (0 when it was loaded ahead).

/** A month loads in at most this long, from its call to the frame after it is drawn. */
const MONTH_TARGET_MS = 100;

// Without Playwright's trace: it snapshots the page's DOM at each step, the grid's every cell, in script on the
// calendar's main thread — which would be measured with the months.
test.use({ trace: 'off' });

test('each month of the calendar is drawn within 100 ms of its call (printed: MET or MISSED)', async ({
  browser,
  request,
}) => {
  // The calendar read once through the API first, as a server that has answered it before.
  const token = await apiToken(request, 'hotelier');
  const id = await propertyId(request, await apiToken(request, 'agent'), HOTEL);
  await calendar(request, token, id, inDays(150), inDays(200));
  const desk = await hotelierDesk(browser);
  // The calendar opened without a locator polling its frame: a role locator walks the grid's every node in script
  // on the calendar's main thread, in the first months' time (openCalendar's wait for the grid).
  await desk.goto('/inventory');
  const inFrame = () => desk.frames().find((f) => f.url().includes('/inventory/calendar'));
  await expect.poll(() => Boolean(inFrame()), { timeout: 20_000 }).toBe(true);
  const calendarFrame = inFrame()!;
  await expect
    .poll(() => calendarFrame.evaluate(() => Boolean(document.querySelector('[role=grid]'))), {
      timeout: 20_000,
    })
    .toBe(true);
  const frame = desk.frameLocator('iframe[title^="Inventory calendar of"]');
  // Whether every month the calendar asked for is drawn (each start mark measured) and no cell in view is
  // loading — read with the page's own APIs: Playwright's locators walk every node of the grid in script on the
  // calendar's main thread, which would be measured with the months it polls for.
  const allDrawn = () =>
    calendarFrame.evaluate(() => {
      const marks = performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('inventory-month-start'));
      const drawn = performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('inventory-month:'));
      return marks.length === drawn.length && !document.querySelector('[role=gridcell][aria-busy="true"]');
    });
  const settle = async () => {
    await expect.poll(allDrawn).toBe(true);
    await desk.waitForTimeout(300);
    await expect.poll(allDrawn).toBe(true);
  };
  await settle();

  // A month loads within the target: measured by the calendar itself (Performance API). Paging a month on at a
  // time, each load runs alone (the next month is asked for as the one before comes into view).
  await frame.locator('[role=gridcell][tabindex="0"]').focus();
  for (let i = 0; i < 5; i++) {
    await desk.keyboard.press('PageDown');
    await settle();
  }
  const measured = (prefix: string) =>
    calendarFrame.evaluate(
      (p) =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith(p))
          .map((m) => ({ month: m.name.slice(p.length), ms: Math.round(m.duration) })),
      prefix,
    );
  const measures = await measured('inventory-month:');
  expect(measures.length).toBeGreaterThan(2);
  const slow = measures.filter((m) => m.ms > MONTH_TARGET_MS);
  const sorted = measures.map((m) => m.ms).sort((a, b) => a - b);
  console.log(
    `inventory month load (call → drawn): ${measures.map((m) => `${m.month} ${m.ms} ms`).join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms; target ≤ ${MONTH_TARGET_MS} ms each — ${slow.length ? `MISSED (${slow.length} of ${measures.length} over)` : 'MET'}`,
  );
  const waits = await measured('inventory-month-wait:');
  console.log(
    `inventory month wait once in view (0: loaded ahead): ${waits.map((m) => `${m.month} ${m.ms} ms`).join(', ')}`,
  );

  await desk.close();
});
