import type { Contract } from './index.js';

/**
 * Each area of the contract as a module of its own, loaded when first asked for: what a lazy client
 * (`createLazyClient`) builds on, so a program that calls one area does not build the zod schemas of all of
 * them (the CLI's one-call commands). The areas are those of `contract` (src/contract/index.ts); the SDK's test
 * checks that each loader gives that area.
 */
export const areaLoaders: { readonly [A in keyof Contract]: () => Promise<Contract[A]> } = {
  admin: () => import('./admin.js').then((m) => m.adminArea),
  apiKeys: () => import('./apiKeys.js').then((m) => m.apiKeysArea),
  auth: () => import('./auth.js').then((m) => m.authArea),
  billing: () => import('./billing.js').then((m) => m.billingArea),
  bookings: () => import('./bookings.js').then((m) => m.bookingsArea),
  campaigns: () => import('./campaigns.js').then((m) => m.campaignsArea),
  contracts: () => import('./contracts.js').then((m) => m.contractsArea),
  engine: () => import('./engine.js').then((m) => m.engineArea),
  giftCardPdfs: () => import('./giftCardPdfs.js').then((m) => m.giftCardPdfsArea),
  giftCardPurchases: () => import('./giftCardPurchases.js').then((m) => m.giftCardPurchasesArea),
  giftCards: () => import('./giftCards.js').then((m) => m.giftCardsArea),
  inventory: () => import('./inventory.js').then((m) => m.inventoryArea),
  mail: () => import('./mail.js').then((m) => m.mailArea),
  managerUsers: () => import('./admin.js').then((m) => m.managerUsersArea),
  paymentProviders: () => import('./paymentProviders.js').then((m) => m.paymentProvidersArea),
  photos: () => import('./photos.js').then((m) => m.photosArea),
  policies: () => import('./policies.js').then((m) => m.policiesArea),
  promoCodes: () => import('./promoCodes.js').then((m) => m.promoCodesArea),
  products: () => import('./campaigns.js').then((m) => m.productsArea),
  propertySettings: () => import('./propertySettings.js').then((m) => m.propertySettingsArea),
  redemption: () => import('./redemption.js').then((m) => m.redemptionArea),
  roomsAndRates: () => import('./roomsAndRates.js').then((m) => m.roomsAndRatesArea),
  store: () => import('./store.js').then((m) => m.storeArea),
  stores: () => import('./stores.js').then((m) => m.storesArea),
  system: () => import('./system.js').then((m) => m.systemArea),
  vehicles: () => import('./vehicles.js').then((m) => m.vehiclesArea),
};
