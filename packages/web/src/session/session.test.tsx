import { errorFromResponse } from '@tern/sdk';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resellerUser, sessionFor, storedFor, supplierUser } from '../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../test/renderApp';
import { SESSION_KEY } from './storage';

describe('session at start-up and expiry', () => {
  it('restores a stored session after the server confirms it, without showing the login page', async () => {
    const app = renderApp({ path: '/profile', stored: storedFor(supplierUser, Date.now() + 3_600_000) });
    expect(screen.getByRole('progressbar', { name: 'Opening Tern…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to Tern' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/profile');
    expect(app.client.auth.validateToken).toHaveBeenCalledWith(undefined, {
      headers: { authorization: 'Bearer tok-u-supplier' },
    });
  });

  it('drops an expired stored session without asking the server', async () => {
    const app = renderApp({ path: '/bookings', stored: storedFor(supplierUser, Date.now() - 1000) });
    await waitForLocation(app, '/login?redirect=%2Fbookings');
    expect(app.client.auth.validateToken).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('drops a stored session the server refuses', async () => {
    const client = fakeClient({
      validateToken: async () => {
        throw errorFromResponse(401, 'Unauthorized', { message: 'Sign in first', code: 'unauthenticated' });
      },
    });
    const app = renderApp({
      path: '/bookings',
      stored: storedFor(supplierUser, Date.now() + 60_000),
      client,
    });
    await waitForLocation(app, '/login?redirect=%2Fbookings');
  });

  it('offers a retry when the server cannot be reached', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const client = fakeClient({
      validateToken: async () => {
        if (++attempts === 1) throw new TypeError('Failed to fetch');
        const { token: _t, deviceIdentifier: _d, ...rest } = sessionFor(supplierUser);
        return rest;
      },
    });
    renderApp({ path: '/bookings', stored: storedFor(supplierUser, Date.now() + 60_000), client });
    expect((await screen.findByRole('alert')).textContent).toContain('Tern could not be reached');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 1 })).toBeTruthy();
  });

  it('goes to /login on a 440 and comes back after signing in', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ signIn: async () => sessionFor(resellerUser) });
    const app = renderApp({
      path: '/profile?x=1',
      stored: storedFor(resellerUser, Date.now() + 3_600_000),
      client,
    });
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    act(() => app.expireSession());
    await waitForLocation(app, '/login?redirect=%2Fprofile%3Fx%3D1&reason=expired');
    expect(await screen.findByText('Your session has expired. Sign in again to continue.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'arni@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitForLocation(app, '/profile?x=1');
  });

  it('expires on its own when exp passes (the timer), keeping the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const app = renderApp({ path: '/bookings', stored: storedFor(supplierUser, Date.now() + 5_000) });
      await screen.findByRole('heading', { name: 'Bookings', level: 1 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(6_000);
      });
      await waitForLocation(app, '/login?redirect=%2Fbookings&reason=expired');
      expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
