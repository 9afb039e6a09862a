import type { User } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, resellerUser, storedFor, supplierUser } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

const later = () => Date.now() + 3_600_000;

function renderProfile(user: User, handlers: CallHandlers) {
  const client = fakeClient({ currentUser: async () => ({ type: 'user', ...user }) }, handlers);
  return renderApp({ path: '/profile', client, stored: storedFor(user, later()) });
}

describe('billing warning dot (a payment source is missing)', () => {
  it('shows on the user menu and its billing entry when the agency has no card', async () => {
    const user = userEvent.setup();
    const check = vi.fn(async () => ({ hasPaymentSource: false, locked: false }));
    renderProfile(resellerUser, { 'billing.checkPaymentSource': check as never });
    const trigger = await screen.findByRole('button', {
      name: 'Account menu for Arni Agent, a payment method is missing',
    });
    expect(check).toHaveBeenCalledTimes(1);
    await user.click(trigger);
    const billing = await screen.findByRole('menuitem', { name: /^Billing/ });
    expect(within(billing).getByRole('img', { name: 'A payment method is missing' })).toBeTruthy();
    expect(billing.textContent).toBe('Billing (opens in a new tab)');
  });

  it('asks about the supplier’s selected property and shows nothing when a card is on file', async () => {
    const user = userEvent.setup();
    const check = vi.fn(async () => ({ hasPaymentSource: true, locked: false }));
    renderProfile(supplierUser, { 'billing.supplierPaymentSource': check as never });
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    expect(check.mock.calls[0]![0 as never]).toEqual({ query: { propertyId: 'p-1' } });
    await user.click(screen.getByRole('button', { name: 'Account menu for Helga Hotelier' }));
    const billing = await screen.findByRole('menuitem', { name: 'Billing (opens in a new tab)' });
    expect(within(billing).queryByRole('img')).toBeNull();
  });

  it('shows no dot when the check fails, and never asks for an admin', async () => {
    const check = vi.fn(async () => {
      throw new Error('unavailable');
    });
    const first = renderProfile(resellerUser, { 'billing.checkPaymentSource': check as never });
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Account menu for Arni Agent' })).toBeTruthy();
    first.unmount();
    window.localStorage.clear();
    const app = renderProfile(adminUser, {});
    await screen.findByRole('button', { name: 'Account menu for Ada Admin' });
    expect(app.client.call.mock.calls.map(([endpoint]) => endpoint.name)).not.toContain(
      'billing.supplierPaymentSource',
    );
  });
});
