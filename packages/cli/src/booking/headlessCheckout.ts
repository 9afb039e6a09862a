import {
  type CheckoutData,
  type CheckoutField,
  checkoutMachine,
  engineActors,
  type GuestInput,
} from '@tern/core';
import type { BookingCreated, StayBookingBody, TernClient, VehicleBookingBody } from '@tern/sdk';
import { createActor, waitFor } from 'xstate';

/** What core's checkout sent: a stay's or a car's create_booking. */
export type CheckoutRequest =
  | { kind: 'accommodation'; propertyId: string; body: StayBookingBody }
  | { kind: 'vehicle'; body: VehicleBookingBody };

export interface HeadlessCheckout {
  client: TernClient;
  data: CheckoutData;
  /** A chosen rate asks for a payment: the card is `cardToken` (the CLI refuses such a booking without one). */
  cardNeeded: boolean;
  /** `--card-token`: the vault token the machine books with instead of asking a card frame. */
  cardToken?: string | undefined;
  /** The form's fields as a person would type them. */
  fields: Partial<Record<CheckoutField, string | undefined>>;
  /** A stay's guests, room by room (the rooms in the order of `data.chosen`). */
  guests?: GuestInput[][];
  /**
   * The booking's Idempotency-Key: the checkout's attempt takes it (core's `newKey`), so the machine and the
   * CLI name the same key — `--idempotency-key`, a batch line's, or one made for this booking.
   */
  idempotencyKey: string;
}

/**
 * Runs core's `checkoutMachine` — the web app's checkout — without a screen, its `createBooking` the actor core
 * builds on the SDK client (`engineActors`): types the fields and the guests, ticks the agreement, submits,
 * and resolves with what was booked and the request core sent. A card token given up front takes the card
 * frame's place. The flags were checked with the same rules first (every wrong flag named), so a refusal by
 * the machine is a bug; a refused or failed call rejects with the SDK's own error.
 */
export async function runCheckout(
  checkout: HeadlessCheckout,
): Promise<{ created: BookingCreated; request: CheckoutRequest }> {
  let failure: unknown = null;
  let sent: CheckoutRequest | null = null;
  const actors = engineActors(checkout.client, { onError: (error) => (failure = error) });
  const actor = createActor(checkoutMachine.provide({ actors: actors.checkout }), {
    input: {
      data: checkout.data,
      cardNeeded: checkout.cardNeeded,
      ...(checkout.cardToken ? { cardToken: checkout.cardToken } : {}),
      newKey: () => checkout.idempotencyKey,
    },
  });
  // The request of the attempt under way, as core built it (the machine lets it go once booked).
  actor.subscribe((snapshot) => {
    const attempt = snapshot.matches('submitting') ? snapshot.context.attempt : null;
    if (attempt) {
      const { idempotencyKey: _, ...request } = attempt;
      sent = request;
    }
  });
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
    if (!submitted.matches('submitting'))
      throw new Error(
        `the checkout did not submit the form: ${JSON.stringify(submitted.value)} ${JSON.stringify(submitted.context.fieldErrors)}`,
      );
    const done = await waitFor(actor, (s) => s.status === 'done' || s.matches('filling'));
    if (done.status !== 'done' || !done.output || !sent)
      throw failure ?? new Error(done.context.error?.message ?? 'the booking failed');
    return { created: done.output.created, request: sent };
  } finally {
    actor.stop();
  }
}
