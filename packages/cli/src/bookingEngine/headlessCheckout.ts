import {
  type CheckoutData,
  type CheckoutField,
  checkoutMachine,
  engineActors,
  fillCheckout,
  type GuestInput,
} from '@tern/core/bookingEngine';
import type { BookingCreated, StayBookingBody, TernClient, VehicleBookingBody } from '@tern/sdk';
import { type Actor, createActor, waitFor } from 'xstate';
import { cliInspect } from '../inspect/server.js';

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

/** Core's checkout machine on the SDK client, started, with what a caller needs to read of it. */
export interface CheckoutRun {
  actor: Actor<typeof checkoutMachine>;
  /** The SDK's own error of the last refused or failed call (the machine keeps only its words). */
  failure: () => unknown;
  /** The request of the last attempt core sent (the machine lets it go once booked). */
  sent: () => CheckoutRequest | null;
}

/**
 * Starts core's `checkoutMachine` — the web app's checkout — its `createBooking` the actor core builds on the
 * SDK client (`engineActors`), a card token given up front in the card frame's place, and the attempts'
 * Idempotency-Key the caller's when given (else core's: one per attempt, the same on a retry of it). The wizards drive it key by key; `runCheckout` drives it without a screen.
 */
export function startCheckout(
  checkout: Pick<HeadlessCheckout, 'client' | 'data' | 'cardNeeded' | 'cardToken'> & {
    /** The caller's key for every attempt (`--idempotency-key`); without one, core makes one per attempt. */
    idempotencyKey?: string | undefined;
  },
): CheckoutRun {
  const { idempotencyKey } = checkout;
  let failure: unknown = null;
  let sent: CheckoutRequest | null = null;
  const actors = engineActors(checkout.client, { onError: (error) => (failure = error) });
  const actor = createActor(checkoutMachine.provide({ actors: actors.checkout }), {
    inspect: cliInspect,
    input: {
      data: checkout.data,
      cardNeeded: checkout.cardNeeded,
      ...(checkout.cardToken ? { cardToken: checkout.cardToken } : {}),
      ...(idempotencyKey ? { newKey: () => idempotencyKey } : {}),
    },
  });
  actor.subscribe((snapshot) => {
    const attempt = snapshot.matches('submitting') ? snapshot.context.attempt : null;
    if (attempt) {
      const { idempotencyKey: _, ...request } = attempt;
      sent = request;
      failure = null;
    }
  });
  actor.start();
  return { actor, failure: () => failure, sent: () => sent };
}

/**
 * Ticks the agreement and submits: resolves with what was booked and the request core sent, or rejects with
 * the SDK's own error of a refused or failed call (the form stays, as on the web).
 */
export async function submitCheckout(
  run: CheckoutRun,
): Promise<{ created: BookingCreated; request: CheckoutRequest }> {
  const { actor } = run;
  actor.send({ type: 'agreement.set', agreed: true });
  actor.send({ type: 'form.submit' });
  const submitted = actor.getSnapshot();
  if (!submitted.matches('submitting'))
    throw new Error(
      `the checkout did not submit the form: ${JSON.stringify(submitted.value)} ${JSON.stringify(submitted.context.fieldErrors)}`,
    );
  const done = await waitFor(actor, (s) => s.status === 'done' || s.matches('filling'));
  const sent = run.sent();
  if (done.status !== 'done' || !done.output || !sent)
    throw run.failure() ?? new Error(done.context.error?.message ?? 'the booking failed');
  return { created: done.output.created, request: sent };
}

/**
 * Runs core's checkout without a screen: types the fields and the guests, ticks the agreement, submits, and
 * resolves with what was booked and the request core sent. The flags were checked with the same rules first
 * (every wrong flag named), so a refusal by the machine is a bug; a refused or failed call rejects with the
 * SDK's own error.
 */
export async function runCheckout(
  checkout: HeadlessCheckout,
): Promise<{ created: BookingCreated; request: CheckoutRequest }> {
  const run = startCheckout(checkout);
  try {
    fillCheckout(run.actor, checkout.fields, checkout.guests);
    return await submitCheckout(run);
  } finally {
    run.actor.stop();
  }
}
