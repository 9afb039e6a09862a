import type { BookingCreated, KindSegment } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rate } from '../test/bookingFixtures.js';
import { cardFrameMachine } from './cardFrameMachine.js';
import type { CarCheckout, StayCheckout } from './checkout.js';
import { checkoutMachine, type KeyedBookingRequest } from './checkoutMachine.js';

const vault = 'http://127.0.0.1:4001';
const card = { token: 'tok_1', brand: 'visa', last4: '4242', expiry: '12/30' };

const stay: StayCheckout = {
  kind: 'accommodation',
  propertyId: 'p-alfama',
  currency: 'EUR',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  chosen: [
    { unitId: 'u-double', rate: rate('rp-flex~2-0-0'), quantity: 2 },
    {
      unitId: 'u-family',
      rate: rate('rp-flex~2-1-1', { occupancy: { adults: 2, children: 1, infants: 1 } }),
      quantity: 1,
    },
  ],
  total: 750,
};

const car: CarCheckout = {
  kind: 'vehicle',
  propertyId: 'st-lisbon',
  currency: 'EUR',
  vehicleChannelId: 'vt-1',
  rateId: 'offer-1',
  rental: { pickupDate: '2030-05-06', dropoffDate: '2030-05-13', pickupTime: '10:00', dropoffTime: '10:00' },
  driverAge: 30,
  driverCountry: 'IS',
};

const created: BookingCreated = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-0001',
  status: 'new',
  total: 750,
  currency: 'EUR',
};

function start(
  data: StayCheckout | CarCheckout,
  cardNeeded: boolean,
  replies: Array<BookingCreated | Error> = [created],
) {
  const requests: KeyedBookingRequest[] = [];
  const focused: string[] = [];
  const posted: unknown[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      createBooking: fromPromise(async ({ input }: { input: KeyedBookingRequest }) => {
        requests.push(input);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
        return reply;
      }),
      cardFrame: cardFrameMachine.provide({
        actors: {
          loadCardForm: fromPromise(async (_: { input: { kind: KindSegment; id: string } }) => ({
            cardCaptureFormUrl: `${vault}/card`,
          })),
        },
        actions: { postToFrame: (_, params) => posted.push(params.message) },
      }),
    },
    actions: {
      focusFirstInvalid: (_, params) => focused.push(params.field),
      focusExtraGuest: (_, params) => focused.push(`room ${params.room} guest ${params.guest}`),
    },
  });
  let keys = 0;
  const actor = createActor(machine, { input: { data, cardNeeded, newKey: () => `key-${++keys}` } }).start();
  return { actor, requests, focused, posted };
}

type Actor = ReturnType<typeof start>['actor'];

function fillContact(actor: Actor) {
  actor.send({ type: 'field.change', field: 'name', value: ' Ana ' });
  actor.send({ type: 'field.change', field: 'surname', value: 'Silva' });
  actor.send({ type: 'field.change', field: 'mail', value: 'ana@example.com' });
}

