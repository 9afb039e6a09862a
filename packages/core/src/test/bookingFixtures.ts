import type {
  BestOffer,
  CancellationPolicy,
  Place,
  PropertyInfo,
  RateOffer,
  SearchProperty,
  UnitWithRates,
  VehicleOffer,
} from '@tern/sdk';
import type { BookedFlow, CarFlow, StayFlow } from '../bookingEngine/flow.js';
import { freePolicy } from '../qa/sampleBooking.js';

export { bookedRoom, bookingRecord, freePolicy } from '../qa/sampleBooking.js';

/** Booking engine replies shaped like the contract's, for the screens' tests. */

export const prepaidPolicy: CancellationPolicy = {
  ...freePolicy,
  id: 'cp-prepaid',
  title: 'Non-refundable',
  cancellationPolicyLogic: 'non_refundable',
  cancellationPolicyPenalty: 100,
  guaranteePaymentPolicy: 'percent_based',
  guaranteePaymentAmount: 100,
};

export const bestOffer = (
  offer: number | null,
  nights: number | null = 2,
  errors: string[] = [],
): BestOffer => ({
  offer,
  currency: 'EUR',
  nights,
  errors,
});

export function searchProperty(
  id: string,
  title: string,
  overrides: Partial<SearchProperty> = {},
): SearchProperty {
  return {
    id,
    type: 'property',
    kind: 'accommodation',
    title,
    description: `${title} in the old town`,
    photos: [{ url: `/photos/properties/${id}.svg`, description: title }],
    address: 'Rua das Flores 12',
    city: 'Lisbon',
    state: null,
    country: 'PT',
    latitude: 38.71,
    longitude: -9.14,
    currency: 'EUR',
    starRating: 4,
    provider: null,
    contract: { id: `c-${id}`, modifierLogic: 'increase_by_percent', modifierAmount: 10 },
    bestOffer: bestOffer(240),
    ...overrides,
  };
}

export const propertyInfo: PropertyInfo = {
  id: 'p-alfama',
  type: 'property',
  kind: 'accommodation',
  title: 'Casa do Alfama',
  description: 'A townhouse hotel in the Alfama.',
  address: 'Rua de São Miguel 19',
  city: 'Lisbon',
  state: null,
  country: 'PT',
  zipCode: '1100-544',
  email: 'stay@casa-alfama.test',
  phone: '+351 21 000 0000',
  timezone: 'Europe/Lisbon',
  logo: null,
  hideLogo: false,
  hideTitle: false,
  photos: Array.from({ length: 7 }, (_, i) => ({
    url: `/photos/p-alfama-${i + 1}.svg`,
    description: `View ${i + 1}`,
  })),
  location: { latitude: 38.711, longitude: -9.13 },
  currency: 'EUR',
  starRating: 4,
  provider: null,
  facilities: [
    { categoryCode: 'general', facilityCodes: ['free_wifi', 'elevator', '24h_front_desk'] },
    { categoryCode: 'food_drink', facilityCodes: ['bar', 'breakfast_buffet'] },
    { categoryCode: 'outdoors', facilityCodes: ['terrace'] },
  ],
  propertyPolicy: {
    checkinFromTime: '15:00',
    checkinToTime: '23:00',
    checkoutFromTime: null,
    checkoutToTime: '11:00',
    internetAccessType: 'wifi',
    internetAccessCost: null,
    internetAccessCoverage: 'entire_property',
    parkingType: 'none',
    parkingIsPrivate: false,
    parkingReservation: 'not_needed',
    petsPolicy: 'not_allowed',
    petsNonRefundableFee: null,
    petsRefundableDeposit: null,
    smokingPolicy: 'no_smoking',
    currency: 'EUR',
    isAdultsOnly: false,
  },
  cancellationPolicies: [freePolicy, prepaidPolicy],
  taxes: [{ title: 'City tax', rate: 2, mode: 'per_person_per_night', inclusive: false }],
  contract: { id: 'c-1', modifierLogic: 'increase_by_percent', modifierAmount: 15 },
};

export function rate(id: string, overrides: Partial<RateOffer> = {}): RateOffer {
  return {
    id,
    ratePlanId: id.split('~')[0]!,
    title: 'Flexible',
    availability: 5,
    occupancy: { adults: 2, children: 0, infants: 0 },
    sellMode: 'per_room',
    totalPrice: 250,
    netPrice: 242,
    nightly: [
      { date: '2030-05-01', price: 121 },
      { date: '2030-05-02', price: 121 },
    ],
    lengthOfStay: 2,
    taxes: [{ title: 'City tax', rate: 2, mode: 'per_person_per_night', inclusive: false, amount: 8 }],
    currency: 'EUR',
    mealType: 'breakfast',
    cancellationPolicy: freePolicy,
    liability: 'pay_at_property',
    unavailableReason: null,
    minStay: null,
    maxStay: null,
    ...overrides,
  };
}

