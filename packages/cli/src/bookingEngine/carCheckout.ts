import { engineCalls, isCardNeeded } from '@tern/core/bookingEngine';
import { isPastDay } from '@tern/core/dates';
import type { BookingCreated, TernClient, VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { type CarBookFlags, prepareCarBooking } from './carOrder.js';
import { runCheckout } from './headlessCheckout.js';
import { type CarQuery, invalidFlags, pastDayMessage } from './queryFlags.js';
import { propertyToday } from './today.js';

/**
 * Books a car offer. The flags are read and checked first (`prepareCarBooking`: every wrong flag named, the
 * card rule), and the pick-up day against the station's today in its time zone, as the server checks it;
 * then core's `checkoutMachine` runs headless — with `--card-token` as the card given up front — and its
 * request is sent with the booking's Idempotency-Key.
 */
export async function bookCarOffer(
  client: TernClient,
  flags: CarBookFlags,
  offer: VehicleOffer,
  rental: CarQuery,
  key: string,
  now: number,
  /** The price shown (the wizard's): the server refuses the booking when it changed since (409). */
  total?: number,
): Promise<{ created: BookingCreated; body: VehicleBookingBody }> {
  prepareCarBooking(flags, offer, rental);
  const today = await propertyToday(engineCalls(client), 'vehicles', offer.stationChannelId, now);
  if (isPastDay(rental.pickupDate, today)) throw invalidFlags([['--pickup-date', pastDayMessage(today)]]);
  const { created, request } = await runCheckout({
    client,
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
    cardNeeded: isCardNeeded([offer.cancellationPolicy]),
    cardToken: flags.cardToken,
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
  });
  if (request.kind !== 'vehicle') throw new Error('a car checkout booked a stay');
  return { created, body: request.body };
}
