import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFor, storedFor, supplierUser } from '../../test/fixtures';
import { fakeClient } from '../../test/renderApp';
import { createI18n } from '../i18n';
import { askedEarly } from '../session/restore';
import { SESSION_KEY } from '../session/storage';
import { FirstLoad } from './FirstLoad';
import { createServices } from './services';

type Routed = typeof import('./routed');

/** The router's chunk, held back until the test lets it arrive. */
function heldRouter() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(async (): Promise<Routed> => {
    await arrived;
    return import('./routed');
  });
  return { load, arrive };
}

function drawAt(path: string, options: Parameters<typeof createServices>[0]) {
  window.history.replaceState(null, '', path);
  const services = createServices({ storage: window.localStorage, ...options });
  const router = heldRouter();
  render(<FirstLoad services={services} i18n={createI18n()} loadRouted={router.load} />);
  return { services, router };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the first load', () => {
  it('draws the sign-in page before the router arrives, and hands over to it on signing in', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ signIn: async () => sessionFor(supplierUser) });
    const { router } = drawAt('/login?redirect=%2Fprofile', { client: () => client });
    // Not asked for before the page has drawn: it would hold the page's own chunk back.
    expect(router.load).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Sign in to Tern' })).toBeTruthy();
    expect(document.title).toContain('Sign in');
    // Asked for after the first paint, not waited for.
    await waitFor(() => expect(router.load).toHaveBeenCalled());
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'helga@example.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    // Until the router is there, the signed-in visitor still sees the (busy) form, not an empty page.
    expect(screen.getByRole('heading', { name: 'Sign in to Tern' })).toBeTruthy();
    router.arrive();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
  });

  it('sends a visitor already signed in from /login on, through the router', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() + 3_600_000)));
    const { router } = drawAt('/login', { client: () => fakeClient(), checkToken: async () => 'valid' });
    router.arrive();
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/bookings');
    expect(screen.queryByRole('heading', { name: 'Sign in to Tern' })).toBeNull();
  });

  it('draws a signed-in page once the token check accepts, then takes the user the SDK reads', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() + 3_600_000)));
    let answer: (reply: unknown) => void = () => {};
    const client = fakeClient({
      validateToken: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const checkToken = vi.fn(async () => 'valid' as const);
    const { router, services } = drawAt('/profile', { client: () => client, checkToken });
    router.arrive();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(checkToken).toHaveBeenCalledWith('tok-u-supplier');
    await waitFor(() => expect(client.auth.validateToken).toHaveBeenCalled());
    const {
      token: _t,
      deviceIdentifier: _d,
      ...reply
    } = sessionFor({ ...supplierUser, name: 'Helga H. Hotelier' });
    answer(reply);
    await waitFor(() =>
      expect(services.session?.getSnapshot().context.session?.user.name).toBe('Helga H. Hotelier'),
    );
  });

  it('takes the answer of the token check the entry sent before drawing, without asking again', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() + 3_600_000)));
    const check = vi.fn(async () => 'valid' as const);
    window.history.replaceState(null, '', '/profile');
    const services = createServices({
      storage: window.localStorage,
      client: () => fakeClient(),
      checkToken: askedEarly(check),
    });
    // As main.tsx does, before React draws anything.
    services.askTokenEarly();
    expect(check).toHaveBeenCalledWith('tok-u-supplier');
    const router = heldRouter();
    render(<FirstLoad services={services} i18n={createI18n()} loadRouted={router.load} />);
    router.arrive();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('shows the sign-in page when the token check refuses the stored session', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() + 3_600_000)));
    const client = fakeClient();
    const { router } = drawAt('/profile', { client: () => client, checkToken: async () => 'refused' });
    router.arrive();
    expect(await screen.findByRole('heading', { name: 'Sign in to Tern' })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe('?redirect=%2Fprofile'));
    expect(client.auth.validateToken).not.toHaveBeenCalled();
  });
});
