import type { Storefront, StorefrontType } from '@tern/sdk/contract';

/** A type the test store sells (a night's card unless `patch` says otherwise). */
export const storefrontType = (
  id: string,
  title: string,
  price: number,
  patch: Partial<StorefrontType> = {},
) =>
  ({
    id,
    type: 'storefrontType',
    giftcardType: 0,
    title,
    description: '',
    price,
    netPrice: price,
    discount: null,
    stock: 5,
    expirationType: 0,
    expirationDuration: 12,
    expirationDurationUnit: 'months',
    absoluteExpirationDate: null,
    lengthOfStay: 1,
    offerLetterDelivery: true,
    offerPickupAtHotel: false,
    photos: [],
    hotelNames: ['Harbour View'],
    priority: 1,
    ...patch,
  }) as StorefrontType;

/** The store the store's page tests open at `/harbour`: its look, terms and property, and the types given. */
export const testStorefront = (types: StorefrontType[], termsAndConditions = ''): Storefront =>
  ({
    store: {
      id: 'st1',
      name: 'Harbour View gifts',
      slug: 'harbour',
      allowPickupAtHotel: true,
      allowPickupAtHotelInfo: '',
      allowCancellation: false,
    },
    settings: {
      logoUrl: null,
      photoUrl: null,
      bannerTitle: '',
      bannerParagraph: '',
      titleFont: null,
      textFont: null,
      tagColor: '#0F1015',
      cornerStyle: 'rounded',
      gaTrackingId: '',
      termsAndConditions,
    },
    property: { id: 'p1', title: 'Harbour View', currency: 'EUR', country: 'IS', icelandicOnly: false },
    types,
  }) as Storefront;
