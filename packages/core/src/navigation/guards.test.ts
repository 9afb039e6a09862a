import type { Role } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  afterSignInTarget,
  guardFailureTarget,
  loginRedirectTarget,
  passesGuard,
  resolveRoute,
} from './guards.js';
import { matchRoute, routes } from './routes.js';

/** `ok`: shown; `login`: to /login keeping the origin; a path: redirected there; `[on, off]`: by searchPageIsActive. */
type Cell = string | [on: string, off: string];
type Row = [path: string, anonymous: Cell, reseller: Cell, supplier: Cell, admin: Cell];

const HOME_OR_BOOKINGS: Cell = ['/', '/bookings'];
const SEARCH: Cell = ['ok', '/bookings'];

const table: Row[] = [
  // Document 1 and DECISIONS 4–6.
  ['/', 'login', SEARCH, '/bookings', '/bookings'],
  ['/search', 'login', SEARCH, '/bookings', '/bookings'],
  ['/search_cars', 'login', 'ok', '/bookings', '/bookings'],
  ['/property/ch-7', 'login', 'ok', '/bookings', '/bookings'],
  ['/property/ch-7/booking_info', 'login', 'ok', '/bookings', '/bookings'],
  ['/property/ch-7/confirmation/b-1', 'login', 'ok', '/bookings', '/bookings'],
  ['/404', 'ok', 'ok', 'ok', 'ok'],
  ['/login', 'ok', '/bookings', '/bookings', '/bookings'],
  ['/bookings', 'login', 'ok', 'ok', 'ok'],
  ['/profile', 'login', 'ok', 'ok', 'ok'],
  ['/contracts', 'login', 'ok', 'ok', 'ok'],
  ['/changePassword', 'login', 'ok', 'ok', 'ok'],
  ['/verify_reset_password_email', 'ok', '/changePassword', '/changePassword', '/changePassword'],
  // Document 2.
  ['/settings', 'login', HOME_OR_BOOKINGS, '/settings/property-details', '/settings/property-details'],
  ['/settings/property-details', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/photos', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/rooms-and-rates', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/policies', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/stores', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/payment-providers', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/settings/admin', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/admin', 'login', '/bookings', '/bookings', 'ok'],
  ['/api_keys', 'login', 'ok', '/bookings', '/bookings'],
  // The QA machine visualizer: admins only (and every signed-in user with `qaTools`, below).
  ['/qa/machines', 'login', '/bookings', '/bookings', 'ok'],
  ['/inventory', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  // The inventory calendar's frame: its one-time token is its credential, so anyone may open the page.
  ['/inventory/calendar', 'ok', 'ok', 'ok', 'ok'],
  ['/promocodes', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  ['/products', 'login', HOME_OR_BOOKINGS, 'ok', 'ok'],
  // Document 3: staff screens and the public campaign page.
  ['/orders', 'login', 'ok', 'ok', 'ok'],
  ['/gift-cards', 'login', 'ok', 'ok', 'ok'],
  ['/purchases', 'login', 'ok', 'ok', 'ok'],
  ['/gift-campaigns', 'login', 'ok', 'ok', 'ok'],
  ['/gift-campaign/gc-9', 'ok', 'ok', 'ok', 'ok'],
  // The public gift store, by slug, and its legacy routes.
  ['/harbour-inn', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/card-3', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/card-3/properties', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/cart', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/checkout', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/payment', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/confirmation', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/terms', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/useGiftCard', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/cancelGiftCard', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/booking/GC-1234', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/booking/GC-1234/checkout', 'ok', 'ok', 'ok', 'ok'],
  ['/harbour-inn/booking/GC-1234/confirmation', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/card-3', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/card-3/properties', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/cart', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/checkout', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/checkout/anna', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/payment', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/confirmation', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/terms', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/useGiftCard', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/cancelGiftCard', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/booking/GC-1', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/booking/GC-1/checkout', 'ok', 'ok', 'ok', 'ok'],
  ['/giftcards/store/harbour-inn/booking/GC-1/confirmation', 'ok', 'ok', 'ok', 'ok'],
  // Unknown paths (an unknown settings page opens the default one, above) and reserved words as store slugs.
  [
    '/settings/unknown',
    'login',
    HOME_OR_BOOKINGS,
    '/settings/property-details',
    '/settings/property-details',
  ],
  ['/settings/a/b', '/404', '/404', '/404', '/404'],
  ['/bookings/extra', '/404', '/404', '/404', '/404'],
  ['/property', '/404', '/404', '/404', '/404'],
  ['/api/v1/sessions', '/404', '/404', '/404', '/404'],
  ['/a/b/c/d', '/404', '/404', '/404', '/404'],
  ['/harbour-inn//cart', '/404', '/404', '/404', '/404'],
  ['/%E0%A4%A', '/404', '/404', '/404', '/404'],
  // Normalised locations.
  ['/bookings/', 'login', 'ok', 'ok', 'ok'],
  ['/bookings?page=2#top', 'login', 'ok', 'ok', 'ok'],
];

const roles: Array<[column: number, role: Role | null]> = [
  [1, null],
  [2, 'reseller'],
  [3, 'supplier'],
  [4, 'admin'],
];

const cases = table.flatMap((row) =>
  roles.flatMap(([column, role]) =>
    [true, false].map((searchPageIsActive) => {
      const cell = row[column] as Cell;
      const expected = Array.isArray(cell) ? cell[searchPageIsActive ? 0 : 1] : cell;
      return {
        path: row[0],
        role: role ?? 'anonymous',
        searchPageIsActive,
        expected,
        session: role ? { role } : null,
      };
    }),
  ),
);

describe('resolveRoute: every route × role × searchPageIsActive', () => {
  it.each(cases)('$path as $role (search page $searchPageIsActive) → $expected', (c) => {
    const result = resolveRoute(c.path, c.session, { searchPageIsActive: c.searchPageIsActive });
    if (c.expected === 'ok') expect(result.kind).toBe('allow');
    else if (c.expected === 'login')
      expect(result).toEqual({ kind: 'redirect', to: '/login', keepOrigin: true });
    else expect(result).toEqual({ kind: 'redirect', to: c.expected, keepOrigin: false });
  });

  it('covers every route of the table', () => {
    const covered = new Set(table.map(([path]) => matchRoute(path)?.route.id).filter(Boolean));
    expect(routes.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('answers the route and its decoded parameters', () => {
    const result = resolveRoute(
      '/property/ch%207/confirmation/b-1',
      { role: 'reseller' },
      { searchPageIsActive: true },
    );
    expect(result).toMatchObject({
      kind: 'allow',
      route: { id: 'confirmation' },
      params: { channelId: 'ch 7', bookingId: 'b-1' },
    });
  });

  it('opens the QA tools to every signed-in user with the qaTools flag (a dev build, a sandbox server)', () => {
    const flags = { searchPageIsActive: true, qaTools: true };
    for (const role of ['reseller', 'supplier', 'admin'] as const)
      expect(resolveRoute('/qa/machines', { role }, flags).kind).toBe('allow');
    expect(resolveRoute('/qa/machines', null, flags)).toEqual({
      kind: 'redirect',
      to: '/login',
      keepOrigin: true,
    });
    // Only the routes marked as QA tools: the admin screen stays the admins'.
    expect(resolveRoute('/admin', { role: 'reseller' }, flags)).toEqual({
      kind: 'redirect',
      to: '/bookings',
      keepOrigin: false,
    });
  });

  it('tells the car search page to show its placeholder when the search page is off', () => {
    const result = resolveRoute('/search_cars', { role: 'reseller' }, { searchPageIsActive: false });
    expect(result).toMatchObject({ kind: 'allow', route: { feature: { whenOff: 'placeholder' } } });
  });

  it('marks legacy store routes as aliases of the store pages', () => {
    expect(matchRoute('/giftcards/store/harbour-inn/checkout/anna')).toMatchObject({
      route: { aliasOf: 'storeCheckout' },
      params: { selectedProperty: 'harbour-inn', receiver: 'anna' },
    });
    expect(matchRoute('/harbour-inn/cart')?.route.id).toBe('storeCart');
    expect(matchRoute('/harbour-inn/card-3')?.route.id).toBe('storeGiftCard');
  });
});

describe('resolveRoute: a session opened by a reset link', () => {
  const reset = { role: 'supplier' as const, purpose: 'password_reset' as const };
  const on = { searchPageIsActive: true };
  it.each(['/bookings', '/', '/profile', '/inventory', '/login', '/admin'])(
    '%s goes to change password',
    (path) => {
      expect(resolveRoute(path, reset, on)).toEqual({
        kind: 'redirect',
        to: '/changePassword',
        keepOrigin: false,
      });
    },
  );

  it('may open change password and public pages', () => {
    expect(resolveRoute('/changePassword', reset, on).kind).toBe('allow');
    expect(resolveRoute('/404', reset, on).kind).toBe('allow');
    expect(resolveRoute('/no/such/page/here', reset, on)).toMatchObject({ kind: 'redirect', to: '/404' });
  });

  it('does not pin an ordinary session', () => {
    expect(resolveRoute('/bookings', { role: 'supplier', purpose: 'sign_in' }, on).kind).toBe('allow');
  });
});

describe('passesGuard and guardFailureTarget', () => {
  it.each([
    ['public', null, true],
    ['signedIn', null, false],
    ['signedIn', 'supplier', true],
    ['reseller', 'reseller', true],
    ['reseller', 'admin', false],
    ['supplierOrAdmin', 'supplier', true],
    ['supplierOrAdmin', 'admin', true],
    ['supplierOrAdmin', 'reseller', false],
    ['admin', 'admin', true],
    ['admin', 'supplier', false],
  ] as const)('%s guard, role %s → %s', (guard, role, expected) => {
    expect(passesGuard(guard, role)).toBe(expected);
  });
  it.each([
    ['admin', '/bookings'],
    ['reseller', '/bookings'],
    ['supplierOrAdmin', '/'],
  ] as const)('failing %s goes to %s', (guard, to) => expect(guardFailureTarget(guard)).toBe(to));
});

describe('loginRedirectTarget', () => {
  it.each([
    ['/contracts', '/contracts'],
    ['/bookings?page=2&term=x#row-3', '/bookings?page=2&term=x#row-3'],
    [
      '/property/ch-7/booking_info?checkinDate=2025-06-01',
      '/property/ch-7/booking_info?checkinDate=2025-06-01',
    ],
    ['/', '/'],
    [null, '/bookings'],
    [undefined, '/bookings'],
    ['', '/bookings'],
    ['bookings', '/bookings'],
    ['//evil.test/steal', '/bookings'],
    ['///evil.test', '/bookings'],
    ['/\\evil.test', '/bookings'],
    ['\\\\evil.test', '/bookings'],
    ['http://evil.test/', '/bookings'],
    ['https:evil.test', '/bookings'],
    ['javascript:alert(1)', '/bookings'],
    ['/\tevil', '/bookings'],
    ['/login', '/bookings'],
    ['/login?next=/x', '/bookings'],
  ])('%j → %j', (origin, expected) => {
    expect(loginRedirectTarget(origin)).toBe(expected);
  });
});

describe('afterSignInTarget', () => {
  it.each([
    ['sign_in', '/contracts', '/contracts'],
    ['sign_in', null, '/bookings'],
    ['sign_in', '//evil.test', '/bookings'],
    ['password_reset', '/contracts', '/changePassword'],
  ] as const)('%s session with origin %j → %s', (purpose, origin, expected) => {
    expect(afterSignInTarget({ purpose }, origin)).toBe(expected);
  });
});
