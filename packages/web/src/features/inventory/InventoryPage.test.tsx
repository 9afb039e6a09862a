import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';
import { readCalendarParams } from './frameMessages';

const later = () => Date.now() + 3_600_000;

function tokens(fail = false) {
  let n = 0;
  const oneTimeToken = vi.fn(async ({ body }: { body: { propertyId: string } }) => {
    if (fail) throw Object.assign(new Error('Not found.'), { code: 'not_found', params: {} });
    n += 1;
    return { token: `t-${n}`, propertyId: body.propertyId, expiresAt: '2030-01-01T00:00:00Z', expiresIn: 60 };
  });
  return oneTimeToken;
}

const frameOf = () => screen.findByTitle(/^Inventory calendar of /) as Promise<HTMLIFrameElement>;

describe('InventoryPage (M22)', () => {
  it('opens the calendar frame with a one-time token of the selected property', async () => {
    const oneTimeToken = tokens();
    renderApp({
      path: '/inventory',
      stored: storedFor(supplierUser, later()),
      client: fakeClient({}, { 'inventory.oneTimeToken': oneTimeToken }),
    });
    const frame = await frameOf();
    expect(frame.getAttribute('src')).toMatch(/^\/inventory\/calendar#/);
    expect(readCalendarParams(new URL(frame.src).hash)).toEqual({ token: 't-1', propertyId: 'p-1' });
    expect(oneTimeToken).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Inventory', level: 1 })).toBeTruthy();
  });

  it('shows a refused token with the error text and opens the calendar again with a new token', async () => {
    const oneTimeToken = tokens();
    renderApp({
      path: '/inventory',
      stored: storedFor(supplierUser, later()),
      client: fakeClient({}, { 'inventory.oneTimeToken': oneTimeToken }),
    });
    const frame = await frameOf();
    const failed = {
      type: 'tern:inventory-calendar',
      event: 'failed',
      error: { code: 'one_time_token_invalid', params: {}, message: 'used' },
    };
    // A message from elsewhere (not the frame's window) is ignored.
    fireEvent(
      window,
      new MessageEvent('message', { data: failed, origin: window.location.origin, source: window }),
    );
    expect(screen.queryByText('Something went wrong')).toBeNull();
    fireEvent(
      window,
      new MessageEvent('message', {
        data: failed,
        origin: window.location.origin,
        source: frame.contentWindow,
      }),
    );
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(
      screen.getByText(/This link to the calendar was used, has expired or is for another property/),
    ).toBeTruthy();
    expect(screen.queryByTitle(/^Inventory calendar of /)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open the calendar again' }));
    const again = await frameOf();
    expect(readCalendarParams(new URL(again.src).hash)).toEqual({ token: 't-2', propertyId: 'p-1' });
  });

  it('says so when the token cannot be had, with a retry', async () => {
    renderApp({
      path: '/inventory',
      stored: storedFor(supplierUser, later()),
      client: fakeClient({}, { 'inventory.oneTimeToken': tokens(true) }),
    });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the calendar again' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTitle(/^Inventory calendar of /)).toBeNull());
  });
});
