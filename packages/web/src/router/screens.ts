import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { type RouteDef, routes } from '@tern/core/navigation';
import { type ComponentType, createElement } from 'react';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { useCatalogue } from '../i18n';
import { pageModules } from './pageModules';
import { bookingSearch, loginSearch, ordersSearch, verifyResetSearch } from './search';

export interface Screen {
  component: RouteComponent;
  /** Reads the route's search params (`search.ts`): the valid ones, typed. */
  validateSearch?: (search: Record<string, unknown>) => object;
  /**
   * A finished screen: navigation links to it (core's `availableRoutes`). Placeholders (the campaign
   * shell) answer their URLs but are not linked.
   */
  ready: boolean;
}

/**
 * A back-office screen: its chunk and the back office's strings (`i18n/adminPart.ts`), loaded side by side, the
 * strings added before the screen draws.
 */
function backOffice<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyRouteComponent(async () => {
    const [module, { adminPart }] = await Promise.all([load(), import('../i18n/adminPart')]);
    const Screen = module[name] as ComponentType;
    function WithStrings() {
      useCatalogue(adminPart);
      return createElement(Screen);
    }
    WithStrings.displayName = name;
    return { default: WithStrings };
  });
}

/**
 * The screens built so far, by core route id. Core's route table says which paths exist, who may open
 * them and in which layout; this table only says what to draw. A new screen is one entry here, and its
 * navigation entry appears by itself. Each screen is loaded lazily, in its page family's chunk
 * (`vite.config.ts`), so a page's first load is the shell plus its family: `bench/size.ts` holds the budgets.
 */
export const screens: Readonly<Record<string, Screen>> = {
  login: {
    component: lazyRouteComponent(pageModules.login, 'LoginPage'),
    validateSearch: loginSearch,
    ready: true,
  },
  verifyResetPasswordEmail: {
    component: lazyRouteComponent(pageModules.verifyResetPasswordEmail, 'VerifyResetPage'),
    validateSearch: verifyResetSearch,
    ready: true,
  },
  changePassword: {
    component: lazyRouteComponent(pageModules.changePassword, 'ChangePasswordPage'),
    ready: true,
  },
  profile: {
    component: lazyRouteComponent(pageModules.profile, 'ProfilePage'),
    ready: true,
  },
  bookings: {
    component: lazyRouteComponent(pageModules.bookings, 'BookingsPage'),
    ready: true,
  },
  contracts: {
    component: lazyRouteComponent(pageModules.contracts, 'ContractsPage'),
    ready: true,
  },
  admin: {
    component: backOffice(pageModules.admin, 'AdminPage'),
    ready: true,
  },
  apiKeys: {
    component: backOffice(pageModules.apiKeys, 'ApiKeysPage'),
    ready: true,
  },
  inventory: {
    component: backOffice(pageModules.inventory, 'InventoryPage'),
    ready: true,
  },
  inventoryCalendar: {
    component: lazyRouteComponent(pageModules.inventoryCalendar, 'CalendarScreen'),
    ready: true,
  },
  // The QA machine visualizer: its own chunk, with ELK and the machine catalogue, for admins only.
  qaMachines: {
    component: lazyRouteComponent(pageModules.qaMachines, 'QaScreen'),
    ready: true,
  },
  promocodes: {
    component: backOffice(pageModules.promocodes, 'PromoCodesPage'),
    ready: true,
  },
  products: {
    component: backOffice(pageModules.products, 'ProductsPage'),
    ready: true,
  },
  giftCards: {
    component: backOffice(pageModules.giftCards, 'GiftCardTypesPage'),
    ready: true,
  },
  orders: {
    component: backOffice(pageModules.giftCards, 'GiftCardOrdersPage'),
    validateSearch: ordersSearch,
    ready: true,
  },
  purchases: {
    component: backOffice(pageModules.giftCards, 'GiftCardPurchasesPage'),
    ready: true,
  },
  // `/settings` (and an unknown settings page) is sent on to property details by core's route table.
  settings: {
    component: backOffice(pageModules.settings, 'PropertyDetailsPage'),
    ready: true,
  },
  'settings/property-details': {
    component: backOffice(pageModules.settings, 'PropertyDetailsPage'),
    ready: true,
  },
  'settings/photos': {
    component: backOffice(pageModules['settings/photos'], 'PhotosPage'),
    ready: true,
  },
  'settings/rooms-and-rates': {
    component: backOffice(pageModules['settings/rooms-and-rates'], 'RoomsAndRatesPage'),
    ready: true,
  },
  'settings/policies': {
    component: backOffice(pageModules['settings/policies'], 'PoliciesPage'),
    ready: true,
  },
  'settings/stores': {
    component: backOffice(pageModules['settings/stores'], 'StoresPage'),
    ready: true,
  },
  'settings/payment-providers': {
    component: backOffice(pageModules['settings/payment-providers'], 'PaymentProvidersPage'),
    ready: true,
  },
  'settings/admin': {
    component: backOffice(pageModules['settings/admin'], 'ManagersPage'),
    ready: true,
  },
  giftCampaigns: {
    component: backOffice(pageModules.giftCampaigns, 'CampaignsPage'),
    ready: true,
  },
  notFound: { component: NotFoundPage, ready: true },
  giftCampaign: {
    component: lazyRouteComponent(pageModules.giftCampaign, 'CampaignClosedPage'),
    ready: false,
  },
  home: {
    component: lazyRouteComponent(pageModules.home, 'HomePage'),
    ready: true,
  },
  search: {
    component: lazyRouteComponent(pageModules.search, 'SearchPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
  property: {
    component: lazyRouteComponent(pageModules.property, 'PropertyPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
  searchCars: {
    component: lazyRouteComponent(pageModules.searchCars, 'CarSearchPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
  checkout: {
    component: lazyRouteComponent(pageModules.checkout, 'CheckoutPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
  confirmation: {
    component: lazyRouteComponent(pageModules.confirmation, 'ConfirmationPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
};

// Placeholders are chunks of their own too: the router's chunk is in every routed page's first load.
const notBuilt: Screen = {
  component: lazyRouteComponent(pageModules.notBuilt, 'ComingSoonPage'),
  ready: false,
};

/** What a core route draws: its screen, else "not available yet". */
export function screenFor(route: RouteDef): Screen {
  return screens[route.aliasOf ?? route.id] ?? notBuilt;
}

/** Route patterns with a finished screen, for `navigationFor(role, flags, availableRoutes)`. */
export const availableRoutes: ReadonlySet<string> = new Set(
  routes.filter((route) => screenFor(route).ready).map((route) => route.pattern),
);
