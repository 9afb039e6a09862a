import { PaymentLockedError, type User } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, property, resellerUser, storedFor, supplierUser } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;

/** The profile page: a quiet page of the app layout, where the banner shows like on any other. */
function renderProfile(user: User, handlers: CallHandlers = {}) {
  const client = fakeClient({ currentUser: async () => ({ type: 'user', ...user }) }, handlers);
  return renderApp({ path: '/profile', client, stored: storedFor(user, later()) });
}

const lockedAgent: User = {
  ...resellerUser,
  agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: true },
};

describe('payment lock banner', () => {
  it('shows when a call meets the lock mid-session: the user is read again and the bookings list closes', async () => {
    const stripeLocked = new PaymentLockedError({
      status: 401,
      message: 'Stripe locked: pay the subscription in the billing portal to unlock the account',
    });
    const list = vi.fn(async () => {
      throw stripeLocked;
    });
    // Signed in unlocked; the server has locked the agency since.
    const currentUser = vi.fn(async () => ({ type: 'user', ...lockedAgent }));
    const client = fakeClient({ currentUser }, { 'bookings.list': list as never });
    renderApp({ path: '/bookings', client, stored: storedFor(resellerUser, later()) });
    expect(await screen.findByText('Locked for card payments')).toBeTruthy();
    expect(await screen.findByText(/so the bookings list is closed/)).toBeTruthy();
    expect(currentUser).toHaveBeenCalledTimes(1);
  });

  it('tells a locked agency why and opens the billing portal in a tab opened on the click', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const portal = vi.fn(async () => ({
      stripeCustomerPortalSessionUrl: 'http://api.test/billing/portal/t1',
    }));
    renderProfile(lockedAgent, { 'billing.resellerPortal': portal as never });
    expect(await screen.findByText('Locked for card payments')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the billing portal' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://api.test/billing/portal/t1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('shows the portal failure in the words of its code and keeps the button', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const portal = vi.fn(async () => {
      throw Object.assign(new Error('Bad Request'), {
        code: 'agency_not_found',
        serverMessage: 'No such agency (server words, not shown)',
      });
    });
    renderProfile(lockedAgent, { 'billing.resellerPortal': portal as never });
    await user.click(await screen.findByRole('button', { name: 'Open the billing portal' }));
    expect(
      await screen.findByText('The billing portal could not be opened: There is no such agency.'),
    ).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    // The button stays, and a second try asks again.
    await user.click(screen.getByRole('button', { name: 'Open the billing portal' }));
    await vi.waitFor(() => expect(portal).toHaveBeenCalledTimes(2));
    open.mockRestore();
  });

  it('asks for the selected property’s portal when a supplier’s property is locked', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const portal = vi.fn(async () => ({
      stripeCustomerPortalSessionUrl: 'http://api.test/billing/portal/p1',
    }));
    const locked: User = {
      ...supplierUser,
      ternHotels: [property('p-1', 'Harbour Inn', { locked: true }), property('p-2', 'Fjord Lodge')],
    };
    renderProfile(locked, { 'billing.supplierPortal': portal as never });
    const banner = (await screen.findByText('Locked for card payments')).closest('[role="alert"]');
    await user.click(within(banner as HTMLElement).getByRole('button', { name: 'Open the billing portal' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('http://api.test/billing/portal/p1'));
    expect(portal.mock.calls[0]![0 as never]).toEqual({ query: { propertyId: 'p-1' } });
    open.mockRestore();
  });

  it('stays away while the agency is not locked, and from admins', async () => {
    const first = renderProfile(resellerUser);
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(screen.queryByText('Locked for card payments')).toBeNull();
    first.unmount();
    window.localStorage.clear();
    const lockedAdmin: User = {
      ...adminUser,
      ternHotels: [property('p-1', 'Harbour Inn', { locked: true })],
    };
    renderProfile(lockedAdmin);
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(screen.queryByText('Locked for card payments')).toBeNull();
  });
});
