import type { BookingCreated } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { rate } from '../test/bookingFixtures.js';
import type { cardFrameMachine } from './cardFrameMachine.js';
import type { StayCheckout } from './checkout.js';
import { type CheckoutInput, checkoutMachine, type KeyedBookingRequest } from './checkoutMachine.js';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type ActorEvent = { type: `xstate.${'done' | 'error'}.actor.${string}`; output?: unknown; error?: unknown };
type PathEvent = EventFrom<typeof checkoutMachine> | ActorEvent;

const stay: StayCheckout = {
  kind: 'accommodation',
  propertyId: 'p1',
  currency: 'EUR',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  chosen: [
    {
      unitId: 'u1',
      rate: rate('rp~1-0-0', { occupancy: { adults: 1, children: 0, infants: 0 } }),
      quantity: 1,
    },
  ],
};
const created: BookingCreated = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  status: 'new',
  total: 250,
  currency: 'EUR',
};
const card = { token: 'tok', brand: null, last4: null, expiry: null };

const events = [
  { type: 'field.change', field: 'surname', value: 'Silva' },
  { type: 'field.change', field: 'mail', value: 'ana@example.com' },
  { type: 'agreement.set', agreed: true },
  { type: 'agreement.set', agreed: false },
  { type: 'guest.paste', room: 0, guest: 0, text: 'A\ta\nB\tb' },
  { type: 'paste.confirm' },
  { type: 'paste.decline' },
  { type: 'form.submit' },
  { type: 'modal.close' },
  { type: 'cardFrame.card', card },
  { type: 'cardFrame.error', message: 'Card declined' },
  { type: 'cardFrame.notReady' },
  { type: 'xstate.done.actor.createBooking', output: created },
  { type: 'xstate.error.actor.createBooking', error: new Error('No longer available') },
] as PathEvent[] as EventFrom<typeof checkoutMachine>[];

const view = (s: Snapshot) => ({
  value: s.value,
  agreed: s.context.agreed,
  fields: s.context.fields,
  errors: s.context.fieldErrors,
  error: s.context.error,
  rows: s.context.rooms.map((r) => r.guests.length),
});

/** A card frame that never answers: the paths send its outcomes themselves. */
const silentFrame = createMachine({ id: 'silentFrame' }) as unknown as typeof cardFrameMachine;

async function replay(input: CheckoutInput, steps: Array<{ event: PathEvent; state: Snapshot }>) {
  let call: { resolve: (v: BookingCreated) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        cardFrame: silentFrame,
        createBooking: fromPromise<BookingCreated, KeyedBookingRequest>(
          () => new Promise((resolve, reject) => (call = { resolve, reject })),
        ),
      },
    }),
    { input },
  ).start();
  for (const { event, state } of steps) {
    if ((event.type as string) === 'xstate.init') continue;
    if (event.type === 'xstate.done.actor.createBooking')
      call!.resolve((event as ActorEvent).output as BookingCreated);
    else if (event.type === 'xstate.error.actor.createBooking') call!.reject((event as ActorEvent).error);
    else actor.send(event as EventFrom<typeof checkoutMachine>);
    const expected = JSON.stringify(view(state));
    await waitFor(actor, (s) => JSON.stringify(view(s)) === expected, { timeout: 1000 });
  }
  return actor;
}

