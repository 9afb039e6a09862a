import type { BookingCreated, VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { type CarBookFlags, prepareCarBooking } from './carOrder.js';
import type { EngineApi } from './engine.js';
import { runCheckout } from './headlessCheckout.js';
import type { CarQuery } from './queryFlags.js';

/**
 * Books a car offer. The flags are read and checked first (`prepareCarBooking`: every wrong flag named, the
 * card rule); then core's `checkoutMachine` runs headless and its request is sent with the booking's
 * Idempotency-Key.
 *
 * Not yet through the machine: a booking with `--card-token`. The checkout machine takes a card only from its
 * card frame (the vault page in a browser), so a token from a flag goes straight to the API with the body the
 * flags built.
 */
export async function bookCarOffer(
  api: EngineApi,
  flags: CarBookFlags,
  offer: VehicleOffer,
  rental: CarQuery,
  key: string,
  /** The price shown (the wizard's): the server refuses the booking when it changed since (409). */
  total?: number,
): Promise<{ created: BookingCreated; body: VehicleBookingBody }> {
  const checked = prepareCarBooking(flags, offer, rental);
  if (flags.cardToken) {
    const body = total === undefined ? checked : { booking: { ...checked.booking, total } };
    return { created: await api.createVehicleBooking(body, key), body };
  }
  const { created, request } = await runCheckout({
    data: {
      kind: 'vehicle',
      propertyId: offer.stationChannelId,
      currency: rental.currency,
      vehicleChannelId: offer.vehicleChannelId,
      rateId: offer.id,
      rental: {
        pickupDate: rental.pickupDate,
        dropoffDate: rental.dropoffDate,
        pickupTime: rental.pickupTime,
        dropoffTime: rental.dropoffTime,
      },
      driverAge: rental.driverAge,
      driverCountry: rental.driverCountry,
      ...(total === undefined ? {} : { total }),
    },
    fields: {
      firstName: flags.firstName,
      lastName: flags.lastName,
      email: flags.email,
      phone: flags.phone,
      notes: flags.notes,
      reservationName: flags.reservationName,
      externalReference: flags.reference,
    },
    idempotencyKey: key,
    book: (request, attemptKey) => {
      if (request.kind !== 'vehicle') throw new Error('a car checkout asked to book a stay');
      return api.createVehicleBooking(request.body, attemptKey);
    },
  });
  if (request.kind !== 'vehicle') throw new Error('a car checkout booked a stay');
  return { created, body: request.body };
}
