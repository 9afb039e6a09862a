import { describe, expect, it } from 'vitest';
import { resellerUser, storedFor, supplierUser } from '../../test/fixtures';
import { renderApp, screen, waitForLocation } from '../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const searchOff = { ...resellerUser, features: { searchPageIsActive: false, carRentalFeature: false } };

describe('route guards (core resolveRoute)', () => {
  it('sends an anonymous visitor on a guarded page to /login, keeping the origin', async () => {
    const app = renderApp({ path: '/profile?tab=1' });
    await waitForLocation(app, '/login?redirect=%2Fprofile%3Ftab%3D1');
    expect(await screen.findByRole('heading', { name: 'Sign in to Tern' })).toBeTruthy();
    expect(document.title).toBe('Sign in · Tern');
  });

  it('sends a signed-in user away from /login to /bookings', async () => {
    const app = renderApp({ path: '/login', stored: storedFor(supplierUser, later()) });
    await waitForLocation(app, '/bookings');
    expect(await screen.findByRole('heading', { name: 'Bookings', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Bookings · Tern');
  });

  it('refuses a reseller a supplier-only page: to home, or to bookings with the search page off', async () => {
    const app = renderApp({ path: '/inventory', stored: storedFor(resellerUser, later()) });
    await waitForLocation(app, '/');
    expect(await screen.findByRole('heading', { name: 'Where to next?', level: 1 })).toBeTruthy();
    app.unmount();
    const off = renderApp({ path: '/inventory', stored: storedFor(searchOff, later()) });
    await waitForLocation(off, '/bookings');
  });

  it('refuses a supplier the admin page', async () => {
    const app = renderApp({ path: '/admin', stored: storedFor(supplierUser, later()) });
    await waitForLocation(app, '/bookings');
  });

  it('sends home (/) to /bookings while the search page is off', async () => {
    const app = renderApp({ path: '/', stored: storedFor(searchOff, later()) });
    await waitForLocation(app, '/bookings');
  });

  it('opens the search form at / for a reseller while the search page is on', async () => {
    const app = renderApp({ path: '/', stored: storedFor(resellerUser, later()) });
    expect(await screen.findByRole('heading', { name: 'Where to next?', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/');
    expect(document.title).toBe('Search · Tern');
  });

  it.each(['/a/b/c', '/cart', '/terms', '/bookngs'])(
    'shows the 404 page for an unknown path: %s',
    async (path) => {
      const app = renderApp({ path });
      await waitForLocation(app, '/404');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(document.title).toBe('404 · Tern');
    },
  );

  it('draws the gift campaigns page, the last staff route to get its screen (issue 25), in the app layout', async () => {
    // Every staff route of core's table has its screen now; a route without one would show "not available yet"
    // (screens.ts `notBuilt`).
    renderApp({ path: '/gift-campaigns', stored: storedFor(supplierUser, later()) });
    expect(await screen.findByRole('heading', { name: 'Gift campaigns', level: 1 })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('does not route a store’s paths: the store is its own page (store.html), which the server sends', async () => {
    const app = renderApp({ path: '/harbour-inn/cart' });
    await waitForLocation(app, '/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
