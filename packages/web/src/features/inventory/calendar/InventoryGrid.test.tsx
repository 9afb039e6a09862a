import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { addCatalogue, createI18n } from '../../../i18n';
import { inventoryPart } from '../../../i18n/inventory';
import { calendarWindow, EMPTY_DATA, gridRows, mergeCalendar } from './calendarModel';
import { InventoryGrid, monthsAtOpen } from './InventoryGrid';

/** A plan of its own (no parent), without a max sell. */
const OWN_PLAN = { rateMode: 'manual' as const, maxSell: null, parentRatePlanId: null, inherited: [] };
/** A night with none of the plan's rooms booked, and no max sell. */
const UNSOLD = { sold: 0, maxSellLeft: null };

const i18n = createI18n();
addCatalogue(i18n, inventoryPart);
const wrap = (node: ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const today = '2026-11-24';
const window = calendarWindow(today);
const data = mergeCalendar(EMPTY_DATA, {
  propertyId: 'p1',
  from: '2026-11-01',
  to: '2026-11-30',
  currency: 'EUR',
  units: [
    {
      id: 'u1',
      title: 'Double',
      count: 5,
      nights: window.days.slice(0, 30).map((date) => ({ date, total: 5, booked: 1, free: 4 })),
    },
  ],
  ratePlans: [
    {
      id: 'r1',
      unitId: 'u1',
      title: 'Flex',
      sellMode: 'per_room',
      maxAdults: 2,
      ...OWN_PLAN,
      nights: window.days.slice(0, 30).map((date) => ({
        date,
        price: 120,
        byOccupancy: [120, 120],
        stopSell: date === today,
        closedToArrival: false,
        closedToDeparture: false,
        minStayArrival: 1,
        minStayThrough: 1,
        maxStay: null,
        ...UNSOLD,
      })),
    },
  ],
});
const rows = gridRows(data.structure!);

function setup() {
  const onEdit = vi.fn();
  const onMonthsInView = vi.fn();
  wrap(
    <InventoryGrid
      window={window}
      rows={rows}
      data={data}
      versions={{ '2026-11': 1 }}
      status={{ '2026-11': { state: 'ready' }, '2026-12': { state: 'loading' } }}
      today={today}
      onMonthsInView={onMonthsInView}
      onEdit={onEdit}
      initialSize={{ width: 1000, height: 400 }}
    />,
  );
  return { onEdit, onMonthsInView, grid: screen.getByRole('grid', { name: 'Inventory by night' }) };
}

const focused = () => document.activeElement as HTMLElement;

describe('monthsAtOpen', () => {
  const keys = (today: string, width: number) =>
    monthsAtOpen(calendarWindow(today), today, width).map((m) => m.key);
  it('names the months the grid shows when it opens at today, for its width', () => {
    // 1280 px from the 24th: 16 days in view and 4 drawn beyond reach into December.
    expect(keys('2026-11-24', 1280)).toEqual(['2026-11', '2026-12']);
    expect(keys('2026-11-02', 1280)).toEqual(['2026-11']);
    // A phone (its titles' column is narrower) from the 10th: November only.
    expect(keys('2026-11-10', 390)).toEqual(['2026-11']);
    // A wide screen from the 20th of December reaches January of the next year.
    expect(keys('2026-12-20', 2560)).toEqual(['2026-12', '2027-01']);
  });
});

describe('InventoryGrid', () => {
  it('is an ARIA grid of the whole year that draws only the days in view, starting at today', () => {
    const { grid, onMonthsInView } = setup();
    expect(grid.getAttribute('aria-colcount')).toBe(String(window.days.length + 1));
    expect(grid.getAttribute('aria-rowcount')).toBe(String(rows.length + 1));
    const cells = screen.getAllByRole('gridcell');
    const drawnDays = new Set(cells.map((c) => c.getAttribute('data-day')));
    expect(drawnDays.has(today)).toBe(true);
    expect(drawnDays.size).toBeLessThan(40);
    // One tab stop: today's first row.
    const stops = cells.filter((c) => c.tabIndex === 0);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.getAttribute('data-day')).toBe(today);
    const [inView, ahead] = onMonthsInView.mock.calls.at(-1)!;
    expect(inView.map((m: { key: string }) => m.key)).toEqual(['2026-11', '2026-12']);
    expect(ahead.map((m: { key: string }) => m.key)).toEqual(['2027-01', '2027-02']);
  });

  it('says what each cell holds, and marks the days still loading', () => {
    setup();
    const on = (day: string, name: RegExp) =>
      screen.getAllByRole('gridcell', { name }).filter((c) => c.getAttribute('data-day') === day);
    expect(on(today, /2026, Double · Flex · Stop sell: yes$/).map((c) => c.textContent)).toEqual(['Stop']);
    expect(on('2026-11-25', /2026, Double · Flex · Stop sell: no$/).map((c) => c.textContent)).toEqual(['']);
    expect(on(today, /2026, Double · Free to sell: 4$/).map((c) => c.textContent)).toEqual(['4']);
    expect(on(today, /2026, Double · Flex · Max stay: no maximum$/).map((c) => c.textContent)).toEqual(['–']);
    const loading = screen
      .getAllByRole('gridcell')
      .filter((c) => c.getAttribute('data-day') === '2026-12-01');
    expect(loading.length).toBeGreaterThan(0);
    for (const cell of loading) expect(cell.getAttribute('aria-busy')).toBe('true');
  });

  it('moves by keys: arrows, Home and End of the month, PageDown a month on, Ctrl+Home to the first cell', async () => {
    const user = userEvent.setup();
    const { onEdit } = setup();
    screen
      .getAllByRole('gridcell')
      .find((c) => c.tabIndex === 0)!
      .focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(focused().getAttribute('data-day')).toBe('2026-11-25');
    expect(focused().getAttribute('data-cell')).toBe(`1:${window.days.indexOf('2026-11-25')}`);
    await user.keyboard('{End}');
    expect(focused().getAttribute('data-day')).toBe('2026-11-30');
    await user.keyboard('{Home}');
    expect(focused().getAttribute('data-day')).toBe('2026-11-01');
    await user.keyboard('{PageDown}{PageDown}');
    expect(focused().getAttribute('data-day')).toBe('2027-01-01');
    await user.keyboard('{PageUp}');
    expect(focused().getAttribute('data-day')).toBe('2026-12-01');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(focused().getAttribute('data-cell')).toBe(`0:${window.days.indexOf('2026-12-01')}`);
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focused().getAttribute('data-day')).toBe('2027-10-31');
    expect(
      focused()
        .getAttribute('data-cell')
        ?.startsWith(`${rows.length - 1}:`),
    ).toBe(true);
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(focused().getAttribute('data-cell')).toBe('0:0');
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(rows[0], '2026-11-01');
  });
});
