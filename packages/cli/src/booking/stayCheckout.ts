import type { BookingCreated, StayBookingBody } from '@tern/sdk';
import type { EngineApi } from './engine.js';
import { runCheckout } from './headlessCheckout.js';
import type { PreparedStay, StayOrder } from './stayOrder.js';

/**
 * Books a prepared stay (the flags or the wizard, checked by `prepareStayBooking`) through core's
 * `checkoutMachine` run headless: the contact, the guests room by room, the agreement, submit; its request is
 * sent with the booking's Idempotency-Key.
 *
 * Not yet through the machine: a booking with `--card-token` (the machine takes a card only from its card
 * frame) or with the contact's country, city, address or postal code (the checkout form has no such fields).
 * Those go straight to the API with the body the flags built.
 */
export async function bookPreparedStay(
  api: EngineApi,
  propertyId: string,
  order: StayOrder,
  prepared: PreparedStay,
  key: string,
  /** The total shown (the wizard's): the server refuses the booking when the price changed since (409). */
  total?: number,
): Promise<{ created: BookingCreated; body: StayBookingBody }> {
  const { customer } = order;
  if (order.cardToken || customer.country || customer.city || customer.address || customer.zipCode) {
    const body = total === undefined ? prepared.body : { booking: { ...prepared.body.booking, total } };
    return { created: await api.createStayBooking(propertyId, body, key), body };
  }
  const { booking } = prepared.body;
  const { created, request } = await runCheckout({
    data: {
      kind: 'accommodation',
      propertyId,
      currency: booking.currency,
      checkinDate: booking.arrivalDate,
      checkoutDate: booking.departureDate,
      chosen: prepared.chosen.map(({ unitId, rate, quantity }) => ({ unitId, rate, quantity })),
      ...(total === undefined ? {} : { total }),
    },
    fields: {
      name: customer.name,
      surname: customer.surname,
      mail: customer.email,
      phone: customer.phone,
      reservationName: order.reservationName,
      externalReference: order.reference,
      specialRequest: order.specialRequest,
    },
    guests: prepared.chosen.flatMap((c) => Array.from({ length: c.quantity }, (_, i) => c.guests?.[i] ?? [])),
    idempotencyKey: key,
    book: (request, attemptKey) => {
      if (request.kind !== 'accommodation') throw new Error('a stay checkout asked to book a car');
      return api.createStayBooking(request.propertyId, request.body, attemptKey);
    },
  });
  if (request.kind !== 'accommodation') throw new Error('a stay checkout booked a car');
  return { created, body: request.body };
}
