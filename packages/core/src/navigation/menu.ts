import type { Role } from '@tern/sdk';
import { BOOKINGS_PATH, CHANGE_PASSWORD_PATH, HOME_PATH, PROFILE_PATH } from './guards.js';
import { normalizePathname } from './routes.js';

/** Where an entry leads: an app route, the public store (new tab), the help portal (new tab), or an action. */
export type NavTarget =
  | { kind: 'route'; to: string }
  | { kind: 'store' }
  | { kind: 'external'; href: 'helpPortal' }
  | { kind: 'action'; action: 'billing' | 'cookieConsent' | 'logout' };

export interface NavEntry {
  id: string;
  /** Message key of the label (`navigation.<id>`). */
  labelKey: string;
  target: NavTarget;
  /** The route pattern the entry needs in the app (for `availableRoutes`); none for actions and links out. */
  route: string | null;
  newTab: boolean;
  /** Billing's warning dot: a payment source is missing. */
  warningDot: boolean;
  /** Disabled while the selected property is locked. */
  disabled: boolean;
}

export interface NavFlags {
  /** Cars link for resellers. */
  carRentalFeature: boolean;
  /** Shows the warning dot on billing (document 1 §4). */
  paymentSourceMissing?: boolean;
  /** The selected property is payment-locked: links other than settings, change password, home and bookings are disabled. */
  propertyLocked?: boolean;
}

export interface Navigation {
  /** The logo goes to bookings. */
  logoTo: string;
  /** Desktop links (the mobile drawer shows the same entries). */
  links: NavEntry[];
  userMenu: NavEntry[];
  /** The property search select is for non-resellers only. */
  propertySwitcher: boolean;
}

/** Whether a path stays usable while the selected property is locked (document 3 §10). */
export function isAllowedWhenLocked(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return (
    path === HOME_PATH ||
    path === BOOKINGS_PATH ||
    path === CHANGE_PASSWORD_PATH ||
    path === PROFILE_PATH ||
    path === '/settings' ||
    path.startsWith('/settings/')
  );
}

type Draft = { id: string; target: NavTarget; route?: string; newTab?: boolean; warningDot?: boolean };

const routeEntry = (id: string, to: string): Draft => ({ id, target: { kind: 'route', to }, route: to });

function finish(draft: Draft, flags: NavFlags): NavEntry {
  const route = draft.route ?? null;
  const lockable = draft.target.kind === 'route' || draft.target.kind === 'store';
  const path = draft.target.kind === 'route' ? draft.target.to : null;
  return {
    id: draft.id,
    labelKey: `navigation.${draft.id}`,
    target: draft.target,
    route,
    newTab: draft.newTab ?? false,
    warningDot: draft.warningDot ?? false,
    disabled: Boolean(flags.propertyLocked) && lockable && !(path && isAllowedWhenLocked(path)),
  };
}

/**
 * The desktop links and the user menu of a role (document 3 §10). Resellers: stays (the search form, which the
 * logo no longer reaches), cars (with carRentalFeature), bookings and contracts (discover, request and propose
 * need a way in — docs/decisions.md). Others:
 * bookings, inventory, orders, gift cards, purchases, gift campaigns, products, promo codes, store, contracts.
 * User menu: settings (non-reseller), admin (admin), api keys (reseller), billing (non-admin, warning dot),
 * profile, change password, cookie consent, help portal, logout. With `availableRoutes` (route patterns such as `/orders`),
 * entries whose route the app does not have yet are left out.
 */
export function navigationFor(
  role: Role,
  flags: NavFlags,
  availableRoutes?: ReadonlySet<string>,
): Navigation {
  const reseller = role === 'reseller';
  const links: Draft[] = [];
  if (reseller) links.push(routeEntry('stays', HOME_PATH));
  if (reseller && flags.carRentalFeature) links.push(routeEntry('cars', '/search_cars'));
  links.push(routeEntry('bookings', BOOKINGS_PATH));
  if (reseller) links.push(routeEntry('contracts', '/contracts'));
  else {
    links.push(
      routeEntry('inventory', '/inventory'),
      routeEntry('orders', '/orders'),
      routeEntry('giftCards', '/gift-cards'),
      // The gift card purchases (document 3 §2.3): beside the types and the orders (issued cards).
      routeEntry('purchases', '/purchases'),
      // Gift campaigns (document 3 §2.3): the documents give the page no entry; it sits with the gift cards
      // (docs/decisions.md).
      routeEntry('giftCampaigns', '/gift-campaigns'),
      routeEntry('products', '/products'),
      routeEntry('promoCodes', '/promocodes'),
      // The public store is its own pages (by a store's slug): the app shows the entry for the selected
      // property's active stores, one link or a drop-down (document 3 §10).
      { id: 'store', target: { kind: 'store' }, newTab: true },
      routeEntry('contracts', '/contracts'),
    );
  }
  const menu: Draft[] = [];
  if (!reseller) menu.push(routeEntry('settings', '/settings'));
  if (role === 'admin') menu.push(routeEntry('admin', '/admin'));
  if (reseller) menu.push(routeEntry('apiKeys', '/api_keys'));
  if (role !== 'admin') {
    menu.push({
      id: 'billing',
      target: { kind: 'action', action: 'billing' },
      newTab: true,
      warningDot: Boolean(flags.paymentSourceMissing),
    });
  }
  menu.push(
    routeEntry('profile', PROFILE_PATH),
    routeEntry('changePassword', CHANGE_PASSWORD_PATH),
    { id: 'cookieConsent', target: { kind: 'action', action: 'cookieConsent' } },
    { id: 'helpPortal', target: { kind: 'external', href: 'helpPortal' }, newTab: true },
    { id: 'logout', target: { kind: 'action', action: 'logout' } },
  );
  const available = (d: Draft) => !availableRoutes || !d.route || availableRoutes.has(d.route);
  return {
    logoTo: BOOKINGS_PATH,
    links: links.filter(available).map((d) => finish(d, flags)),
    userMenu: menu.filter(available).map((d) => finish(d, flags)),
    propertySwitcher: !reseller,
  };
}

export interface SettingsMenuEntry {
  id: string;
  labelKey: string;
  to: string;
}

/**
 * The settings side menu (document 2 §2, with its `/settings/policies` route, and the property's photos — part of
 * the property details in §3 — on a page of their own after the details): the admin entry only for a manager of
 * the selected property.
 */
export function settingsMenu(isManagerOfSelectedProperty: boolean): SettingsMenuEntry[] {
  const pages = ['property-details', 'photos', 'rooms-and-rates', 'policies', 'stores', 'payment-providers'];
  if (isManagerOfSelectedProperty) pages.push('admin');
  return pages.map((page) => ({ id: page, labelKey: `settings_menu.${page}`, to: `/settings/${page}` }));
}
