import { type Contract, contract } from '@tern/sdk';
import type { Api, Handlers } from '../http/context.js';
import { adminHandlers, managerUsersHandlers } from './admin.js';
import { apiKeysHandlers } from './apiKeys.js';
import { authHandlers } from './auth.js';
import { billingHandlers } from './billing.js';
import { bookingsHandlers } from './bookings.js';
import { campaignsHandlers } from './campaigns.js';
import { contractsHandlers } from './contracts.js';
import { engineHandlers } from './engine.js';
import { giftCardPdfsHandlers } from './giftCardPdfs.js';
import { giftCardPurchasesHandlers } from './giftCardPurchases.js';
import { giftCardsHandlers } from './giftCards.js';
import { inventoryHandlers } from './inventory.js';
import { mailHandlers } from './mail.js';
import { paymentProvidersHandlers } from './paymentProviders.js';
import { photosHandlers } from './photos.js';
import { policiesHandlers } from './policies.js';
import { productsHandlers } from './products.js';
import { promoCodesHandlers } from './promoCodes.js';
import { propertySettingsHandlers } from './propertySettings.js';
import { redemptionHandlers } from './redemption.js';
import { roomsAndRatesHandlers } from './roomsAndRates.js';
import { storeCatalogHandlers } from './store.js';
import { storePaymentHandlers } from './storePayments.js';
import { storesHandlers } from './stores.js';
import { systemHandlers } from './system.js';
import { vehiclesHandlers } from './vehicles.js';

/** A handler for every endpoint of the contract (a missing one does not type-check). */
export const handlers: Handlers<Contract> = {
  admin: adminHandlers,
  apiKeys: apiKeysHandlers,
  auth: authHandlers,
  billing: billingHandlers,
  bookings: bookingsHandlers,
  campaigns: campaignsHandlers,
  contracts: contractsHandlers,
  engine: engineHandlers,
  giftCardPdfs: giftCardPdfsHandlers,
  giftCardPurchases: giftCardPurchasesHandlers,
  giftCards: giftCardsHandlers,
  inventory: inventoryHandlers,
  mail: mailHandlers,
  managerUsers: managerUsersHandlers,
  paymentProviders: paymentProvidersHandlers,
  photos: photosHandlers,
  policies: policiesHandlers,
  promoCodes: promoCodesHandlers,
  products: productsHandlers,
  propertySettings: propertySettingsHandlers,
  redemption: redemptionHandlers,
  roomsAndRates: roomsAndRatesHandlers,
  // The public store: its catalogue and cart (routes/store.ts), its checkout and payment (routes/storePayments.ts).
  store: { ...storeCatalogHandlers, ...storePaymentHandlers },
  stores: storesHandlers,
  system: systemHandlers,
  vehicles: vehiclesHandlers,
};

/** The Tern API: the contract and its handlers, as the registrar mounts them. */
export const ternApi: Api = { contract, handlers: handlers as Api['handlers'] };