describe('checkoutMachine — a stay', () => {
  it('has one guest room per booked room, each with one row', () => {
    const { actor } = start(stay, false);
    const { rooms } = actor.getSnapshot().context;
    expect(rooms.map((r) => [r.unitId, r.maxGuests, r.guests.length])).toEqual([
      ['u-double', 2, 1],
      ['u-double', 2, 1],
      ['u-family', 4, 1],
    ]);
  });

  it('books only with the agreement ticked (R078) and without a card when none is needed', async () => {
    const { actor, requests } = start(stay, false);
    fillContact(actor);
    actor.send({ type: 'guest.change', room: 0, guest: 0, field: 'surname', value: 'Silva' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(requests).toEqual([]);

    actor.send({ type: 'agreement.set', agreed: true });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await waitFor(actor, (s) => s.status === 'done');

    expect(actor.getSnapshot().output).toEqual({ bookingId: 'b-1', created, email: 'ana@example.com' });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.kind).toBe('accommodation');
    if (request.kind !== 'accommodation') return;
    expect(request.propertyId).toBe('p-alfama');
    expect(request.body.booking.guarantee).toBeUndefined();
    expect(request.body.booking.total).toBe(750);
    expect(request.body.booking.customer).toEqual({ name: 'Ana', surname: 'Silva', mail: 'ana@example.com' });
    expect(request.body.booking.rooms.map((r) => [r.ratePlanId, r.guests])).toEqual([
      ['rp-flex~2-0-0', [{ name: '', surname: 'Silva', nationality: '' }]],
      ['rp-flex~2-0-0', [{ name: 'No Name', surname: '', nationality: '' }]],
      ['rp-flex~2-1-1', [{ name: 'No Name', surname: '', nationality: '' }]],
    ]);
  });

  it('shows the wrong fields, focuses the first (R082), and a corrected field loses its error', () => {
    const { actor, focused, requests } = start(stay, false);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'field.change', field: 'mail', value: 'not-an-address' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('filling')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      surname: 'validation_messages.required',
      mail: 'validation_messages.email',
    });
    expect(focused).toEqual(['surname']);
    actor.send({ type: 'field.change', field: 'surname', value: 'Silva' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ mail: 'validation_messages.email' });
    expect(requests).toEqual([]);
  });

  it('adds rows up to adults + children + infants and removes any but the first (R087, R088)', () => {
    const { actor } = start(stay, false);
    actor.send({ type: 'guest.add', room: 0 });
    expect(actor.getSnapshot().can({ type: 'guest.add', room: 0 })).toBe(false);
    actor.send({ type: 'guest.add', room: 0 });
    expect(actor.getSnapshot().context.rooms[0]!.guests).toHaveLength(2);
    expect(actor.getSnapshot().can({ type: 'guest.remove', room: 0, guest: 0 })).toBe(false);
    actor.send({ type: 'guest.remove', room: 0, guest: 1 });
    expect(actor.getSnapshot().context.rooms[0]!.guests).toHaveLength(1);
    expect(actor.getSnapshot().can({ type: 'guest.add', room: 9 })).toBe(false);
  });

  it('fills rows from a paste, and asks before adding rows past the room’s guests (R089)', () => {
    const { actor } = start(stay, false);
    actor.send({ type: 'guest.paste', room: 2, guest: 0, text: 'Ana\tSilva\tPT\nRui\tSilva\tpt' });
    expect(actor.getSnapshot().context.rooms[2]!.guests).toEqual([
      { name: 'Ana', surname: 'Silva', nationality: 'PT' },
      { name: 'Rui', surname: 'Silva', nationality: 'PT' },
    ]);

    actor.send({ type: 'guest.paste', room: 0, guest: 0, text: 'A\ta\nB\tb\nC\tc' });
    expect(actor.getSnapshot().matches({ filling: 'confirmingExtraRows' })).toBe(true);
    expect(actor.getSnapshot().context.pendingPaste?.overflow).toBe(1);
    actor.send({ type: 'paste.decline' });
    expect(actor.getSnapshot().context.rooms[0]!.guests.map((g) => g.name)).toEqual(['A', 'B']);

    actor.send({ type: 'guest.paste', room: 1, guest: 0, text: 'A\ta\nB\tb\nC\tc' });
    actor.send({ type: 'paste.confirm' });
    expect(actor.getSnapshot().matches({ filling: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.rooms[1]!.guests.map((g) => g.name)).toEqual(['A', 'B', 'C']);
  });

  it('books no room with more guests than it takes: the extra pasted row is shown until removed (R088)', async () => {
    const { actor, requests, focused } = start(stay, false);
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'guest.paste', room: 1, guest: 0, text: 'A\ta\nB\tb\nC\tc' });
    actor.send({ type: 'paste.confirm' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('filling')).toBe(true);
    expect(focused).toEqual(['room 1 guest 2']);
    expect(requests).toHaveLength(0);

    actor.send({ type: 'guest.remove', room: 1, guest: 0 });
    expect(actor.getSnapshot().context.rooms[1]!.guests).toHaveLength(3);
    actor.send({ type: 'guest.remove', room: 1, guest: 1 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests[0]!.kind === 'accommodation' && requests[0]!.body.booking.rooms[1]!.guests).toEqual([
      { name: 'A', surname: 'a', nationality: '' },
      { name: 'C', surname: 'c', nationality: '' },
    ]);
  });

  it('keeps one Idempotency-Key for an attempt whose outcome is unknown, and a new one after a refusal or a change', async () => {
    const timeout = Object.assign(new Error('The request timed out'), { name: 'TimeoutError' });
    const refusal = Object.assign(new Error('No longer available'), { status: 409 });
    const { actor, requests } = start(stay, false, [timeout, timeout, refusal, created]);
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    const submit = async () => {
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('filling') || s.status === 'done');
    };
    await submit(); // timed out: did it book?
    await submit(); // the same request again: the same key, so the server replays instead of booking twice
    expect(requests.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(requests[1]).toEqual(requests[0]);
    await submit(); // refused: a definite no
    expect(requests[2]!.idempotencyKey).toBe('key-1');
    actor.send({ type: 'field.change', field: 'surname', value: 'Costa' });
    await submit(); // after a refusal, a new attempt
    expect(requests[3]!.idempotencyKey).toBe('key-2');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('starts a new attempt when the form changed after an unanswered one', async () => {
    const { actor, requests } = start(stay, false, [new Error('Failed to fetch'), created]);
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('filling'));
    actor.send({ type: 'field.change', field: 'surname', value: 'Costa' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('shows the server’s message when the booking is refused, and the form resumes (R085)', async () => {
    const { actor, requests } = start(stay, false, [new Error('No longer available'), created]);
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(actor.getSnapshot().context.error?.message).toBe('No longer available');
    expect(actor.getSnapshot().context.agreed).toBe(true);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toHaveLength(2);
  });
});

describe('checkoutMachine — a card is needed (R079–R083)', () => {
  it('asks the frame for the card and books with its token', async () => {
    const { actor, requests, posted } = start(stay, true);
    await waitFor(actor.getSnapshot().children.cardFrame!, (s) => s.matches('frameLoading'));
    actor.send({ type: 'frame.message', origin: vault, data: { type: 'ready' } });
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    expect(posted).toEqual([{ type: 'submit' }]);

    actor.send({ type: 'frame.message', origin: 'http://evil.test', data: { card } });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    actor.send({ type: 'frame.message', origin: vault, data: { card } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests[0]!.body.booking.guarantee).toEqual({ cardToken: 'tok_1' });
  });

  it('retries an unanswered attempt with its own key and card token, without asking the vault again', async () => {
    const { actor, requests, posted } = start(stay, true, [new Error('Failed to fetch'), created]);
    await waitFor(actor.getSnapshot().children.cardFrame!, (s) => s.matches('frameLoading'));
    actor.send({ type: 'frame.message', origin: vault, data: { type: 'ready' } });
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'frame.message', origin: vault, data: { card } });
    await waitFor(actor, (s) => s.matches('filling'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(posted).toEqual([{ type: 'submit' }]);
    expect(requests[1]).toEqual(requests[0]);
    expect(requests[1]!.idempotencyKey).toBe('key-1');
  });

  it('goes back to the form with the vault’s error', async () => {
    const { actor, requests } = start(stay, true);
    await waitFor(actor.getSnapshot().children.cardFrame!, (s) => s.matches('frameLoading'));
    actor.send({ type: 'frame.message', origin: vault, data: { type: 'ready' } });
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'frame.message', origin: vault, data: { error: 'Card declined' } });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(actor.getSnapshot().context.error?.message).toBe('Card declined');
    expect(requests).toEqual([]);
  });

  it('opens the error modal when the frame is not ready, and closes it', async () => {
    const { actor, requests } = start(stay, true);
    fillContact(actor);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('frameNotReady'));
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().matches('filling')).toBe(true);
    expect(requests).toEqual([]);
  });

  it('spawns no frame when no card is needed', () => {
    const { actor } = start(stay, false);
    expect(actor.getSnapshot().children.cardFrame).toBeUndefined();
    actor.send({ type: 'frame.message', origin: vault, data: { card } });
    expect(actor.getSnapshot().matches('filling')).toBe(true);
  });
});

describe('checkoutMachine — a car', () => {
  it('checks the driver (R086) and books the offer with the driver', async () => {
    const { actor, requests, focused } = start({ ...car, total: 280 }, false);
    expect(actor.getSnapshot().context.rooms).toEqual([]);
    actor.send({ type: 'agreement.set', agreed: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      firstName: 'validation_messages.required',
      lastName: 'validation_messages.required',
      email: 'validation_messages.required',
      phone: 'validation_messages.required',
    });
    expect(focused).toEqual(['firstName']);
    for (const [field, value] of [
      ['firstName', 'Jon'],
      ['lastName', 'Jonsson'],
      ['email', 'jon@example.is'],
      ['phone', '+354 555 1234'],
      ['notes', ' Late arrival '],
    ] as const)
      actor.send({ type: 'field.change', field, value });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output?.email).toBe('jon@example.is');
    expect(requests[0]).toEqual({
      kind: 'vehicle',
      idempotencyKey: 'key-1',
      body: {
        booking: {
          vehicleChannelId: 'vt-1',
          rateId: 'offer-1',
          ...car.rental,
          currency: 'EUR',
          notes: 'Late arrival',
          driver: {
            firstName: 'Jon',
            lastName: 'Jonsson',
            email: 'jon@example.is',
            phone: '+354 555 1234',
            age: 30,
            address: { countryCode: 'IS' },
          },
          policyAccepted: true,
          total: 280,
        },
      },
    });
  });
});
