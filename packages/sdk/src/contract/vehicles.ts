import * as z from 'zod';
import { id, isoDate, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import {
  bookingCreated,
  cancellationPolicy,
  clockTime,
  currencyCode,
  kindSegment,
  liability,
  location,
  personName,
} from './engine.js';
import { NOTE_MAX, OCCUPANCY_LIMITS } from './limits.js';

const party = OCCUPANCY_LIMITS;

// Car rentals (document 1, "Reseller v3"): the places a search box offers, an asynchronous query across the car
// providers polled for its results, and booking or cancelling a car. The stay engine is in engine.ts.

const reseller = ['reseller'] as const;

export const place = z.object({
  id: recordId,
  type: z.literal('place'),
  kind: z.enum(['city', 'country', 'property']),
  title: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Properties (or stations) there the reseller can book. */
  count: z.number().int(),
});
export type Place = z.infer<typeof place>;

export const vehicleQueryBody = z.object({
  pickupDate: isoDate,
  dropoffDate: isoDate,
  pickupTime: clockTime.default('10:00'),
  dropoffTime: clockTime.default('10:00'),
  /** 18–99. */
  driverAge: z.number().int().min(party.driverAge.min).max(party.driverAge.max).default(30),
  /** ISO 3166-1 alpha-2. */
  driverCountry: z.string().length(2).default('IS'),
  currency: currencyCode.default('USD'),
  filter: z
    .object({
      city: z.string().trim().max(100).optional(),
      country: z.string().trim().max(2).optional(),
      stationId: id.optional(),
      latitude: z.object({ gte: z.number(), lte: z.number() }).optional(),
      longitude: z.object({ gte: z.number(), lte: z.number() }).optional(),
    })
    .default({}),
});
export type VehicleQueryBody = z.input<typeof vehicleQueryBody>;

export const vehicleOffer = z.object({
  /** The offer; a booking names it as `rateId`. */
  id: z.string(),
  /** The vehicle type; a booking names it as `vehicleChannelId`. */
  vehicleChannelId: recordId,
  stationChannelId: recordId,
  stationTitle: z.string(),
  station: z.object({
    id: recordId,
    title: z.string(),
    address: z.string(),
    city: z.string(),
    location,
    /** Its IANA zone: the pick-up time, and the cancellation deadline counted from it, are its wall time. */
    timezone: z.string(),
  }),
  provider: z.string(),
  make: z.string(),
  model: z.string(),
  imageUrl: z.string(),
  acrissCode: z.string(),
  seats: z.number().int(),
  doors: z.number().int(),
  largeSuitcasesCapacity: z.number().int(),
  smallSuitcasesCapacity: z.number().int(),
  transmission: z.enum(['manual', 'automatic']),
  fuel: z.string(),
  /** Air conditioning, from the ACRISS code's fourth letter (`null` when the code does not say). The server
   * always sends it. */
  airConditioning: z.boolean().nullable().optional(),
  /** Days charged (document 1 §9, decision 8). */
  days: z.number().int(),
  /** One rate: `totalPrice` is the whole rental's price, charged days included (what the booking costs):
   * shown as is, not put through R069's ÷ day difference × charged days (decisions.md). */
  ratePlans: z.array(z.object({ id: z.string(), totalPrice: z.number(), currency: z.string(), liability })),
  cancellationPolicy: cancellationPolicy.nullable(),
  availability: z.number().int(),
});
export type VehicleOffer = z.infer<typeof vehicleOffer>;

export const vehicleQueryResults = z.object({
  queryId: recordId,
  /** `true` once every provider has answered; poll every 2 s until then. */
  finished: z.boolean(),
  providers: z.array(z.object({ provider: z.string(), finished: z.boolean() })),
  results: z.array(vehicleOffer),
});
export type VehicleQueryResults = z.infer<typeof vehicleQueryResults>;

export const driver = z.object({
  firstName: personName.min(1, { error: 'Enter the driver’s first name' }),
  lastName: personName.min(1, { error: 'Enter the driver’s last name' }),
  age: z.number().int().min(party.driverAge.min).max(party.driverAge.max),
  email: z.email({ error: 'Enter a valid e-mail address' }),
  phone: z.string().trim().min(1, { error: 'Enter a phone number' }).max(40),
  address: z
    .object({
      addressLine1: z.string().trim().max(200).default(''),
      addressLine2: z.string().trim().max(200).default(''),
      addressLine3: z.string().trim().max(200).default(''),
      city: z.string().trim().max(100).default(''),
      state: z.string().trim().max(100).default(''),
      postalCode: z.string().trim().max(20).default(''),
      countryCode: z.string().trim().max(2).default(''),
    })
    .default({
      addressLine1: '',
      addressLine2: '',
      addressLine3: '',
      city: '',
      state: '',
      postalCode: '',
      countryCode: '',
    }),
});
export type Driver = z.infer<typeof driver>;

export const vehicleBookingBody = z.object({
  booking: z.object({
    vehicleChannelId: id,
    /** A vehicle offer `id` from the query results. */
    rateId: z.string().min(1).max(200),
    pickupDate: isoDate,
    dropoffDate: isoDate,
    pickupTime: clockTime,
    dropoffTime: clockTime,
    currency: currencyCode,
    notes: z.string().trim().max(NOTE_MAX).optional(),
    externalReference: z.string().trim().max(100).optional(),
    reservationName: z.string().trim().max(100).optional(),
    driver,
    guarantee: z.object({ cardToken: z.string().min(1).max(200) }).optional(),
    total: z.number().optional(),
    policyAccepted: z.literal(true, { error: 'Accept the booking policies' }),
  }),
});
export type VehicleBookingBody = z.input<typeof vehicleBookingBody>;

export const vehiclesArea = defineArea('vehicles', {
  places: endpoint({
    method: 'GET',
    path: '/api/v3/resellers/{kind}/places',
    summary: 'Destinations for the search box: cities, countries and properties matching a term.',
    access: reseller,
    apiKey: 'read',
    params: z.object({ kind: kindSegment }),
    query: z.object({
      term: z.string().trim().max(100).default(''),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    }),
    reply: 'list',
    response: listOf(place),
  }),
  startQuery: endpoint({
    method: 'POST',
    path: '/api/v3/resellers/vehicles/list_units',
    summary: 'Starts an asynchronous car search across the car providers; poll `query_results` every 2 s.',
    access: reseller,
    paymentLock: true,
    apiKey: 'read',
    body: vehicleQueryBody,
    reply: 'plain',
    response: z.object({ queryId: recordId }),
    errors: [400],
  }),
  queryResults: endpoint({
    method: 'GET',
    path: '/api/v3/resellers/vehicles/query_results/{queryId}',
    summary: 'What the providers have answered so far, and whether all have.',
    access: reseller,
    paymentLock: true,
    apiKey: 'read',
    owns: { queryId: 'vehicleQuery' },
    params: z.object({ queryId: id }),
    reply: 'plain',
    response: vehicleQueryResults,
    errors: [404],
  }),
  createBooking: endpoint({
    method: 'POST',
    path: '/api/v3/resellers/vehicles/bookings',
    summary:
      'Books a car from a query’s offer; the vehicle is taken for every day of the rental in one transaction.',
    access: reseller,
    paymentLock: true,
    apiKey: 'book',
    body: vehicleBookingBody,
    reply: 'plain',
    response: bookingCreated,
    creates: true,
    errors: [400, 401, 404, 409],
  }),
  cancelBooking: endpoint({
    method: 'DELETE',
    path: '/api/v3/resellers/vehicles/bookings/{reservationId}',
    summary: 'Cancels a car booking while its policy allows; the car is free again.',
    access: reseller,
    apiKey: 'book',
    owns: { reservationId: 'vehicleBooking' },
    params: z.object({ reservationId: z.string().min(1).max(64) }),
    reply: 'empty',
    response: z.undefined(),
    errors: [404, 409],
  }),
});
