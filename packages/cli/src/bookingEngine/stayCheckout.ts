import type { BookingCreated, StayBookingBody, TernClient } from '@tern/sdk';
import { runCheckout } from './headlessCheckout.js';
import type { PreparedStay, StayOrder } from './stayOrder.js';

/**
 * Books a prepared stay (the flags or the wizard, checked by `prepareStayBooking`) through core's
 * `checkoutMachine` run headless: the contact (with its country, city, address and postal code when given),
 * the guests room by room, the agreement, submit — with `--card-token` as the card given up front — and its
 * request sent with the booking's Idempotency-Key.
 */
export async function bookPreparedStay(
  client: TernClient,
  propertyId: string,
  order: StayOrder,
  prepared: PreparedStay,
  key: string,
  /** The total shown (the wizard's): the server refuses the booking when the price changed since (409). */
  total?: number,
): Promise<{ created: BookingCreated; body: StayBookingBody }> {
  const { customer } = order;
  const { booking } = prepared.body;
  const { created, request } = await runCheckout({
    client,
    data: {
      kind: 'accommodation',
      propertyId,
      currency: booking.currency,
      checkinDate: booking.arrivalDate,
      checkoutDate: booking.departureDate,
      chosen: prepared.chosen.map(({ unitId, rate, quantity }) => ({ unitId, rate, quantity })),
      ...(total === undefined ? {} : { total }),
    },
    cardNeeded: prepared.cardNeeded,
    cardToken: order.cardToken,
    fields: {
      name: customer.name,
      surname: customer.surname,
      mail: customer.email,
      phone: customer.phone,
      country: customer.country,
      city: customer.city,
      address: customer.address,
      zipCode: customer.zipCode,
      reservationName: order.reservationName,
      externalReference: order.reference,
      specialRequest: order.specialRequest,
    },
    guests: prepared.chosen.flatMap((c) => Array.from({ length: c.quantity }, (_, i) => c.guests?.[i] ?? [])),
    idempotencyKey: key,
  });
  if (request.kind !== 'accommodation') throw new Error('a stay checkout booked a car');
  return { created, body: request.body };
}
