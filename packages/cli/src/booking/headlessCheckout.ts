import { type CheckoutData, type CheckoutField, checkoutMachine, type GuestInput } from '@tern/core';
import type { BookingCreated, StayBookingBody, VehicleBookingBody } from '@tern/sdk';
import { createActor, fromPromise, waitFor } from 'xstate';

/** What core's checkout asks the edge to send: a stay's or a car's create_booking. */
export type CheckoutRequest =
  | { kind: 'accommodation'; propertyId: string; body: StayBookingBody }
  | { kind: 'vehicle'; body: VehicleBookingBody };

export interface HeadlessCheckout {
  data: CheckoutData;
  /** The form's fields as a person would type them. */
  fields: Partial<Record<CheckoutField, string | undefined>>;
  /** A stay's guests, room by room (the rooms in the order of `data.chosen`). */
  guests?: GuestInput[][];
  /**
   * The booking's Idempotency-Key: the checkout's attempt takes it (core's `newKey`), so the machine and the
   * CLI name the same key — `--idempotency-key`, a batch line's, or one made for this booking.
   */
  idempotencyKey: string;
  /** Sends the request core built with the attempt's key. */
  book: (request: CheckoutRequest, idempotencyKey: string) => Promise<BookingCreated>;
}

/**
 * Runs core's `checkoutMachine` — the web app's checkout — without a screen: types the fields and the guests,
 * ticks the agreement, submits, and resolves with what was booked and the body core sent. The flags were
 * checked with the same rules first (every wrong flag named), so a refusal by the machine is a bug; a refused
 * or failed call rejects with the SDK's own error.
 */
export async function runCheckout(
  checkout: HeadlessCheckout,
): Promise<{ created: BookingCreated; request: CheckoutRequest }> {
  let failure: unknown = null;
  let sent: CheckoutRequest | null = null;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        // Core's request for this attempt, with the attempt's key.
        createBooking: fromPromise(async ({ input }) => {
          const request: CheckoutRequest =
            input.kind === 'vehicle'
              ? { kind: 'vehicle', body: input.body }
              : { kind: 'accommodation', propertyId: input.propertyId, body: input.body };
          sent = request;
          try {
            return await checkout.book(request, input.idempotencyKey);
          } catch (error) {
            failure = error;
            throw error;
          }
        }),
      },
    }),
    { input: { data: checkout.data, cardNeeded: false, newKey: () => checkout.idempotencyKey } },
  );
  actor.start();
  try {
    for (const [field, value] of Object.entries(checkout.fields))
      actor.send({ type: 'field.change', field: field as CheckoutField, value: value ?? '' });
    for (const [room, guests] of (checkout.guests ?? []).entries())
      for (const [guest, values] of guests.entries()) {
        if (guest > 0) actor.send({ type: 'guest.add', room });
        for (const key of ['name', 'surname', 'nationality'] as const)
          actor.send({ type: 'guest.change', room, guest, field: key, value: values[key] });
      }
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    const submitted = actor.getSnapshot();
    if (submitted.matches('filling'))
      throw new Error(`the checkout refused the form: ${JSON.stringify(submitted.context.fieldErrors)}`);
    const done = await waitFor(actor, (s) => s.status === 'done' || s.matches('filling'));
    if (done.status !== 'done' || !done.output || !sent)
      throw failure ?? new Error(done.context.error ?? 'the booking failed');
    return { created: done.output.created, request: sent };
  } finally {
    actor.stop();
  }
}
