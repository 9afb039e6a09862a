import * as z from 'zod';
import { id, isoDate, listOf, propertyType, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { GUESTS_PER_ROOM_MAX, NOTE_MAX, OCCUPANCY_LIMITS, ROOMS_PER_BOOKING_MAX } from './limits.js';

const party = OCCUPANCY_LIMITS;

// The reseller booking engine (document 1 §7, "Reseller v2" and "Reseller v3"): finding a stay, what a
// property offers for some dates, and booking it (cars: vehicles.ts). Money is in major units (129.5), rounded to the
// currency's minor unit by the server; every price a reseller sees already carries their contract's modifier.

/** The `{type}s` path segment of document 1 (decision 2). */
export const kindSegment = z.enum(['accommodations', 'vehicles']);
export type KindSegment = z.infer<typeof kindSegment>;

/** An ISO 4217 code, upper case. Unknown codes are refused by the server with the list it knows. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'Use a three-letter currency code' });

/** A query-string boolean: `true`/`false` (or `1`/`0`); callers may pass a real boolean. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `HH:mm`, on the half hour for car rentals (document 1 §5). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use the HH:mm format' });

export const occupancy = z.object({
  adults: z.number().int().min(0),
  children: z.number().int().min(0),
  infants: z.number().int().min(0),
});
export type Occupancy = z.infer<typeof occupancy>;

/** The guests a search or a rates table is for (document 1 §5: adults 1–30, children 0–11, ages 0–17). */
export const occupancyQuery = z
  .object({
    adults: z.coerce.number().int().min(party.adults.min).max(party.adults.max).default(1),
    children: z.coerce.number().int().min(party.children.min).max(party.children.max).default(0),
    childrenAge: z
      .array(z.coerce.number().int().min(party.childAge.min).max(party.childAge.max))
      .max(party.children.max)
      .default([]),
  })
  .refine((o) => o.childrenAge.length === 0 || o.childrenAge.length === o.children, {
    error: 'Give one age per child',
    path: ['childrenAge'],
  });

export const photo = z.object({ url: z.string(), description: z.string() });
export type Photo = z.infer<typeof photo>;

export const facilityGroup = z.object({ categoryCode: z.string(), facilityCodes: z.array(z.string()) });
export type FacilityGroup = z.infer<typeof facilityGroup>;

export const location = z.object({ latitude: z.number(), longitude: z.number() });

export const propertyPolicy = z.object({
  checkinFromTime: z.string().nullable(),
  checkinToTime: z.string().nullable(),
  checkoutFromTime: z.string().nullable(),
  checkoutToTime: z.string().nullable(),
  internetAccessType: z.enum(['none', 'wifi', 'wired']),
  internetAccessCost: z.number().nullable(),
  internetAccessCoverage: z.enum(['entire_property', 'public_areas', 'rooms']).nullable(),
  parkingType: z.enum(['none', 'on_site', 'nearby']),
  parkingIsPrivate: z.boolean(),
  parkingReservation: z.enum(['not_needed', 'needed', 'not_possible']),
  petsPolicy: z.enum(['not_allowed', 'allowed', 'by_arrangement']),
  petsNonRefundableFee: z.number().nullable(),
  petsRefundableDeposit: z.number().nullable(),
  smokingPolicy: z.enum(['no_smoking', 'smoking_rooms', 'permitted_areas']),
  currency: z.string(),
  isAdultsOnly: z.boolean(),
});
export type PropertyPolicy = z.infer<typeof propertyPolicy>;

export const cancellationPolicyLogic = z.enum(['non_refundable', 'free', 'deadline']);
export const guaranteePaymentPolicy = z.enum(['none', 'percent_based', 'amount']);

export const cancellationPolicy = z.object({
  id: recordId,
  title: z.string(),
  cancellationPolicyLogic,
  /** With `deadline`: how long before arrival cancelling stays free. */
  cancellationPolicyDeadline: z.number().int().nullable(),
  cancellationPolicyDeadlineType: z.enum(['hours', 'days']).nullable(),
  /** Charged after the deadline (or always, when non-refundable). */
  cancellationPolicyPenalty: z.number(),
  cancellationPolicyMode: z.enum(['percent', 'amount']),
  guaranteePaymentPolicy,
  guaranteePaymentAmount: z.number(),
  currency: z.string(),
});
export type CancellationPolicy = z.infer<typeof cancellationPolicy>;

export const taxMode = z.enum([
  'percent',
  'per_room',
  'per_night',
  'per_person',
  'per_room_per_night',
  'per_booking',
  'per_person_per_night',
]);
export type TaxMode = z.infer<typeof taxMode>;

export const taxLine = z.object({
  title: z.string(),
  /** Percent for `percent`, otherwise an amount per unit of the mode. */
  rate: z.number(),
  mode: taxMode,
  /** Already in the price (e.g. VAT), or added on top. */
  inclusive: z.boolean(),
  /** What it comes to for the stay, in the offer's currency. */
  amount: z.number(),
});
export type TaxLine = z.infer<typeof taxLine>;

/** Document 2 §9's 23 meal types: what a rate plan is saved with is what the engine shows. */
export const mealType = z.enum([
  'none',
  'all_inclusive',
  'breakfast',
  'lunch',
  'dinner',
  'american',
  'bed_and_breakfast',
  'buffet_breakfast',
  'carribean_breakfast',
  'continental_breakfast',
  'english_breakfast',
  'european_plan',
  'family_plan',
  'full_board',
  'full_breakfast',
  'half_board',
  'room_only',
  'self_catering',
  'bermuda',
  'dinner_bed_and_breakfast_plan',
  'family_american',
  'breakfast_and_lunch',
  'lunch_and_dinner',
]);
export type MealType = z.infer<typeof mealType>;

/**
 * Who collects the money: `prepaid` (the card is charged in full when booking), `guarantee` (a card secures
 * the booking, part is charged), `pay_at_property` (no card; the guest pays on arrival).
 */
export const liability = z.enum(['prepaid', 'guarantee', 'pay_at_property']);

/** The reseller's contract with a property, as the booking engine shows it. */
export const contractTerms = z.object({
  id: recordId,
  modifierLogic: z.enum([
    'increase_by_percent',
    'decrease_by_percent',
    'increase_by_amount',
    'decrease_by_amount',
  ]),
  modifierAmount: z.number(),
});

/** Why a rate cannot be booked for the dates asked. */
export const unavailableReason = z.enum([
  'sold_out',
  'stop_sell',
  'min_stay',
  'max_stay',
  'closed_to_arrival',
  'closed_to_departure',
  'occupancy',
]);
export type UnavailableReason = z.infer<typeof unavailableReason>;

// ——— search ————————————————————————————————————————————————————————————————————————————————————

const range = z.object({
  gte: z.coerce.number().min(-180).max(180),
  lte: z.coerce.number().min(-180).max(180),
});

export const searchQuery = z.object({
  currency: currencyCode.default('USD'),
  checkinDate: isoDate.optional(),
  checkoutDate: isoDate.optional(),
  occupancy: occupancyQuery.optional(),
  /** Only properties with a free unit for the dates and guests. */
  isAvailable: queryBoolean.optional(),
  /** Also list properties the reseller has no active contract with (the discover list). */
  discover: queryBoolean.optional(),
  filter: z
    .object({
      title: z.object({ has: z.string().trim().max(100) }).optional(),
      city: z.string().trim().max(100).optional(),
      state: z.string().trim().max(100).optional(),
      country: z.string().trim().max(2).optional(),
      /** Map bounds. */
      latitude: range.optional(),
      longitude: range.optional(),
    })
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SearchQuery = z.input<typeof searchQuery>;

export const bestOffer = z.object({
  /** The lowest total for the dates and guests, or `null` when nothing can be booked. */
  offer: z.number().nullable(),
  currency: z.string(),
  nights: z.number().int().nullable(),
  /** Why there is no offer (e.g. `no_dates`, `sold_out`, `no_contract`). */
  errors: z.array(z.string()),
});
export type BestOffer = z.infer<typeof bestOffer>;

export const searchProperty = z.object({
  id: recordId,
  type: z.literal('property'),
  kind: propertyType,
  title: z.string(),
  description: z.string(),
  photos: z.array(photo),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  currency: z.string(),
  starRating: z.number().int().nullable(),
  /** Car stations: the car provider. */
  provider: z.string().nullable(),
  /** The reseller's active contract, or `null` (only in the discover list). */
  contract: contractTerms.nullable(),
  bestOffer,
});
export type SearchProperty = z.infer<typeof searchProperty>;

// ——— property page ———————————————————————————————————————————————————————————————————————————————

export const propertyInfo = z.object({
  id: recordId,
  type: z.literal('property'),
  kind: propertyType,
  title: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  zipCode: z.string(),
  email: z.string(),
  phone: z.string(),
  timezone: z.string(),
  logo: z.string().nullable(),
  hideLogo: z.boolean(),
  hideTitle: z.boolean(),
  photos: z.array(photo),
  location,
  currency: z.string(),
  starRating: z.number().int().nullable(),
  provider: z.string().nullable(),
  facilities: z.array(facilityGroup),
  propertyPolicy: propertyPolicy.nullable(),
  cancellationPolicies: z.array(cancellationPolicy),
  taxes: z.array(taxLine.omit({ amount: true })),
  contract: contractTerms.nullable(),
});
export type PropertyInfo = z.infer<typeof propertyInfo>;

export const closedDates = z.object({
  /** Nights nothing can be sold (every unit full, or every rate stopped). */
  closedDates: z.array(isoDate),
  /** Per rate plan: the nights that plan cannot be sold. */
  ratePlans: z.array(z.object({ ratePlanId: recordId, closedDates: z.array(isoDate) })),
});
export type ClosedDates = z.infer<typeof closedDates>;

export const nightPrice = z.object({ date: isoDate, price: z.number() });

/**
 * One rate of a unit for one occupancy. With `withVirtualRatePlans`, a plan sold for several occupancies
 * appears once per occupancy (`id` differs, `ratePlanId` is the plan's).
 */
export const rateOffer = z.object({
  /** What a booking names as its `ratePlanId`: `<plan id>~<adults>-<children>-<infants>`. */
  id: z.string(),
  ratePlanId: recordId,
  title: z.string(),
  /** Rooms of this unit free on every night of the stay. */
  availability: z.number().int(),
  occupancy,
  sellMode: z.enum(['per_room', 'per_person']),
  /** Total for one room for the stay: nights, occupancy fees and taxes added, after the contract modifier. */
  totalPrice: z.number(),
  /** The same before taxes. */
  netPrice: z.number(),
  nightly: z.array(nightPrice),
  lengthOfStay: z.number().int(),
  taxes: z.array(taxLine),
  currency: z.string(),
  mealType,
  cancellationPolicy: cancellationPolicy.nullable(),
  liability,
  /** `null` when bookable for these dates. */
  unavailableReason: unavailableReason.nullable(),
  minStay: z.number().int().nullable(),
  maxStay: z.number().int().nullable(),
});
export type RateOffer = z.infer<typeof rateOffer>;

export const bedOption = z.object({ title: z.string(), count: z.number().int(), size: z.string() });

export const unitWithRates = z.object({
  id: recordId,
  type: z.literal('unit'),
  title: z.string(),
  description: z.string(),
  photos: z.array(photo),
  facilities: z.array(facilityGroup),
  bedOptions: z.array(bedOption),
  maxOccupancy: z.number().int(),
  maxAdults: z.number().int(),
  maxChildren: z.number().int(),
  maxInfants: z.number().int(),
  /** Rooms free on every night of the stay. */
  availability: z.number().int(),
  ratePlans: z.array(rateOffer),
});
export type UnitWithRates = z.infer<typeof unitWithRates>;

const stayDates = {
  checkinDate: isoDate,
  checkoutDate: isoDate,
};

// ——— booking ——————————————————————————————————————————————————————————————————————————————————————

/** A person's name on a booking (a guest, a driver). */
export const personName = z.string().trim().max(100);

export const guest = z.object({
  name: personName.default(''),
  surname: personName.default(''),
  nationality: z.string().max(2).default(''),
});
export type Guest = z.infer<typeof guest>;

export const stayBookingBody = z.object({
  booking: z.object({
    currency: currencyCode,
    arrivalDate: isoDate,
    departureDate: isoDate,
    customer: z.object({
      name: personName.default(''),
      surname: personName.min(1, { error: 'Enter the guest’s surname' }),
      mail: z.string().trim().max(200).optional(),
      phone: z.string().trim().max(40).optional(),
      address: z.string().trim().max(200).optional(),
      country: z.string().trim().max(2).optional(),
      city: z.string().trim().max(100).optional(),
      state: z.string().trim().max(100).optional(),
      zipCode: z.string().trim().max(20).optional(),
    }),
    /** The agency's own reference for the booking. */
    externalReference: z.string().trim().max(100).optional(),
    reservationName: z.string().trim().max(100).optional(),
    specialRequest: z.string().trim().max(NOTE_MAX).optional(),
    /** The card vault's token, required when a chosen rate's guarantee policy is not `none`. */
    guarantee: z.object({ cardToken: z.string().min(1).max(200) }).optional(),
    rooms: z
      .array(
        z.object({
          /** A rate offer `id` from `list_with_rates`. */
          ratePlanId: z.string().min(1).max(200),
          /** The unit id. */
          roomTypeCode: id,
          occupancy,
          guests: z.array(guest).max(GUESTS_PER_ROOM_MAX).default([]),
        }),
      )
      .min(1, { error: 'Choose at least one room' })
      .max(ROOMS_PER_BOOKING_MAX),
    /** The total the reseller was shown; a booking whose price changed since is refused (409 price_changed). */
    total: z.number().optional(),
    /** The reseller accepted the property's policies. */
    policyAccepted: z.literal(true, { error: 'Accept the booking policies' }),
  }),
});
export type StayBookingBody = z.input<typeof stayBookingBody>;

export const bookingCreated = z.object({
  /** The booking's id. */
  uniqueId: recordId,
  bookingId: recordId,
  /** The number people quote: `TRN-…`. */
  reservationId: z.string(),
  status: z.enum(['new', 'modified', 'canceled']),
  total: z.number(),
  currency: z.string(),
});
export type BookingCreated = z.infer<typeof bookingCreated>;

/** A unit and the rate plans it sells, for choosing what a contract covers (document 1 §3, §5). */
export const unitRates = z.object({
  id: recordId,
  type: z.literal('unit'),
  title: z.string(),
  ratePlans: z.array(
    z.object({
      id: recordId,
      title: z.string(),
      occupancy,
      mealType,
      sellMode: z.enum(['per_room', 'per_person']),
    }),
  ),
});
export type UnitRates = z.infer<typeof unitRates>;

// ——— the areas ————————————————————————————————————————————————————————————————————————————————————

const reseller = ['reseller'] as const;
const kindAndId = z.object({ kind: kindSegment, id });

export const engineArea = defineArea('engine', {
  search: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/list',
    summary:
      'Properties (or car stations) the reseller can book, with the best offer for the dates and guests; filters by place, title and map bounds. `discover` adds those without a contract.',
    access: reseller,
    paymentLock: true,
    apiKey: 'read',
    params: z.object({ kind: kindSegment }),
    query: searchQuery,
    reply: 'list',
    response: listOf(searchProperty),
    errors: [400],
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/info',
    summary:
      'A property’s page: description, photos, facilities, policies, taxes and the reseller’s contract.',
    access: reseller,
    apiKey: 'read',
    owns: { id: 'engineProperty' },
    params: kindAndId,
    reply: 'resource',
    response: propertyInfo,
    errors: [404],
  }),
  closedDates: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/closed_dates',
    summary:
      'Nights that cannot be sold between two dates (default: the next 400 days), overall and per rate plan.',
    access: reseller,
    apiKey: 'read',
    owns: { id: 'contractedProperty' },
    params: kindAndId,
    query: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
    reply: 'plain',
    response: closedDates,
    errors: [404],
  }),
  listWithRates: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/list_with_rates',
    summary:
      'The units of a property with their rates for a stay, priced for the reseller in the currency asked; with `withVirtualRatePlans` one rate per occupancy option.',
    access: reseller,
    paymentLock: true,
    apiKey: 'read',
    owns: { id: 'contractedProperty' },
    params: kindAndId,
    query: z.object({
      ...stayDates,
      currency: currencyCode.default('USD'),
      withVirtualRatePlans: queryBoolean.default(true),
    }),
    reply: 'list',
    response: listOf(unitWithRates),
    errors: [400, 404],
  }),
  bestOffer: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/best_offer',
    summary: 'The lowest bookable total for the dates and guests (cars: with pick-up and drop-off times).',
    access: reseller,
    apiKey: 'read',
    owns: { id: 'contractedProperty' },
    params: kindAndId,
    query: z.object({
      ...stayDates,
      currency: currencyCode.default('USD'),
      occupancy: occupancyQuery.optional(),
      pickupTime: clockTime.optional(),
      dropoffTime: clockTime.optional(),
    }),
    reply: 'plain',
    response: bestOffer,
    errors: [400, 404],
  }),
  unitRates: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/rates',
    summary:
      'The units of a property and the rate plans each sells, to choose what a contract covers (a reseller for any property of the kind; a supplier for their own).',
    access: ['reseller', 'supplier', 'admin'],
    apiKey: 'read',
    owns: { id: 'property' },
    params: kindAndId,
    reply: 'list',
    response: listOf(unitRates),
    errors: [404],
  }),
  cardCaptureFormUrl: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/{kind}/{id}/card_capture_form_url',
    summary:
      'Where the card vault’s form for this property is (loaded in a 400×220 frame on its own origin).',
    access: reseller,
    apiKey: 'book',
    owns: { id: 'contractedProperty' },
    params: kindAndId,
    reply: 'plain',
    response: z.object({ cardCaptureFormUrl: z.string(), origin: z.string() }),
    errors: [404],
  }),
  createBooking: endpoint({
    method: 'POST',
    path: '/api/v2/resellers/{kind}/{id}/create_booking',
    summary:
      'Books rooms of a property for a stay: checks the contract, the price and the availability and takes the rooms in one transaction.',
    access: reseller,
    paymentLock: true,
    apiKey: 'book',
    owns: { id: 'contractedProperty' },
    params: kindAndId,
    body: stayBookingBody,
    reply: 'plain',
    response: bookingCreated,
    creates: true,
    errors: [400, 401, 404, 409],
  }),
});
