import { navigationFor } from '@tern/core/navigation';
import type { Role } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storedFor, usersByRole } from '../../../test/fixtures';
import { fakeClient, renderApp, waitForLocation } from '../../../test/renderApp';
import { supportedNavigation } from '../../navigation/supportedEntries';
import { availableRoutes } from '../../router/screens';

const later = () => Date.now() + 3_600_000;

function entriesOf(role: Role) {
  const nav = supportedNavigation(navigationFor(role, { carRentalFeature: false }, availableRoutes));
  return {
    links: nav.links.map((e) => e.id),
    menu: nav.userMenu.map((e) => e.id),
    switcher: nav.propertySwitcher,
  };
}

describe('navigation per role (core navigationFor, trimmed to built screens)', () => {
  it.each([
    [
      'reseller',
      {
        links: ['stays', 'bookings', 'contracts'],
        menu: ['apiKeys', 'billing', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
        switcher: false,
      },
    ],
    [
      'supplier',
      {
        links: [
          'bookings',
          'inventory',
          'orders',
          'giftCards',
          'purchases',
          'giftCampaigns',
          'products',
          'promoCodes',
          'store',
          'contracts',
        ],
        menu: ['settings', 'billing', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
        switcher: true,
      },
    ],
    [
      'admin',
      {
        links: [
          'bookings',
          'inventory',
          'orders',
          'giftCards',
          'purchases',
          'giftCampaigns',
          'products',
          'promoCodes',
          'store',
          'contracts',
        ],
        menu: ['settings', 'admin', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
        switcher: true,
      },
    ],
  ] as const)('%s', (role, expected) => {
    expect(entriesOf(role)).toEqual(expected);
  });

  it('lets a screen appear by itself: without /products built, suppliers have no link to it', () => {
    const routes = new Set([...availableRoutes].filter((r) => r !== '/products'));
    const nav = supportedNavigation(navigationFor('supplier', { carRentalFeature: false }, routes));
    expect(nav.links.map((e) => e.id)).toEqual([
      'bookings',
      'inventory',
      'orders',
      'giftCards',
      'purchases',
      'giftCampaigns',
      'promoCodes',
      'store',
      'contracts',
    ]);
    const reseller = supportedNavigation(navigationFor('reseller', { carRentalFeature: false }, routes));
    expect(reseller.links.map((e) => e.id)).toEqual(['stays', 'bookings', 'contracts']);
  });

  it.each(['reseller', 'supplier', 'admin'] as const)(
    'renders the header and user menu of a %s',
    async (role) => {
      const user = userEvent.setup();
      const person = usersByRole[role];
      renderApp({ path: '/bookings', stored: storedFor(person, later()) });
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
      if (role === 'admin')
        // The admin's switcher searches every property (its own chunk: it may come a moment after the header).
        expect(await screen.findByRole('combobox', { name: 'Property' })).toBeTruthy();
      else
        expect(screen.queryByRole('button', { name: /Property/ }) !== null).toBe(
          role !== 'reseller' && person.ternHotels.length > 0,
        );
      await user.click(screen.getByRole('button', { name: `Account menu for ${person.name}` }));
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(
        role === 'admin'
          ? [
              'Settings',
              'Admin',
              'Profile',
              'Change password',
              'Cookies',
              'Help portal (opens in a new tab)',
              'Sign out',
            ]
          : [
              ...(role === 'reseller' ? ['API keys'] : ['Settings']),
              'Billing (opens in a new tab)',
              'Profile',
              'Change password',
              'Cookies',
              'Help portal (opens in a new tab)',
              'Sign out',
            ],
      );
    },
  );

  it('signs out from the user menu and lands on /login', async () => {
    const user = userEvent.setup();
    const app = renderApp({ path: '/bookings', stored: storedFor(usersByRole.supplier, later()) });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Helga Hotelier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitForLocation(app, '/login');
    expect(app.client.auth.signOut).toHaveBeenCalled();
    expect(window.localStorage.getItem('tern.session')).toBeNull();
  });

  it('opens the help portal in a new tab', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/bookings', stored: storedFor(usersByRole.reseller, later()) });
    await user.click(
      await screen.findByRole('button', { name: `Account menu for ${usersByRole.reseller.name}` }),
    );
    const help = await screen.findByRole('menuitem', { name: 'Help portal (opens in a new tab)' });
    expect(help.getAttribute('href')).toBe('https://tern.example/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says what Tern keeps in the browser, and forgets the remembered device', async () => {
    const user = userEvent.setup();
    document.cookie = 'tern_device=dev-1; path=/';
    renderApp({ path: '/bookings', stored: storedFor(usersByRole.reseller, later()) });
    await user.click(
      await screen.findByRole('button', { name: `Account menu for ${usersByRole.reseller.name}` }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookies and browser storage' });
    expect(within(dialog).getByText('Remembered device (cookie, 60 days)')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(
      'This browser is remembered for one-time codes.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    expect(document.cookie).not.toContain('tern_device=dev-1');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'This browser is forgotten: the next sign-in asks for a one-time code again.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Forget this device' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has a skip link to the main content', async () => {
    renderApp({ path: '/bookings', stored: storedFor(usersByRole.reseller, later()) });
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it('offers the same entries in the mobile drawer (an accessible dialog)', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/bookings', stored: storedFor(usersByRole.supplier, later()) });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(dialog)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Bookings',
      'Inventory',
      'Orders',
      'Gift cards',
      'Purchases',
      'Gift campaigns',
      'Products',
      'Promo codes',
      'Contracts',
      'Settings',
      'Profile',
      'Change password',
      'Help portal (opens in a new tab)',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cookies' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  const summary = (id: string, name: string, status: 'active' | 'inactive') => ({
    id,
    type: 'store' as const,
    name,
    slugName: id,
    status,
    allowPickupAtHotel: false,
    publicPath: `/${id}`,
  });
  const withStores = (items: ReturnType<typeof summary>[]) =>
    fakeClient(
      {},
      {
        'stores.list': (async () => ({
          items,
          meta: { page: 1, limit: items.length, total: items.length },
        })) as never,
      },
    );

  it('shows the Store entry as one link to the active store (document 3 §10), opening in a new tab', async () => {
    renderApp({
      path: '/bookings',
      client: withStores([
        summary('harbour-view', 'Harbour gifts', 'active'),
        summary('old', 'Old', 'inactive'),
      ]),
      stored: storedFor(usersByRole.supplier, later()),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const store = await within(nav).findByRole('link', { name: 'Store' });
    expect(store.getAttribute('href')).toBe('/harbour-view');
    expect(store.getAttribute('target')).toBe('_blank');
  });

  it('shows a drop-down of the active stores when there are several, and nothing without one', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: '/bookings',
      client: withStores([
        summary('a-store', 'Harbour gifts', 'active'),
        summary('b-store', 'Spa gifts', 'active'),
      ]),
      stored: storedFor(usersByRole.supplier, later()),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Store' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Harbour gifts', '/a-store'],
      ['Spa gifts', '/b-store'],
    ]);
    app.unmount();
    renderApp({
      path: '/bookings',
      client: withStores([summary('old', 'Old', 'inactive')]),
      stored: storedFor(usersByRole.supplier, later()),
    });
    const again = await screen.findByRole('navigation', { name: 'Main' });
    await within(again).findByRole('link', { name: 'Bookings' });
    expect(within(again).queryByRole('link', { name: 'Store' })).toBeNull();
    expect(within(again).queryByRole('button', { name: 'Store' })).toBeNull();
  });
});
