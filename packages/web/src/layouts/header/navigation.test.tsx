import { navigationFor } from '@tern/core';
import type { Role } from '@tern/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storedFor, usersByRole } from '../../../test/fixtures';
import { renderApp, waitForLocation } from '../../../test/renderApp';
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
        links: ['bookings', 'contracts'],
        menu: ['billing', 'profile', 'changePassword', 'logout'],
        switcher: false,
      },
    ],
    [
      'supplier',
      {
        links: ['bookings', 'contracts'],
        menu: ['billing', 'profile', 'changePassword', 'logout'],
        switcher: true,
      },
    ],
    [
      'admin',
      { links: ['bookings', 'contracts'], menu: ['profile', 'changePassword', 'logout'], switcher: true },
    ],
  ] as const)('%s', (role, expected) => {
    expect(entriesOf(role)).toEqual(expected);
  });

  it('lets a new screen appear by itself: with /inventory built, suppliers get the link', () => {
    const routes = new Set([...availableRoutes, '/inventory']);
    const nav = supportedNavigation(navigationFor('supplier', { carRentalFeature: false }, routes));
    expect(nav.links.map((e) => e.id)).toEqual(['bookings', 'inventory', 'contracts']);
    const reseller = supportedNavigation(navigationFor('reseller', { carRentalFeature: false }, routes));
    expect(reseller.links.map((e) => e.id)).toEqual(['bookings', 'contracts']);
  });

  it.each(['reseller', 'supplier', 'admin'] as const)(
    'renders the header and user menu of a %s',
    async (role) => {
      const user = userEvent.setup();
      const person = usersByRole[role];
      renderApp({ path: '/bookings', stored: storedFor(person, later()) });
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
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
          ? ['Profile', 'Change password', 'Sign out']
          : ['Billing', 'Profile', 'Change password', 'Sign out'],
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
    expect(links).toEqual(['Bookings', 'Contracts', 'Profile', 'Change password']);
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
