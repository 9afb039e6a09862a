import type { BookedUnit, BookingRecord, CancellationPolicy } from '@tern/sdk';

/**
 * A booking as the bookings page shows it (two double rooms at Hotel Borg, free cancellation): the sample the QA
 * visualizer starts the booking-details machine with, and the fixture of the screens' tests.
 */

export const freePolicy: CancellationPolicy = {
  id: 'cp-free',
  title: 'Flexible',
  cancellationPolicyLogic: 'free',
  cancellationPolicyDeadline: null,
  cancellationPolicyDeadlineType: null,
  cancellationPolicyPenalty: 0,
  cancellationPolicyMode: 'percent',
  guaranteePaymentPolicy: 'none',
  guaranteePaymentAmount: 0,
  currency: 'EUR',
};

export function bookedRoom(id: string, overrides: Partial<BookedUnit> = {}): BookedUnit {
  return {
    id,
    title: 'Double Room',
    roomRateTitle: 'Flexible',
    unitTypeCode: 'rt-1',
    ratePlanCode: 'rate-1',
    occupancy: { adults: 2, children: 0, infants: 0 },
    cancellationPolicy: freePolicy,
    mealType: null,
    guests: [{ name: 'Anna', surname: 'Berg', nationality: 'IS' }],
    drivers: [],
    price: 200,
    status: 'booked',
    meta: { pickUpTime: null, dropOffTime: null },
    ...overrides,
  };
}

/** A reseller's changeable stay booking with two rooms. */
export function bookingRecord(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id: 'b1',
    type: 'booking',
    status: 'new',
    reservationId: 'TRN-1001',
    reservationName: null,
    externalReferenceId: null,
    createdAt: '2030-04-01T10:00:00Z',
    hotelName: 'Hotel Borg',
    propertyChannelId: 'p1',
    propertyType: 'accommodation',
    arrivalDate: '2030-05-02',
    departureDate: '2030-05-04',
    arrivalTime: '15:00',
    totalNights: 2,
    price: { currency: 'EUR', total: 400 },
    notes: null,
    specialRequest: null,
    resellerName: 'Northern Lights Travel',
    user: { name: 'Agent', email: 'agent@demo.tern.test' },
    source: 'engine',
    giftCardCode: null,
    customer: { name: 'Anna', surname: 'Berg', mail: 'anna@example.com' },
    cancellationPolicy: freePolicy,
    propertyPolicy: null,
    guarantee: null,
    liability: 'pay_at_property',
    changeable: true,
    changeBlock: null,
    units: [bookedRoom('u1'), bookedRoom('u2')],
    ...overrides,
  };
}
