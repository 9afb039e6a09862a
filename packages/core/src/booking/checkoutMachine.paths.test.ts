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
  ['no card needed', false, ['filling.idle', 'filling.confirmingExtraRows', 'submitting', 'confirmed']],
  [
    'a card needed',
    true,
    [
      'filling.idle',
      'filling.confirmingExtraRows',
      'awaitingCard',
      'frameNotReady',
      'submitting',
      'confirmed',
    ],
  ],
] as const)('checkoutMachine paths, %s', (_, cardNeeded, states) => {
  const input: CheckoutInput = { data: stay, cardNeeded };
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

  it.each(
    paths
      .filter(
        (p) =>
          ['confirmed', 'frameNotReady', 'awaitingCard'].includes(name(p.state.value)) || p.steps.length <= 4,
      )
      .map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )('replays %s', async (_, path) => {
    const actor = await replay(input, path.steps as Array<{ event: PathEvent; state: Snapshot }>);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    actor.stop();
  });
});
