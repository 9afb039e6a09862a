import * as z from 'zod';
import { id, isoDate, listOf, pageQuery, propertyType, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { cancellationPolicy, guest, kindSegment, mealType, occupancy, propertyPolicy } from './engine.js';
import { GUESTS_PER_ROOM_MAX, NOTE_MAX, ROOMS_PER_BOOKING_MAX, SEARCH_TERM_MAX } from './limits.js';
import { driver } from './vehicles.js';

// Bookings after they are made (document 1 §2 bookings page, §3 booking record, §4 booking status and edits,
// §5 filters, §6 roles, §7 "Reseller v2 — bookings"): resellers see and change their agency's, suppliers see
// their properties' read-only, admins see all.

export const bookingStatus = z.enum(['new', 'modified', 'canceled']);
export type BookingStatus = z.infer<typeof bookingStatus>;

/** Why a booking cannot be changed any more (document 1 §4), or `null` when it can. */
export const changeBlock = z.enum(['not_reseller', 'canceled', 'arrival_past', 'policy']);
export type ChangeBlock = z.infer<typeof changeBlock>;

export const bookedUnit = z.object({
  /** The booked room (or car) line. */
  id: recordId,
  title: z.string(),
  roomRateTitle: z.string(),
  /** The unit (room type or vehicle) id; `roomTypeCode` when booking. */
  unitTypeCode: recordId,
  /** The rate offer id it was booked with. */
  ratePlanCode: z.string(),
  occupancy,
  cancellationPolicy: cancellationPolicy.nullable(),
  mealType: mealType.nullable(),
  guests: z.array(guest),
  drivers: z.array(driver),
  price: z.number(),
  status: z.enum(['booked', 'canceled']),
  meta: z.object({ pickUpTime: z.string().nullable(), dropOffTime: z.string().nullable() }),
});
export type BookedUnit = z.infer<typeof bookedUnit>;

/** Where a booking came from: a reseller's booking engine, or a gift card redeemed in the store (issue 25). */
export const bookingSource = z.enum(['engine', 'gift_card']);
export type BookingSource = z.infer<typeof bookingSource>;

export const bookingRecord = z.object({
  id: recordId,
  type: z.literal('booking'),
  status: bookingStatus,
  reservationId: z.string(),
  reservationName: z.string().nullable(),
  externalReferenceId: z.string().nullable(),
  createdAt: z.string(),
  hotelName: z.string(),
  propertyChannelId: recordId,
  propertyType,
  arrivalDate: isoDate,
  departureDate: isoDate,
  /** Check-in time of the property, or the car's pick-up time. */
  arrivalTime: z.string().nullable(),
  totalNights: z.number().int(),
  price: z.object({ currency: z.string(), total: z.number() }),
  notes: z.string().nullable(),
  specialRequest: z.string().nullable(),
  /** The agency that booked; for a gift card's booking (no agency), the guest's name. */
  resellerName: z.string(),
  /** Who booked (a gift card's booking: the guest, with their e-mail). */
  user: z.object({ name: z.string(), email: z.string() }),
  /** Where it came from: a reseller's booking engine, or a gift card redeemed in the store (issue 25). */
  source: bookingSource,
  /** The gift card it was redeemed with (`source` gift_card), else `null`. */
  giftCardCode: z.string().nullable(),
  customer: z.object({ name: z.string(), surname: z.string(), mail: z.string().nullable() }),
  cancellationPolicy: cancellationPolicy.nullable(),
  propertyPolicy: propertyPolicy.nullable(),
  /** The card as the vault left it: masked number, never the code. */
  guarantee: z
    .object({
      cardType: z.string(),
      cardNumber: z.string(),
      expirationDate: z.string(),
      cardholderName: z.string().nullable(),
      cvv: z.null(),
      isVirtual: z.boolean(),
    })
    .nullable(),
  liability: z.enum(['prepaid', 'guarantee', 'pay_at_property']),
  /** Whether the caller may cancel or edit it now, and why not (the server checks it again). */
  changeable: z.boolean(),
  changeBlock: changeBlock.nullable(),
  units: z.array(bookedUnit),
});
export type BookingRecord = z.infer<typeof bookingRecord>;

/** One entry of a booking's history: made, guests or driver changed, rooms removed, details changed, cancelled. */
export const bookingEvent = z.object({
  id: recordId,
  type: z.literal('booking_event'),
  action: z.enum([
    'created',
    'guests_updated',
    'driver_updated',
    'units_removed',
    'details_updated',
    'canceled',
  ]),
  /** Who did it (their name), or null when the user is gone. */
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingEvent = z.infer<typeof bookingEvent>;

const orderBy = z.enum(['created_at', 'arrival_date', 'departure_date', 'reservation_id', 'total', 'status']);

export const bookingsQuery = z.object({
  ...pageQuery,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  orderBy: orderBy.default('created_at'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  /** Suppliers and admins: only these agencies' bookings. */
  resellerIds: z.array(id).max(100).optional(),
  /** Free text over the number, name, reference, guest and property (document 1 §5: at most `SEARCH_TERM_MAX` characters). */
  term: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX, { error: `Use at most ${SEARCH_TERM_MAX} characters` })
    .optional(),
  reservationId: z.string().trim().max(64).optional(),
  reservationName: z.string().trim().max(100).optional(),
  externalReferenceId: z.string().trim().max(100).optional(),
  /** Stays that touch this period (arrival on or before `dateTo`, departure on or after `dateFrom`). */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  /** Resellers: one supplier — a property from the suppliers (discover) list, or the supplier company. */
  supplier: id.optional(),
  /** Resellers: one agent's bookings. */
  booker: id.optional(),
  /** Made on or after / before these days. */
  bookedFrom: isoDate.optional(),
  bookedTo: isoDate.optional(),
  propertyId: id.optional(),
  status: bookingStatus.optional(),
  /** Only a reseller's bookings (`engine`) or only gift cards' (`gift_card`). */
  source: bookingSource.optional(),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;

const bookingRef = z.object({ id });
const anyone = ['reseller', 'supplier', 'admin'] as const;
const reseller = ['reseller'] as const;

export const bookingsArea = defineArea('bookings', {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/bookings',
    summary:
      'Bookings the caller may see — a reseller their agency’s, a supplier their properties’, an admin all — filtered, sorted and paged in SQL.',
    access: anyone,
    paymentLock: true,
    apiKey: 'read',
    owns: { resellerIds: 'agency', supplier: 'narrows', booker: 'agencyUser', propertyId: 'property' },
    query: bookingsQuery,
    reply: 'list',
    response: listOf(bookingRecord),
    errors: [400, 401],
  }),
  show: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/bookings/{id}',
    summary: 'One booking the caller may see.',
    access: anyone,
    apiKey: 'read',
    owns: { id: 'booking' },
    params: bookingRef,
    reply: 'resource',
    response: bookingRecord,
    errors: [404],
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/bookings/{id}/history',
    summary: 'What happened to a booking the caller may see, oldest first (every change writes an entry).',
    access: anyone,
    apiKey: 'read',
    owns: { id: 'booking' },
    params: bookingRef,
    reply: 'list',
    response: listOf(bookingEvent),
    errors: [404],
  }),
  cancel: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/{kind}/cancel_booking',
    summary:
      'Cancels the agency’s booking while it is changeable (document 1 §4); the rooms or the car are free again.',
    access: reseller,
    apiKey: 'book',
    owns: { reservationId: 'booking', propertyChannelId: 'property' },
    params: z.object({ kind: kindSegment }),
    body: z.object({ reservationId: z.string().min(1).max(64), propertyChannelId: id, propertyType }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
  updateRooms: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/bookings/{id}/booking_rooms/bulk_update',
    summary: 'Replaces the guests of booked rooms (at most adults + children + infants each).',
    access: reseller,
    apiKey: 'book',
    // A unit is a booked room of this booking (matched among its rooms); its type code is not used.
    owns: {
      id: 'booking',
      propertyId: 'property',
      'units[].id': 'narrows',
      'units[].unitTypeCode': 'narrows',
    },
    params: bookingRef,
    body: z.object({
      units: z
        .array(
          z.object({
            id,
            guests: z.array(guest).max(GUESTS_PER_ROOM_MAX),
            ratePlanCode: z.string().optional(),
            unitTypeCode: id.optional(),
          }),
        )
        .min(1)
        .max(ROOMS_PER_BOOKING_MAX),
      propertyId: id.optional(),
      propertyType: propertyType.optional(),
    }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
  removeRooms: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/bookings/{id}/booking_rooms/bulk_remove',
    summary: 'Removes booked rooms, keeping at least one; they are free again and the total drops.',
    access: reseller,
    apiKey: 'book',
    owns: { id: 'booking', propertyId: 'property', deleteUnitIds: 'narrows' },
    params: bookingRef,
    body: z.object({
      deleteUnitIds: z.array(id).min(1).max(30),
      propertyId: id.optional(),
      propertyType: propertyType.optional(),
    }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
  updateVehicles: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/bookings/{id}/rental_vehicles/bulk_update',
    summary: 'Replaces the driver of a booked car.',
    access: reseller,
    apiKey: 'book',
    // A unit is a booked room of this booking (matched among its rooms); its type code is not used.
    owns: {
      id: 'booking',
      propertyId: 'property',
      'units[].id': 'narrows',
      'units[].unitTypeCode': 'narrows',
    },
    params: bookingRef,
    body: z.object({
      units: z
        .array(
          z.object({
            id,
            drivers: z.array(driver).min(1).max(1),
            ratePlanCode: z.string().optional(),
            unitTypeCode: id.optional(),
          }),
        )
        .min(1)
        .max(5),
      propertyId: id.optional(),
      propertyType: propertyType.optional(),
    }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
  removeVehicles: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/bookings/{id}/rental_vehicles/bulk_remove',
    summary: 'Removes booked cars, keeping at least one (cancel the booking to give back the last).',
    access: reseller,
    apiKey: 'book',
    owns: { id: 'booking', propertyId: 'property', deleteUnitIds: 'narrows' },
    params: bookingRef,
    body: z.object({
      deleteUnitIds: z.array(id).min(1).max(5),
      propertyId: id.optional(),
      propertyType: propertyType.optional(),
    }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
  updateSpecialRequest: endpoint({
    method: 'PUT',
    path: '/api/v2/resellers/{kind}/{propertyId}/bookings/{bookingId}/update_special_request',
    summary: 'Changes the special request, the reservation name and the agency’s reference.',
    access: reseller,
    apiKey: 'book',
    owns: { propertyId: 'property', bookingId: 'booking' },
    params: z.object({ kind: kindSegment, propertyId: id, bookingId: id }),
    body: z.object({
      externalReferenceId: z.string().trim().max(100).optional(),
      reservationName: z.string().trim().max(100).optional(),
      specialRequest: z.string().trim().max(NOTE_MAX).optional(),
    }),
    reply: 'resource',
    response: bookingRecord,
    errors: [400, 401, 404, 409],
  }),
});