describe.each([
  [
    'no card needed',
    { data: stay, cardNeeded: false },
    ['filling.idle', 'filling.confirmingExtraRows', 'submitting', 'confirmed'],
  ],
  [
    'a card needed',
    { data: stay, cardNeeded: true },
    [
      'filling.idle',
      'filling.confirmingExtraRows',
      'awaitingCard',
      'frameNotReady',
      'submitting',
      'confirmed',
    ],
  ],
  // A script's vault token (`tern book … --card-token`): the card frame is never asked.
  [
    'a card needed, its token given up front',
    { data: stay, cardNeeded: true, cardToken: 'tok-given' },
    ['filling.idle', 'filling.confirmingExtraRows', 'submitting', 'confirmed'],
  ],
] as const satisfies ReadonlyArray<readonly [string, CheckoutInput, readonly string[]]>)(
  'checkoutMachine paths, %s',
  (_, given, states) => {
    const input: CheckoutInput = given;
    const paths = getShortestPaths(checkoutMachine.provide({ actors: { cardFrame: silentFrame } }), {
      input,
      events,
      serializeState: (s) => JSON.stringify(view(s as Snapshot)),
    });
    const name = (v: Snapshot['value']) =>
      typeof v === 'string' ? v : Object.entries(v).map(([k, sub]) => `${k}.${String(sub)}`)[0]!;

    it('reach every state', () => {
      expect(new Set(paths.map((p) => name(p.state.value)))).toEqual(new Set(states));
    });

    it('never reach confirmation without the agreement and a valid contact', () => {
      for (const p of paths.filter((p) => name(p.state.value) === 'confirmed')) {
        expect(p.state.context.agreed).toBe(true);
        expect(p.state.context.fields.surname).toBe('Silva');
      }
    });

    it('send the token given up front with every booking, and the frame’s card otherwise', () => {
      for (const p of paths.filter((p) => name(p.state.value) === 'submitting')) {
        const token = p.state.context.attempt?.body.booking.guarantee?.cardToken;
        expect(token).toBe(input.cardToken ?? (input.cardNeeded ? card.token : undefined));
      }
    });

    it.each(
      paths
        .filter(
          (p) =>
            ['confirmed', 'frameNotReady', 'awaitingCard'].includes(name(p.state.value)) ||
            p.steps.length <= 4,
        )
        .map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
    )('replays %s', async (_, path) => {
      const actor = await replay(input, path.steps as Array<{ event: PathEvent; state: Snapshot }>);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  },
);

describe('checkoutMachine with a card token given up front', () => {
  it.each([
    ['a card needed, no token', { data: stay, cardNeeded: true }, true],
    ['a card needed, a token', { data: stay, cardNeeded: true, cardToken: 'tok-given' }, false],
    ['no card needed, a token', { data: stay, cardNeeded: false, cardToken: 'tok-given' }, false],
    ['no card needed, no token', { data: stay, cardNeeded: false }, false],
  ] as const satisfies ReadonlyArray<readonly [string, CheckoutInput, boolean]>)(
    '%s: the card frame is opened: %s',
    (_, input, opened) => {
      const actor = createActor(checkoutMachine.provide({ actors: { cardFrame: silentFrame } }), {
        input,
      }).start();
      expect(actor.getSnapshot().children.cardFrame !== undefined).toBe(opened);
      actor.stop();
    },
  );

  it('books with the token as the guarantee, without waiting for a frame', async () => {
    const sent: KeyedBookingRequest[] = [];
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          cardFrame: silentFrame,
          createBooking: fromPromise<BookingCreated, KeyedBookingRequest>(async ({ input }) => {
            sent.push(input);
            return created;
          }),
        },
      }),
      { input: { data: stay, cardNeeded: true, cardToken: 'tok-given', newKey: () => 'key-1' } },
    ).start();
    actor.send({ type: 'field.change', field: 'surname', value: 'Silva' });
    actor.send({ type: 'field.change', field: 'mail', value: 'ana@example.com' });
    actor.send({ type: 'field.change', field: 'country', value: 'pt' });
    actor.send({ type: 'field.change', field: 'city', value: 'Lisboa' });
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'accommodation',
      idempotencyKey: 'key-1',
      body: {
        booking: {
          guarantee: { cardToken: 'tok-given' },
          customer: { surname: 'Silva', mail: 'ana@example.com', country: 'PT', city: 'Lisboa' },
        },
      },
    });
    expect(sent[0]!.kind === 'accommodation' && sent[0]!.body.booking.customer).not.toHaveProperty('address');
  });
});
