import type { RouteComponent } from '@tanstack/react-router';
import { type RouteDef, routes } from '@tern/core';
import type { z } from 'zod';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { VerifyResetPage } from '../features/auth/VerifyResetPage';
import { CarSearchPage } from '../features/booking/cars/CarSearchPage';
import { CheckoutPage } from '../features/booking/checkout/CheckoutPage';
import { ConfirmationPage } from '../features/booking/confirmation/ConfirmationPage';
import { HomePage } from '../features/booking/home/HomePage';
import { PropertyPage } from '../features/booking/property/PropertyPage';
import { SearchPage } from '../features/booking/search/SearchPage';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { CampaignClosedPage } from '../features/campaign/CampaignClosedPage';
import { ContractsPage } from '../features/contracts/ContractsPage';
import { ComingSoonPage } from '../features/errors/ComingSoonPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { StoreClosedPage } from '../features/store/StoreClosedPage';
import { bookingSearch, loginSearch, verifyResetSearch } from './search';

export interface Screen {
  component: RouteComponent;
  validateSearch?: z.ZodType;
  /**
   * A finished screen: navigation links to it (core's `availableRoutes`). Placeholders (the store and
   * campaign shells) answer their URLs but are not linked.
   */
  ready: boolean;
}

/**
 * The screens built so far, by core route id. Core's route table says which paths exist, who may open
 * them and in which layout; this table only says what to draw. A new screen is one line here, and its
 * navigation entry appears by itself.
 */
export const screens: Readonly<Record<string, Screen>> = {
  login: { component: LoginPage, validateSearch: loginSearch, ready: true },
  verifyResetPasswordEmail: { component: VerifyResetPage, validateSearch: verifyResetSearch, ready: true },
  changePassword: { component: ChangePasswordPage, ready: true },
  profile: { component: ProfilePage, ready: true },
  bookings: { component: BookingsPage, ready: true },
  contracts: { component: ContractsPage, ready: true },
  notFound: { component: NotFoundPage, ready: true },
  giftCampaign: { component: CampaignClosedPage, ready: false },
  home: { component: HomePage, ready: true },
  search: { component: SearchPage, validateSearch: bookingSearch, ready: true },
  property: { component: PropertyPage, validateSearch: bookingSearch, ready: true },
  searchCars: { component: CarSearchPage, validateSearch: bookingSearch, ready: true },
  checkout: { component: CheckoutPage, validateSearch: bookingSearch, ready: true },
  confirmation: { component: ConfirmationPage, validateSearch: bookingSearch, ready: true },
};

const storeShell: Screen = { component: StoreClosedPage, ready: false };
const notBuilt: Screen = { component: ComingSoonPage, ready: false };

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
