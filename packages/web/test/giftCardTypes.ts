import type { GiftCardType } from '@tern/sdk';
import { supplierUser } from './fixtures';

/** A list page as the API answers it (`meta` of page 1, ten a page). */
export const pageOf = <T>(items: T[], total = items.length) => ({
  items,
  meta: { page: 1, limit: 10, total },
});

/**
 * A published single-property gift card type of the supplier's first property, "Spa weekend" (`t-1`), no cards
 * issued; `over` sets what a test needs.
 */
export function giftCardType(over: Partial<GiftCardType> = {}): GiftCardType {
  return {
    id: 't-1',
    type: 'giftCardType',
    propertyId: supplierUser.ternHotels[0]!.id,
    giftcardType: 2,
    title: 'Spa weekend',
    description: 'A night away',
    price: 200,
    netPrice: 200,
    discount: null,
    limit: 50,
    issued: 0,
    stock: 50,
    expirationType: 0,
    expirationDuration: 48,
    expirationDurationUnit: 'months',
    absoluteExpirationDate: null,
    status: 'published',
    settings: null,
    storeIds: [],
    ratePlans: [],
    upsellRatePlans: [],
    offerLetterDelivery: false,
    offerPickupAtHotel: false,
    pdfTemplateId: null,
    photos: [],
    locked: false,
    duplicateOf: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}
