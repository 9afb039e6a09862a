import type { CalendarSession, InventoryCalendar, TernClient } from '@tern/sdk';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { addCatalogue, createI18n } from '../../../i18n';
import { inventoryPart } from '../../../i18n/inventory';
import { CalendarApp } from './CalendarApp';

const i18n = createI18n();
addCatalogue(i18n, inventoryPart);

const month = (from: string, to: string): InventoryCalendar => ({
  propertyId: 'p1',
  from,
  to,
  currency: 'EUR',
  units: [{ id: 'u1', title: 'Double', count: 5, nights: [{ date: from, total: 5, booked: 0, free: 5 }] }],
  ratePlans: [],
});
const session: CalendarSession = {
  token: 'cal-1',
  propertyId: 'p1',
  timezone: 'Atlantic/Reykjavik',
  expiresAt: '2030-01-01T00:00:00Z',
};
/** Noon on 24 November 2026 in UTC (and Reykjavík). */
const NOON = Date.parse('2026-11-24T12:00:00Z');
const refused = Object.assign(new Error('x'), { code: 'one_time_token_invalid', params: {} });

function setup(token: string | null, exchange: () => Promise<CalendarSession>, now = NOON) {
  const calendar = vi.fn(async ({ query }: { query: { from: string; to: string } }) =>
    month(query.from, query.to),
  );
  const client = { inventory: { calendar } } as unknown as TernClient;
  const onFailed = vi.fn();
  let end: ((error: unknown) => void) | null = null;
  const onOpen = vi.fn((_: CalendarSession, e: (error: unknown) => void) => {
    end = e;
  });
  render(
    <I18nextProvider i18n={i18n}>
      <CalendarApp
        params={token ? { token, propertyId: 'p1' } : null}
        client={client}
        exchange={vi.fn(exchange)}
        onOpen={onOpen}
        onFailed={onFailed}
        now={() => now}
      />
    </I18nextProvider>,
  );
  return { calendar, onFailed, onOpen, end: (error: unknown) => end!(error) };
}

describe('CalendarApp', () => {
  it('opens a calendar session with the token, then loads the months in view in one call, the current one first', async () => {
    const { calendar, onOpen, onFailed } = setup('ott-1', async () => session);
    expect(await screen.findByRole('grid', { name: 'Inventory by night' })).toBeTruthy();
    expect(onOpen).toHaveBeenCalledWith(session, expect.any(Function));
    expect(calendar.mock.calls[0]![0]).toEqual({
      params: { propertyId: 'p1' },
      // The 24th in a grid 1200 px wide (the test's document has no layout) shows the first days of December.
      query: { from: '2026-11-01', to: '2026-12-31' },
    });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('counts its days in the property’s time zone, not the device’s: the first month is the property’s', async () => {
    // 30 November at 11:00 UTC is already 1 December on Kiritimati (UTC+14), and still 30 November in Honolulu.
    const late = Date.parse('2026-11-30T11:00:00Z');
    const east = setup('ott-east', async () => ({ ...session, timezone: 'Pacific/Kiritimati' }), late);
    expect(await screen.findByRole('grid', { name: 'Inventory by night' })).toBeTruthy();
    expect(east.calendar.mock.calls[0]![0].query).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('and a property west of the device keeps its own today', async () => {
    const late = Date.parse('2026-11-30T11:00:00Z');
    const west = setup('ott-west', async () => ({ ...session, timezone: 'Pacific/Honolulu' }), late);
    expect(await screen.findByRole('grid', { name: 'Inventory by night' })).toBeTruthy();
    expect(west.calendar.mock.calls[0]![0].query).toEqual({ from: '2026-11-01', to: '2026-12-31' });
  });

  it('refuses a used or foreign token clearly, and tells the page', async () => {
    const { calendar, onFailed } = setup('ott-2', async () => Promise.reject(refused));
    expect(await screen.findByText('This calendar link cannot be used')).toBeTruthy();
    expect(
      screen.getByText(/This link to the calendar was used, has expired or is for another property/),
    ).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ code: 'one_time_token_invalid' }));
    expect(calendar).not.toHaveBeenCalled();
  });

  it('refuses a page opened without a token', async () => {
    const { onFailed } = setup(null, async () => session);
    expect(await screen.findByText(/opened without a link from the inventory page/)).toBeTruthy();
    expect(onFailed).toHaveBeenCalled();
  });

  it('says when the calendar session has ended, and tells the page', async () => {
    const { onFailed, end } = setup('ott-3', async () => session);
    await screen.findByRole('grid', { name: 'Inventory by night' });
    act(() => end(Object.assign(new Error('x'), { code: 'session_expired', params: {} })));
    expect(await screen.findByText('The calendar session has ended')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ code: 'session_expired' }));
  });
});
