import { adminArea, managerUsersArea } from './admin.js';
import { apiKeysArea } from './apiKeys.js';
import { authArea } from './auth.js';
import { billingArea } from './billing.js';
import { bookingsArea } from './bookings.js';
import { campaignsArea, productsArea } from './campaigns.js';
import { contractsArea } from './contracts.js';
import { endpointLookup } from './define.js';
import { engineArea } from './engine.js';
import { giftCardPdfsArea } from './giftCardPdfs.js';
import { giftCardPurchasesArea } from './giftCardPurchases.js';
import { giftCardsArea } from './giftCards.js';
import { inventoryArea } from './inventory.js';
import { mailArea } from './mail.js';
import { paymentProvidersArea } from './paymentProviders.js';
import { photosArea } from './photos.js';
import { policiesArea } from './policies.js';
import { promoCodesArea } from './promoCodes.js';
import { propertySettingsArea } from './propertySettings.js';
import { redemptionArea } from './redemption.js';
import { roomsAndRatesArea } from './roomsAndRates.js';
import { storeArea } from './store.js';
import { storesArea } from './stores.js';
import { systemArea } from './system.js';
import { vehiclesArea } from './vehicles.js';

export * from './admin.js';
export * from './apiKeys.js';
export * from './auth.js';
export * from './billing.js';
export * from './bookings.js';
export * from './campaigns.js';
export * from './common.js';
export * from './contracts.js';
export * from './define.js';
export * from './engine.js';
export * from './facilities.js';
export * from './giftCardPdfs.js';
export * from './giftCardPurchases.js';
export * from './giftCards.js';
export * from './giftCardTypes.js';
export * from './inventory.js';
export * from './limits.js';
export * from './mail.js';
export * from './paymentProviders.js';
export * from './photos.js';
export * from './policies.js';
export * from './promoCodes.js';
export * from './propertySettings.js';
export * from './redemption.js';
export * from './roomsAndRates.js';
export * from './store.js';
export * from './stores.js';
export * from './system.js';
export * from './timeZones.js';
export * from './vehicles.js';

/** Every endpoint of the Tern API, by area. The client, the server, the docs and the test mocks derive from it. */
export const contract = {
  admin: adminArea,
  apiKeys: apiKeysArea,
  auth: authArea,
  billing: billingArea,
  bookings: bookingsArea,
  campaigns: campaignsArea,
  contracts: contractsArea,
  engine: engineArea,
  giftCardPdfs: giftCardPdfsArea,
  giftCardPurchases: giftCardPurchasesArea,
  giftCards: giftCardsArea,
  inventory: inventoryArea,
  mail: mailArea,
  managerUsers: managerUsersArea,
  paymentProviders: paymentProvidersArea,
  photos: photosArea,
  policies: policiesArea,
  promoCodes: promoCodesArea,
  products: productsArea,
  propertySettings: propertySettingsArea,
  redemption: redemptionArea,
  roomsAndRates: roomsAndRatesArea,
  store: storeArea,
  stores: storesArea,
  system: systemArea,
  vehicles: vehiclesArea,
} as const;

export type Contract = typeof contract;

/** An endpoint of the contract by its name (`area.operation`), e.g. `bookings.list`. */
export const endpointNamed = endpointLookup(contract);
