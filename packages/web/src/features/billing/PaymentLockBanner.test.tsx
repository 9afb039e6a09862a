import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resellerUser, storedFor } from '../../../test/fixtures';
import { fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;

describe('payment lock banner', () => {
  it('tells a locked agency why and opens the billing portal in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const portal = vi.fn(async () => ({
      stripeCustomerPortalSessionUrl: 'http://api.test/billing/portal/t1',
    }));
    const client = fakeClient(
      {},
      {
        'billing.resellerPortal': portal as never,
        'bookings.list': (async () => ({ items: [], meta: { page: 1, limit: 10, total: 0 } })) as never,
      },
    );
    const locked = { ...resellerUser, agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: true } };
    renderApp({ path: '/bookings', client, stored: storedFor(locked, later()) });
    expect(await screen.findByText('Locked for card payments')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the billing portal' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://api.test/billing/portal/t1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it('stays away while the agency is not locked', async () => {
    const client = fakeClient(
      {},
      { 'bookings.list': (async () => ({ items: [], meta: { page: 1, limit: 10, total: 0 } })) as never },
    );
    renderApp({ path: '/bookings', client, stored: storedFor(resellerUser, later()) });
    await screen.findByRole('heading', { name: 'No bookings to show yet' });
    expect(screen.queryByText('Locked for card payments')).toBeNull();
  });
});
