import { type CarCheckout, type CheckoutField, type CreateBookingRequest, checkoutMachine } from '@tern/core';
import type { BookingCreated, VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type CarBookFlags, prepareCarBooking } from './carOrder.js';
import type { EngineApi } from './engine.js';
import type { CarQuery } from './queryFlags.js';

/**
 * Books a car offer. The flags are read and checked first (`prepareCarBooking`: every wrong flag named, the
 * card rule); then core's `checkoutMachine` — the web app's checkout — runs headless: the driver's fields, the
 * agreement, submit, and its `createBooking` call with the request core builds, sent with the booking's
 * Idempotency-Key. A call that fails rejects with the SDK's own error.
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
  const data: CarCheckout = {
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
  };
  let failure: unknown = null;
  let sent: VehicleBookingBody | null = null;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        // The input is core's request for this attempt (core may add its own key to it); the CLI sends the key
        // of its logical booking (`--idempotency-key`, or the one it made), so a rerun replays.
        createBooking: fromPromise(async ({ input }) => {
          if (input.kind !== 'vehicle') throw new Error('a car checkout asked to book a stay');
          sent = input.body;
          try {
            return await api.createVehicleBooking(input.body, key);
          } catch (error) {
            failure = error;
            throw error;
          }
        }),
      },
    }),
    { input: { data, cardNeeded: false } },
  );
  actor.start();
  try {
    const fields: [CheckoutField, string | undefined][] = [
      ['firstName', flags.firstName],
      ['lastName', flags.lastName],
      ['email', flags.email],
      ['phone', flags.phone],
      ['notes', flags.notes],
      ['reservationName', flags.reservationName],
      ['externalReference', flags.reference],
    ];
    for (const [field, value] of fields) actor.send({ type: 'field.change', field, value: value ?? '' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    // The flags were checked with the same rules; a refusal here is a disagreement between the two: a bug.
    const submitted = actor.getSnapshot();
    if (submitted.matches('filling'))
      throw new Error(`the checkout refused the driver: ${JSON.stringify(submitted.context.fieldErrors)}`);
    const done = await waitFor(actor, (s) => s.status === 'done' || s.matches('filling'));
    if (done.status !== 'done' || !done.output || !sent)
      throw failure ?? new Error(done.context.error ?? 'the booking failed');
    return { created: done.output.created, body: sent };
  } finally {
    actor.stop();
  }
}
