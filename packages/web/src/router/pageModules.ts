import { preloadLayoutOf } from '../layouts/preloadLayout';
import { coreRouteOf } from './coreRoute';

const giftCardPages = () => import('../features/giftCards/pages');
const propertyDetails = () => import('../features/settings/PropertyDetailsPage');

/**
 * Each screen's module by core route id, as the function that imports it. The router's screens (`screens.ts`)
 * draw them; the entry starts loading the one of the address the app opens at (`preloadPageOf`) without the
 * router's chunk, so a cold load asks for the page's chunks beside the router's, not after it has run. No
 * router code here: the entry imports this table.
 */
export const pageModules = {
  login: () => import('../features/auth/LoginPage'),
  verifyResetPasswordEmail: () => import('../features/auth/VerifyResetPage'),
  changePassword: () => import('../features/auth/ChangePasswordPage'),
  profile: () => import('../features/profile/ProfilePage'),
  bookings: () => import('../features/bookings/BookingsPage'),
  contracts: () => import('../features/contracts/ContractsPage'),
  admin: () => import('../features/admin/AdminPage'),
  apiKeys: () => import('../features/apiKeys/ApiKeysPage'),
  inventory: () => import('../features/inventory/InventoryPage'),
  inventoryCalendar: () => import('../features/inventory/calendar/CalendarScreen'),
  qaMachines: () => import('../features/qa/QaScreen'),
  promocodes: () => import('../features/promoCodes/PromoCodesPage'),
  products: () => import('../features/products/ProductsPage'),
  giftCards: giftCardPages,
  orders: giftCardPages,
  purchases: giftCardPages,
  settings: propertyDetails,
  'settings/property-details': propertyDetails,
  'settings/photos': () => import('../features/settings/PhotosPage'),
  'settings/rooms-and-rates': () => import('../features/settings/rooms/RoomsAndRatesPage'),
  'settings/policies': () => import('../features/settings/PoliciesPage'),
  'settings/stores': () => import('../features/settings/StoresPage'),
  'settings/payment-providers': () => import('../features/paymentProviders/PaymentProvidersPage'),
  'settings/admin': () => import('../features/admin/ManagersPage'),
  giftCampaigns: () => import('../features/campaigns/CampaignsPage'),
  giftCampaign: () => import('../features/campaign/CampaignClosedPage'),
  home: () => import('../features/bookingEngine/home/HomePage'),
  search: () => import('../features/bookingEngine/search/SearchPage'),
  property: () => import('../features/bookingEngine/property/PropertyPage'),
  searchCars: () => import('../features/bookingEngine/cars/CarSearchPage'),
  checkout: () => import('../features/bookingEngine/checkout/CheckoutPage'),
  confirmation: () => import('../features/bookingEngine/confirmation/ConfirmationPage'),
  notBuilt: () => import('../features/errors/ComingSoonPage'),
} satisfies Record<string, () => Promise<unknown>>;

/**
 * Starts loading what the page at `pathname` draws — its layout's chunk and its screen's — from the entry, beside
 * the router's chunk and while the stored session is checked: a returning user's cold load waits for all at once.
 * A chunk that fails here is asked for again, and its failure shown, when the router draws the page.
 */
export function preloadPageOf(pathname: string): void {
  const route = coreRouteOf(pathname);
  if (!route) return;
  preloadLayoutOf(pathname);
  const load = (pageModules as Record<string, () => Promise<unknown>>)[route.aliasOf ?? route.id];
  load?.().catch(() => {});
}