export function unit(
  id: string,
  title: string,
  ratePlans: RateOffer[],
  overrides: Partial<UnitWithRates> = {},
): UnitWithRates {
  return {
    id,
    type: 'unit',
    title,
    description: `${title}, quiet side`,
    photos: [{ url: `/photos/rooms/${id}.svg`, description: title }],
    facilities: [],
    bedOptions: [{ title: 'Double bed', count: 1, size: '160 cm' }],
    maxOccupancy: 2,
    maxAdults: 2,
    maxChildren: 1,
    maxInfants: 1,
    availability: 5,
    ratePlans,
    ...overrides,
  };
}

export const units: UnitWithRates[] = [
  unit('u-double', 'Double Room', [
    rate('rp-flex~2-0-0'),
    rate('rp-saver~2-0-0', {
      title: 'Saver',
      totalPrice: 210,
      netPrice: 202,
      cancellationPolicy: prepaidPolicy,
      liability: 'prepaid',
      mealType: 'room_only',
    }),
  ]),
  unit(
    'u-single',
    'Single Room',
    [
      rate('rp-flex~1-0-0', {
        occupancy: { adults: 1, children: 0, infants: 0 },
        totalPrice: 150,
        netPrice: 146,
        availability: 2,
        taxes: [{ title: 'City tax', rate: 2, mode: 'per_person_per_night', inclusive: false, amount: 4 }],
      }),
    ],
    {
      availability: 2,
      maxOccupancy: 1,
      photos: [],
    },
  ),
];

export const places: Place[] = [
  {
    id: 'city-lisbon',
    type: 'place',
    kind: 'city',
    title: 'Lisbon',
    city: 'Lisbon',
    state: null,
    country: 'PT',
    latitude: 38.7,
    longitude: -9.1,
    count: 5,
  },
  {
    id: 'p-alfama',
    type: 'place',
    kind: 'property',
    title: 'Casa do Alfama',
    city: 'Lisbon',
    state: null,
    country: 'PT',
    latitude: 38.71,
    longitude: -9.13,
    count: 1,
  },
];

export function vehicleOffer(id: string, overrides: Partial<VehicleOffer> = {}): VehicleOffer {
  return {
    id,
    vehicleChannelId: `vt-${id}`,
    stationChannelId: 'st-lisbon',
    stationTitle: 'Atlas Rent a Car – Lisbon Airport',
    station: {
      id: 'st-lisbon',
      title: 'Atlas Rent a Car – Lisbon Airport',
      address: 'Alameda das Comunidades',
      city: 'Lisbon',
      location: { latitude: 38.77, longitude: -9.13 },
      timezone: 'Europe/Lisbon',
    },
    provider: 'atlas_rent',
    make: 'Renault',
    model: 'Clio',
    imageUrl: '/photos/cars/renault-clio.svg',
    acrissCode: 'EDMR',
    seats: 5,
    doors: 5,
    largeSuitcasesCapacity: 1,
    smallSuitcasesCapacity: 2,
    transmission: 'manual',
    fuel: 'petrol',
    days: 7,
    ratePlans: [{ id: `${id}-rate`, totalPrice: 280, currency: 'EUR', liability: 'pay_at_property' }],
    cancellationPolicy: freePolicy,
    availability: 4,
    ...overrides,
  };
}

/** A booked room line (two adults) for the bookings tests. */

/** The booking flow's stored stay (two adults and a child of 5, one room of u1's rate r1), for its machine's tests. */
export const flowStay: StayFlow = {
  kind: 'accommodation',
  channelId: 'p1',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  currency: 'EUR',
  adults: 2,
  children: 1,
  childrenAge: [5],
  selection: { u1: { r1: 1 } },
};
/** Rooms chosen for the stay: one that fits the family, one for two adults. */
export const flowFamily = [{ rate: { occupancy: { adults: 2, children: 1, infants: 0 } }, quantity: 1 }];
export const flowDouble = [{ rate: { occupancy: { adults: 2, children: 0, infants: 0 } }, quantity: 1 }];

/** The booking flow's stored car rental. */
export const flowCar: CarFlow = {
  kind: 'vehicle',
  channelId: 'vt-1',
  offer: vehicleOffer('1'),
  pickupDate: '2030-05-06',
  dropoffDate: '2030-05-13',
  pickupTime: '10:00',
  dropoffTime: '10:00',
  driverAge: 30,
  driverCountry: 'IS',
  currency: 'EUR',
};

/** The booking flow's confirmation. */
export const flowBooked: BookedFlow = {
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  email: 'ana@example.com',
  kind: 'accommodation',
  provider: null,
};
