import type { BookedUnit, BookingRecord, User } from '@tern/sdk';
import { vi } from 'vitest';
import { storedFor } from '../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp } from '../../../test/renderApp';

/** Test helpers of the bookings screens: booking records shaped like the API's, and the page opened as a user. */

export const later = () => Date.now() + 3_600_000;

export function unit(id: string, over: Partial<BookedUnit> = {}): BookedUnit {
  return {
    id,
    title: 'Double Room',
    roomRateTitle: 'Flexible',
    unitTypeCode: 'u-1',
    ratePlanCode: 'rp~2-0-0',
    occupancy: { adults: 2, children: 0, infants: 0 },
    cancellationPolicy: null,
    mealType: 'breakfast',
    guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }],
    drivers: [],
    price: 250,
    status: 'booked',
    meta: { pickUpTime: null, dropOffTime: null },
    ...over,
  };
}

export function record(id: string, over: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id,
    type: 'booking',
    status: 'new',
    reservationId: `TRN-${id.toUpperCase().padEnd(8, 'X')}`,
    reservationName: null,
    externalReferenceId: null,
    createdAt: '2030-04-01T10:00:00.000Z',
    hotelName: 'Harbour Inn',
    propertyChannelId: 'p-1',
    propertyType: 'accommodation',
    arrivalDate: '2030-05-01',
    departureDate: '2030-05-03',
    arrivalTime: '15:00',
    totalNights: 2,
    price: { currency: 'EUR', total: 250 },
    notes: null,
    specialRequest: null,
    resellerName: 'Northern Trips',
    user: { name: 'Arni Agent', email: 'arni@example.test' },
    source: 'engine',
    giftCardCode: null,
    customer: { name: 'Ada', surname: 'Lovelace', mail: 'ada@example.test' },
    cancellationPolicy: null,
    propertyPolicy: null,
    guarantee: null,
    liability: 'pay_at_property',
    changeable: true,
    changeBlock: null,
    units: [unit('r-1')],
    ...over,
  };
}

/** A `bookings.list` handler answering these records (and `total`, ten a page). */
export function listOf(items: BookingRecord[], total = items.length) {
  return vi.fn(async (input: { query: { page?: number } }) => ({
    items,
    meta: { page: input.query.page ?? 1, limit: 10, total },
  }));
}

/** The app at `path` (default `/bookings`), signed in as `user`, answering `handlers`. */
export function openBookings(user: User, handlers: CallHandlers, path = '/bookings') {
  const client = fakeClient({}, handlers);
  return renderApp({ path, client, stored: storedFor(user, later()) });
}

/** The query of a `bookings.list` mock's nth call (last by default). */
export const queryOf = (list: ReturnType<typeof listOf>, n = -1) =>
  (list.mock.calls.at(n)![0] as { query: Record<string, unknown> }).query;
