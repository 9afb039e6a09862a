// The gift card screens as one chunk: one dynamic import in `router/screens.ts` (whose table is in every page's
// first load) for the three routes.
export { GiftCardOrdersPage } from './GiftCardOrdersPage';
export { GiftCardPurchasesPage } from './GiftCardPurchasesPage';
export { GiftCardTypesPage } from './GiftCardTypesPage';
