import type { Role } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { isAllowedWhenLocked, type NavFlags, navigationFor, settingsMenu } from './menu.js';

const ids = (role: Role, flags: NavFlags, available?: Set<string>) => {
  const nav = navigationFor(role, flags, available);
  return { links: nav.links.map((e) => e.id), userMenu: nav.userMenu.map((e) => e.id) };
};

const STAFF_LINKS = [
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
];

describe('navigationFor', () => {
  it.each<[string, Role, NavFlags, string[], string[]]>([
    [
      'reseller with car rental',
      'reseller',
      { carRentalFeature: true },
      ['stays', 'cars', 'bookings', 'contracts'],
      ['apiKeys', 'billing', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
    ],
    [
      'reseller without car rental',
      'reseller',
      { carRentalFeature: false },
      ['stays', 'bookings', 'contracts'],
      ['apiKeys', 'billing', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
    ],
    [
      'supplier (car rental is for resellers)',
      'supplier',
      { carRentalFeature: true },
      STAFF_LINKS,
      ['settings', 'billing', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
    ],
    [
      'admin',
      'admin',
      { carRentalFeature: false },
      STAFF_LINKS,
      ['settings', 'admin', 'profile', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
    ],
  ])('%s', (_, role, flags, links, userMenu) => {
    expect(ids(role, flags)).toEqual({ links, userMenu });
  });

  it('leaves out entries whose route the app does not have yet, keeping actions and links out', () => {
    const available = new Set(['/bookings', '/changePassword', '/settings']);
    // The Store entry leads out to the public store: the app shows it for the property's active stores.
    expect(ids('supplier', { carRentalFeature: true }, available)).toEqual({
      links: ['bookings', 'store'],
      userMenu: ['settings', 'billing', 'changePassword', 'cookieConsent', 'helpPortal', 'logout'],
    });
  });

  it('puts the warning dot on billing when a payment source is missing', () => {
    const billing = (paymentSourceMissing: boolean) =>
      navigationFor('supplier', { carRentalFeature: false, paymentSourceMissing }).userMenu.find(
        (e) => e.id === 'billing',
      );
    expect(billing(true)).toMatchObject({
      warningDot: true,
      newTab: true,
      target: { kind: 'action', action: 'billing' },
    });
    expect(billing(false)?.warningDot).toBe(false);
  });

  it('disables links but settings, profile, change password, home and bookings while the property is locked', () => {
    const nav = navigationFor('supplier', { carRentalFeature: false, propertyLocked: true });
    const enabled = [...nav.links, ...nav.userMenu].filter((e) => !e.disabled).map((e) => e.id);
    expect(enabled).toEqual([
      'bookings',
      'settings',
      'billing',
      'profile',
      'changePassword',
      'cookieConsent',
      'helpPortal',
      'logout',
    ]);
  });

  it('gives labels, the logo target and the property switcher', () => {
    expect(navigationFor('reseller', { carRentalFeature: true })).toMatchObject({
      logoTo: '/bookings',
      propertySwitcher: false,
      links: [
        { id: 'stays', labelKey: 'navigation.stays', target: { kind: 'route', to: '/' } },
        { id: 'cars', labelKey: 'navigation.cars', target: { kind: 'route', to: '/search_cars' } },
        {},
        { id: 'contracts', labelKey: 'navigation.contracts', target: { kind: 'route', to: '/contracts' } },
      ],
    });
    expect(navigationFor('admin', { carRentalFeature: true }).propertySwitcher).toBe(true);
    const store = navigationFor('supplier', { carRentalFeature: false }).links.find((e) => e.id === 'store');
    expect(store).toMatchObject({ target: { kind: 'store' }, newTab: true });
  });
});

describe('isAllowedWhenLocked', () => {
  it.each([
    ['/', true],
    ['/bookings', true],
    ['/changePassword', true],
    ['/settings', true],
    ['/settings/payment-providers', true],
    ['/settingsx', false],
    ['/inventory', false],
    ['/contracts', false],
  ])('%s → %s', (path, expected) => expect(isAllowedWhenLocked(path)).toBe(expected));
});

describe('settingsMenu', () => {
  it.each([
    [false, ['property-details', 'photos', 'rooms-and-rates', 'policies', 'stores', 'payment-providers']],
    [
      true,
      ['property-details', 'photos', 'rooms-and-rates', 'policies', 'stores', 'payment-providers', 'admin'],
    ],
  ])('manager %s → %j', (manager, expected) => {
    expect(settingsMenu(manager).map((e) => e.id)).toEqual(expected);
  });
});
