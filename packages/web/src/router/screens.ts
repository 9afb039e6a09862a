import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { type RouteDef, routes } from '@tern/core/navigation';
import { type ComponentType, createElement } from 'react';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { useCatalogue } from '../i18n';
import { bookingSearch, loginSearch, verifyResetSearch } from './search';

export interface Screen {
  component: RouteComponent;
  /** Reads the route's search params (`search.ts`): the valid ones, typed. */
  validateSearch?: (search: Record<string, unknown>) => object;
  /**
   * A finished screen: navigation links to it (core's `availableRoutes`). Placeholders (the store and
   * campaign shells) answer their URLs but are not linked.
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
    component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
    validateSearch: loginSearch,
    ready: true,
  },
  verifyResetPasswordEmail: {
    component: lazyRouteComponent(() => import('../features/auth/VerifyResetPage'), 'VerifyResetPage'),
    validateSearch: verifyResetSearch,
    ready: true,
  },
  changePassword: {
    component: lazyRouteComponent(() => import('../features/auth/ChangePasswordPage'), 'ChangePasswordPage'),
    ready: true,
  },
  profile: {
    component: lazyRouteComponent(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
    ready: true,
  },
  bookings: {
    component: lazyRouteComponent(() => import('../features/bookings/BookingsPage'), 'BookingsPage'),
    ready: true,
  },
  contracts: {
    component: lazyRouteComponent(() => import('../features/contracts/ContractsPage'), 'ContractsPage'),
    ready: true,
  },
  admin: {
    component: backOffice(() => import('../features/admin/AdminPage'), 'AdminPage'),
    ready: true,
  },
  apiKeys: {
    component: backOffice(() => import('../features/apiKeys/ApiKeysPage'), 'ApiKeysPage'),
    ready: true,
  },
  inventory: {
    component: backOffice(() => import('../features/inventory/InventoryPage'), 'InventoryPage'),
    ready: true,
  },
  inventoryCalendar: {
    component: lazyRouteComponent(
      () => import('../features/inventory/calendar/CalendarScreen'),
      'CalendarScreen',
    ),
    ready: true,
  },
  // The QA machine visualizer: its own chunk, with ELK and the machine catalogue, for admins only.
  qaMachines: {
    component: lazyRouteComponent(() => import('../features/qa/QaScreen'), 'QaScreen'),
    ready: true,
  },
  promocodes: {
    component: backOffice(() => import('../features/promoCodes/PromoCodesPage'), 'PromoCodesPage'),
    ready: true,
  },
  giftCards: {
    component: backOffice(() => import('../features/giftCards/pages'), 'GiftCardTypesPage'),
    ready: true,
  },
  orders: {
    component: backOffice(() => import('../features/giftCards/pages'), 'GiftCardOrdersPage'),
    ready: true,
  },
  purchases: {
    component: backOffice(() => import('../features/giftCards/pages'), 'GiftCardPurchasesPage'),
    ready: true,
  },
  // `/settings` (and an unknown settings page) is sent on to property details by core's route table.
  settings: {
    component: backOffice(() => import('../features/settings/PropertyDetailsPage'), 'PropertyDetailsPage'),
    ready: true,
  },
  'settings/property-details': {
    component: backOffice(() => import('../features/settings/PropertyDetailsPage'), 'PropertyDetailsPage'),
    ready: true,
  },
  'settings/photos': {
    component: backOffice(() => import('../features/settings/PhotosPage'), 'PhotosPage'),
    ready: true,
  },
  'settings/rooms-and-rates': {
    component: backOffice(() => import('../features/settings/rooms/RoomsAndRatesPage'), 'RoomsAndRatesPage'),
    ready: true,
  },
  'settings/policies': {
    component: backOffice(() => import('../features/settings/PoliciesPage'), 'PoliciesPage'),
    ready: true,
  },
  'settings/stores': {
    component: backOffice(() => import('../features/settings/StoresPage'), 'StoresPage'),
    ready: true,
  },
  'settings/payment-providers': {
    component: backOffice(
      () => import('../features/paymentProviders/PaymentProvidersPage'),
      'PaymentProvidersPage',
    ),
    ready: true,
  },
  'settings/admin': {
    component: backOffice(() => import('../features/admin/ManagersPage'), 'ManagersPage'),
    ready: true,
  },
  notFound: { component: NotFoundPage, ready: true },
  giftCampaign: {
    component: lazyRouteComponent(
      () => import('../features/campaign/CampaignClosedPage'),
      'CampaignClosedPage',
    ),
    ready: false,
  },
  home: {
    component: lazyRouteComponent(() => import('../features/bookingEngine/home/HomePage'), 'HomePage'),
    ready: true,
  },
  search: {
    component: lazyRouteComponent(() => import('../features/bookingEngine/search/SearchPage'), 'SearchPage'),
    validateSearch: bookingSearch,
    ready: true,
  },
  property: {
    component: lazyRouteComponent(
      () => import('../features/bookingEngine/property/PropertyPage'),
      'PropertyPage',
    ),
    validateSearch: bookingSearch,
    ready: true,
  },
  searchCars: {
    component: lazyRouteComponent(
      () => import('../features/bookingEngine/cars/CarSearchPage'),
      'CarSearchPage',
    ),
    validateSearch: bookingSearch,
    ready: true,
  },
  checkout: {
    component: lazyRouteComponent(
      () => import('../features/bookingEngine/checkout/CheckoutPage'),
      'CheckoutPage',
    ),
    validateSearch: bookingSearch,
    ready: true,
  },
  confirmation: {
    component: lazyRouteComponent(
      () => import('../features/bookingEngine/confirmation/ConfirmationPage'),
      'ConfirmationPage',
    ),
    validateSearch: bookingSearch,
    ready: true,
  },
};

const storeShell: Screen = {
  component: lazyRouteComponent(() => import('../features/store/StoreClosedPage'), 'StoreClosedPage'),
  ready: false,
};
// Placeholders are chunks of their own too: the router's chunk is in every routed page's first load.
const notBuilt: Screen = {
  component: lazyRouteComponent(() => import('../features/errors/ComingSoonPage'), 'ComingSoonPage'),
  ready: false,
};

/** What a core route draws: its screen, the store shell for store pages, else "not available yet". */
export function screenFor(route: RouteDef): Screen {
  const screen = screens[route.aliasOf ?? route.id];
  if (screen) return screen;
  return route.layout === 'store' ? storeShell : notBuilt;
}

/** Route patterns with a finished screen, for `navigationFor(role, flags, availableRoutes)`. */
export const availableRoutes: ReadonlySet<string> = new Set(
  routes.filter((route) => screenFor(route).ready).map((route) => route.pattern),
);
