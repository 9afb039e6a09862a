import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { property, storedFor, supplierUser } from '../../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../../test/renderApp';
import { SELECTED_PROPERTY_KEY } from '../../session/storage';

const later = () => Date.now() + 3_600_000;
const trigger = () => screen.findByRole('button', { name: /Property/ });

describe('property switcher', () => {
  it('starts on the first property when none is remembered', async () => {
    renderApp({ path: '/bookings', stored: storedFor(supplierUser, later()) });
    expect((await trigger()).textContent).toContain('Harbour Inn');
  });

  it('starts on the remembered property', async () => {
    window.localStorage.setItem(SELECTED_PROPERTY_KEY, 'p-2');
    renderApp({ path: '/bookings', stored: storedFor(supplierUser, later()) });
    expect((await trigger()).textContent).toContain('Fjord Lodge');
  });

  it('falls back to the first when the remembered one is no longer the user’s', async () => {
    window.localStorage.setItem(SELECTED_PROPERTY_KEY, 'p-gone');
    renderApp({ path: '/bookings', stored: storedFor(supplierUser, later()) });
    expect((await trigger()).textContent).toContain('Harbour Inn');
  });

  it('remembers a switch and reloads the user', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ currentUser: async () => ({ ...supplierUser, type: 'user' }) });
    renderApp({ path: '/bookings', stored: storedFor(supplierUser, later()), client });
    await user.click(await trigger());
    await user.click(await screen.findByRole('option', { name: 'Fjord Lodge' }));
    expect(window.localStorage.getItem(SELECTED_PROPERTY_KEY)).toBe('p-2');
    expect((await trigger()).textContent).toContain('Fjord Lodge');
    await waitFor(() => expect(client.auth.currentUser).toHaveBeenCalled());
  });

  it('goes to bookings when the new property is locked', async () => {
    const user = userEvent.setup();
    const locked = {
      ...supplierUser,
      ternHotels: [property('p-1', 'Harbour Inn'), property('p-3', 'Old Mill', { locked: true })],
    };
    const client = fakeClient({ currentUser: async () => ({ ...locked, type: 'user' }) });
    const app = renderApp({ path: '/profile', stored: storedFor(locked, later()), client });
    await user.click(await trigger());
    await user.click(await screen.findByRole('option', { name: 'Old Mill (locked)' }));
    await waitForLocation(app, '/bookings');
  });
});
