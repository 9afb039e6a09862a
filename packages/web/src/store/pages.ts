import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { StorePage } from './pages/StorePage';

/** The redemption's flow (M34): one lazy page for all its addresses, so moving between them keeps it mounted. */
const redeemPage = lazy(() => import('./redeem/RedeemPage').then((m) => ({ default: m.RedeemPage })));

/**
 * The store's pages by route id (core's `store` layout routes; a legacy route shows its `aliasOf`'s page). Each
 * is its own chunk but the store page, which a visitor lands on first; every store route of core has its page.
 * The checkout and confirmation pages (storeCheckout, storeConfirmation) are S1's; the payment route
 * (storePayment) sends the visitor on to the checkout, as the payment is on the provider's page.
 */
export const storePages: Partial<Record<string, LazyExoticComponent<ComponentType> | ComponentType>> = {
  store: StorePage,
  storeGiftCard: lazy(() => import('./pages/CardPage').then((m) => ({ default: m.CardPage }))),
  storeCart: lazy(() => import('./pages/CartPage').then((m) => ({ default: m.CartPage }))),
  storeTerms: lazy(() => import('./pages/TermsPage').then((m) => ({ default: m.TermsPage }))),
  storeCheckout: lazy(() => import('./checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage }))),
  storePayment: lazy(() => import('./pages/PaymentRedirect').then((m) => ({ default: m.PaymentRedirect }))),
  storeConfirmation: lazy(() =>
    import('./confirmation/ConfirmationPage').then((m) => ({ default: m.ConfirmationPage })),
  ),
  // Redemption (issue 25): the five addresses of one flow share one page (its actor lives across them), and the
  // public cancel page.
  ...Object.fromEntries(
    [
      'storeUseGiftCard',
      'storeProperties',
      'storeBooking',
      'storeBookingCheckout',
      'storeBookingConfirmation',
    ].map((id) => [id, redeemPage]),
  ),
  storeCancelGiftCard: lazy(() => import('./redeem/CancelPage').then((m) => ({ default: m.CancelPage }))),
};
