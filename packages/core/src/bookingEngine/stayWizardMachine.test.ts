import type { BookingCreated, UnitWithRates } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { prepaidPolicy, propertyInfo, rate, unit, units } from '../test/bookingFixtures.js';
import { bookingFlowMachine } from './bookingFlowMachine.js';
import { checkoutMachine, type KeyedBookingRequest } from './checkoutMachine.js';
import { memoryFlowStorage, writeFlow } from './flow.js';
import { type RatesRequest, ratesTableMachine } from './ratesTableMachine.js';
import {
  checkoutFormOf,
  fillCheckout,
  type OpenedStay,
  type StayFieldValues,
  wizardChosen,
  wizardRows,
} from './stayWizard.js';
import { stayWizardMachine } from './stayWizardMachine.js';

const values: StayFieldValues = {
  property: 'p1',
  checkin: '2030-05-01',
  checkout: '2030-05-03',
  currency: 'EUR',
};
const created: BookingCreated = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-0001',
  status: 'new',
  total: 500,
  currency: 'EUR',
};
/** The stay of the rates table's search, for two adults. */
const dated = {
  checkinDate: values.checkin,
  checkoutDate: values.checkout,
  adults: 2,
  children: 0,
  childrenAge: [],
  currency: 'EUR',
};
const priceChanged = Object.assign(new Error('The price has changed'), {
  status: 409,
  code: 'price_changed',
});
const contact = { name: 'Anna', surname: 'Jónsdóttir', mail: 'anna@example.com', phone: '+354 555 1234' };

function start(
  options: {
    opened?: OpenedStay;
    rates?: UnitWithRates[][];
    bookings?: Array<BookingCreated | Error>;
    cardToken?: string;
    guests?: number;
  } = {},
) {
  const rateReplies = [...(options.rates ?? [units, units])];
  const bookings = [...(options.bookings ?? [created])];
  const sent: KeyedBookingRequest[] = [];
  const machine = stayWizardMachine.provide({
    actors: {
      openStay: fromPromise(
        async () =>
          options.opened ?? {
            info: propertyInfo,
            stay: { checkinDate: values.checkin, checkoutDate: values.checkout, currency: 'EUR' },
          },
      ),
      ratesTable: ratesTableMachine.provide({
        actors: { loadRates: fromPromise(async () => rateReplies.shift() ?? units) },
      }),
      checkout: checkoutMachine.provide({
        actors: {
          createBooking: fromPromise(async ({ input }: { input: KeyedBookingRequest }) => {
            sent.push(input);
            const reply = bookings.shift();
            if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
            return reply;
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      values,
      contact: {},
      guests: Array.from({ length: options.guests ?? 0 }, (_, i) => ({
        name: `G${i}`,
        surname: 'S',
        nationality: 'IS',
      })),
      ...(options.cardToken ? { cardToken: options.cardToken } : {}),
      idempotencyKey: 'key-1',
    },
  }).start();
  return { actor, sent };
}

type Wizard = ReturnType<typeof start>['actor'];

async function toRooms(actor: Wizard) {
  actor.send({ type: 'stay.submit', values });
  await waitFor(actor, (s) => s.matches({ flow: 'rooms' }));
}
const flowState = (actor: Wizard) => actor.getSnapshot().context.flow?.getSnapshot().value;
/** The wizard as the web's property page starts it, on a dated stay, its rates read by `loadRates`. */
function openedOnPage(loadRates: () => Promise<UnitWithRates[]>) {
  const machine = stayWizardMachine.provide({
    actors: {
      ratesTable: ratesTableMachine.provide({
        actors: { loadRates: fromPromise<UnitWithRates[], RatesRequest>(loadRates) },
      }),
    },
  });
  return createActor(machine, {
    input: {
      values,
      opened: { info: null, rates: { kind: 'accommodations', propertyId: 'p1', search: dated }, query: '' },
      checkoutOn: 'route',
    },
  }).start();
}

/** The first rate chosen, the contact typed, the summary open, y: the booking is sent. */
async function confirmFirstRoom(actor: Wizard) {
  await toRooms(actor);
  actor.send({ type: 'rooms.change', by: 1 });
  actor.send({ type: 'rooms.choose' });
  typeContact(actor);
  actor.send({ type: 'contact.submit' });
  actor.send({ type: 'booking.confirm' });
}
function typeContact(actor: Wizard) {
  for (const [field, value] of Object.entries(contact))
    actor.send({ type: 'field.change', field: field as keyof typeof contact, value });
}

/** The wizard with its rates loading `units`, its flow's navigations kept in `navigated`, and more actors. */
function routeWizard(navigated: string[], actors: Record<string, unknown> = {}) {
  return stayWizardMachine.provide({
    actors: {
      ratesTable: ratesTableMachine.provide({ actors: { loadRates: fromPromise(async () => units) } }),
      bookingFlow: bookingFlowMachine.provide({
        actions: { navigate: (_, params: { to: string }) => navigated.push(params.to) },
      }),
      ...actors,
    },
  });
}

describe('stayWizardMachine', () => {
  it('books a stay: the stay, a room, the contact, the summary, y', async () => {
    const { actor, sent } = start();
    expect(actor.getSnapshot().matches('stay')).toBe(true);
    await toRooms(actor);
    expect(wizardRows(actor.getSnapshot().context)).toHaveLength(3);
    expect(flowState(actor)).toBe('propertyPage');
    actor.send({ type: 'rooms.change', by: 1 });
    expect(wizardChosen(actor.getSnapshot().context).map((c) => [c.rate.id, c.quantity])).toEqual([
      ['rp-flex~2-0-0', 1],
    ]);
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().matches({ flow: { checkout: 'contact' } })).toBe(true);
    expect(flowState(actor)).toBe('checkout');
    // The contact is checked by core's rules before the summary.
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().matches({ flow: { checkout: 'contact' } })).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.contactErrors)).toEqual(
      expect.arrayContaining(['surname', 'mail']),
    );
    typeContact(actor);
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().matches({ flow: { checkout: 'reviewing' } })).toBe(true);
    expect(actor.getSnapshot().context.contactErrors).toEqual({});
    const flow = actor.getSnapshot().context.flow!;
    actor.send({ type: 'booking.confirm' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(flow.getSnapshot().value).toBe('confirmation');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'accommodation', propertyId: 'p1', idempotencyKey: 'key-1' });
    expect(done.output).toMatchObject({ created, propertyId: 'p1', stay: { checkinDate: '2030-05-01' } });
    expect(done.output?.chosen.map((c) => c.rate.id)).toEqual(['rp-flex~2-0-0']);
  });

  it('keeps field problems on the stay’s fields and a failed opening as a notice', async () => {
    const { actor } = start({ opened: { fieldErrors: { checkin: 'the arrival day is needed' } } });
    actor.send({ type: 'stay.submit', values });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('stay') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ checkin: 'the arrival day is needed' });
    actor.send({ type: 'wizard.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
  });

  it('moves the cursor within the rows, skips a rate that cannot be sold, and refuses what it cannot book', async () => {
    const closed = [
      unit('u-a', 'A', [
        rate('r-off~2-0-0', { unavailableReason: 'sold_out' }),
        rate('r-card~2-0-0', {
          cancellationPolicy: prepaidPolicy,
        }),
      ]),
    ];
    const { actor } = start({ rates: [closed] });
    await toRooms(actor);
    actor.send({ type: 'rooms.move', by: -1 });
    expect(actor.getSnapshot().context.cursor).toBe(0);
    actor.send({ type: 'rooms.change', by: 1 });
    expect(wizardChosen(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().context.notice).toEqual({ code: 'no_rooms' });
    actor.send({ type: 'rooms.move', by: 5 });
    expect(actor.getSnapshot().context.cursor).toBe(1);
    actor.send({ type: 'rooms.change', by: 1 });
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().context.notice).toEqual({ code: 'card_needed' });
    expect(actor.getSnapshot().matches({ flow: 'rooms' })).toBe(true);
    actor.send({ type: 'stay.edit' });
    expect(actor.getSnapshot().matches('stay')).toBe(true);
    expect(actor.getSnapshot().context.rates).toBeNull();
  });

  it('refuses more guests than the rooms chosen sleep', async () => {
    const { actor } = start({ guests: 3 });
    await toRooms(actor);
    actor.send({ type: 'rooms.change', by: 1 });
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().context.notice).toEqual({ code: 'extra_guests', count: 1 });
  });

  it('goes back to the rooms from the contact with the rooms kept, and the flow back on its page', async () => {
    const { actor } = start();
    await toRooms(actor);
    actor.send({ type: 'rooms.change', by: 1 });
    actor.send({ type: 'rooms.choose' });
    actor.send({ type: 'checkout.back' });
    expect(actor.getSnapshot().matches({ flow: 'rooms' })).toBe(true);
    expect(actor.getSnapshot().context.checkout).toBeNull();
    expect(flowState(actor)).toBe('propertyPage');
    expect(wizardChosen(actor.getSnapshot().context)).toHaveLength(1);
    // The contact typed before fills the next checkout.
    actor.send({ type: 'rooms.choose' });
    typeContact(actor);
    actor.send({ type: 'checkout.back' });
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().context.checkout?.getSnapshot().context.fields.mail).toBe('anna@example.com');
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().matches({ flow: { checkout: 'reviewing' } })).toBe(true);
  });

  it('reads the rates again when the price changed, and books at the new total with the contact kept', async () => {
    const dearer = [unit('u-double', 'Double Room', [rate('rp-flex~2-0-0', { totalPrice: 300 })])];
    const { actor, sent } = start({ rates: [units, dearer], bookings: [priceChanged, created] });
    await confirmFirstRoom(actor);
    await waitFor(actor, (s) => s.context.notice?.code === 'repriced');
    expect(actor.getSnapshot().matches({ flow: { checkout: 'reviewing' } })).toBe(true);
    expect(actor.getSnapshot().context.checkout?.getSnapshot().context.fields.mail).toBe('anna@example.com');
    actor.send({ type: 'booking.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    // The first attempt at the total first shown, the second at the new one (the dearer rate's).
    const totals = sent.map((r) => (r.kind === 'accommodation' ? r.body.booking.total : null));
    expect(totals[0]).toBeLessThan(totals[1]!);
  });

  it('stays on the summary with the failure when the booking is refused', async () => {
    const refused = Object.assign(new Error('No longer available'), { status: 409, code: 'unavailable' });
    const { actor } = start({ bookings: [refused] });
    await confirmFirstRoom(actor);
    await waitFor(actor, (s) => s.context.notice?.code === 'failed');
    expect(actor.getSnapshot().matches({ flow: { checkout: 'reviewing' } })).toBe(true);
  });

  it('starts on the rooms of a stay the route opened, and hands the rooms to the flow’s checkout route', async () => {
    const navigated: string[] = [];
    const machine = stayWizardMachine.provide({
      actors: {
        ratesTable: ratesTableMachine.provide({
          actors: { loadRates: fromPromise(async () => units) },
        }),
        bookingFlow: bookingFlowMachine.provide({
          actions: { navigate: (_, params: { to: string }) => navigated.push(params.to) },
        }),
      },
    });
    const search = { ...dated, checkinDate: null, checkoutDate: null };
    const actor = createActor(machine, {
      input: {
        values,
        opened: {
          info: propertyInfo,
          rates: { kind: 'accommodations', propertyId: 'p1', search },
          query: 'currency=EUR',
        },
        checkoutOn: 'route',
      },
    }).start();
    await waitFor(actor, (s) => s.matches({ flow: 'rooms' }));
    const rates = actor.getSnapshot().context.rates!;
    expect(rates.getSnapshot().matches('noDates')).toBe(true);
    // A search without both dates is refused and said; dates chosen clear it.
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.missingDates).toBe(true);
    actor.send({ type: 'search.change', change: { checkinDate: '2030-05-01', checkoutDate: '2030-05-03' } });
    expect(actor.getSnapshot().context.missingDates).toBe(false);
    actor.send({ type: 'search.submit' });
    await waitFor(rates, (s) => s.matches('fresh'));
    actor.send({ type: 'rates.select', unitId: 'u-double', rateId: 'rp-saver~2-0-0', quantity: 1 });
    // The page takes a card on the checkout route: a rate asking for one is not refused here.
    actor.send({ type: 'rooms.choose' });
    expect(actor.getSnapshot().matches({ flow: 'checkoutRoute' })).toBe(true);
    expect(actor.getSnapshot().context.checkout).toBeNull();
    expect(actor.getSnapshot().context.flow?.getSnapshot().context.flow.stay).toMatchObject({
      checkinDate: '2030-05-01',
      adults: 2,
      selection: { 'u-double': { 'rp-saver~2-0-0': 1 } },
    });
    expect(navigated).toEqual(['/property/p1/booking_info?currency=EUR']);
    // No stay fields to go back to.
    actor.send({ type: 'stay.edit' });
    expect(actor.getSnapshot().matches('stay')).toBe(false);
  });

  it('keeps a failed load of an opened stay on the rooms (the table offers its retry)', async () => {
    const actor = openedOnPage(async () => {
      throw new Error('Failed to fetch');
    });
    await waitFor(actor, (s) => s.matches({ flow: 'rooms' }));
    expect(actor.getSnapshot().context.rates?.getSnapshot().matches('error')).toBe(true);
  });

  it('passes the rates table its events while its rates load (the page’s currency works at once)', async () => {
    const actor = openedOnPage(() => new Promise(() => {}));
    expect(actor.getSnapshot().matches({ flow: 'loading' })).toBe(true);
    actor.send({ type: 'currency.change', currency: 'USD' });
    expect(actor.getSnapshot().context.rates?.getSnapshot().context.search.currency).toBe('USD');
  });

  it('opens the property page with a new currency in the query the flow carries', async () => {
    const shown: string[] = [];
    const machine = stayWizardMachine.provide({
      actors: {
        ratesTable: ratesTableMachine.provide({ actors: { loadRates: fromPromise(async () => units) } }),
      },
      actions: { showCurrency: (_, { to }: { to: string }) => shown.push(to) },
    });
    const actor = createActor(machine, {
      input: {
        values,
        opened: {
          info: null,
          rates: { kind: 'accommodations', propertyId: 'p 1', search: dated },
          query: 'currency=EUR&adults=2',
        },
        checkoutOn: 'route',
      },
    }).start();
    actor.send({ type: 'query.change', query: '?currency=EUR&adults=3' });
    actor.send({ type: 'currency.change', currency: 'USD' });
    expect(shown).toEqual(['/property/p%201?currency=USD&adults=3']);
    expect(actor.getSnapshot().context.rates?.getSnapshot().context.search.currency).toBe('USD');
  });

  it('asks the page to show the rates after a search the table loads, until it says they are shown', async () => {
    const actor = openedOnPage(async () => units);
    await waitFor(actor, (s) => s.matches({ flow: 'rooms' }));
    const rates = actor.getSnapshot().context.rates!;
    expect(actor.getSnapshot().context.revealInfo).toBe(false);
    actor.send({ type: 'search.change', change: { checkinDate: '2030-06-01', checkoutDate: '2030-06-04' } });
    expect(rates.getSnapshot().matches('stale')).toBe(true);
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.revealInfo).toBe(true);
    await waitFor(rates, (s) => s.matches('fresh'));
    actor.send({ type: 'info.shown' });
    expect(actor.getSnapshot().context.revealInfo).toBe(false);
    // A search the table does not load (a failed one retried) asks nothing.
    const failing = openedOnPage(async () => {
      throw new Error('Failed to fetch');
    });
    await waitFor(failing, (s) => s.matches({ flow: 'rooms' }));
    failing.send({ type: 'search.submit' });
    expect(failing.getSnapshot().context.revealInfo).toBe(false);
  });

  it('runs the flow’s checkout route: the rooms read again, the page’s form books, the flow confirms', async () => {
    const navigated: string[] = [];
    const sent: KeyedBookingRequest[] = [];
    const storage = memoryFlowStorage();
    const selection = { 'u-double': { 'rp-flex~2-0-0': 1 } };
    writeFlow(storage, { stay: { kind: 'accommodation', channelId: 'p1', ...dated, selection } });
    const machine = routeWizard(navigated, {
      checkout: checkoutMachine.provide({
        actors: {
          createBooking: fromPromise(async ({ input }: { input: KeyedBookingRequest }) => {
            sent.push(input);
            return created;
          }),
        },
      }),
    });
    const actor = createActor(machine, {
      input: {
        values,
        checkoutOn: 'route',
        storage,
        opened: {
          info: null,
          rates: { kind: 'accommodations', propertyId: 'p1', search: dated, selection },
          query: 'currency=EUR',
          step: 'checkout',
        },
      },
    }).start();
    await waitFor(actor, (s) => s.matches({ flow: 'checkoutPage' }));
    expect(flowState(actor)).toBe('checkout');
    const form = checkoutFormOf(actor.getSnapshot())!;
    expect(form.getSnapshot().context.data).toMatchObject({
      kind: 'accommodation',
      propertyId: 'p1',
      checkinDate: values.checkin,
      chosen: [{ unitId: 'u-double', quantity: 1 }],
    });
    fillCheckout(form, contact, [[{ name: 'Anna', surname: 'J', nationality: 'IS' }]]);
    form.send({ type: 'agreement.set', agreed: true });
    form.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toHaveLength(1);
    expect(flowState(actor)).toBe('confirmation');
    expect(navigated).toEqual(['/property/p1/confirmation/b-1?currency=EUR']);
    expect(actor.getSnapshot().output).toMatchObject({
      created,
      propertyId: 'p1',
      stay: { currency: 'EUR' },
    });
  });

  it('sends the checkout route back to the property page, and without rooms stored never books', async () => {
    const navigated: string[] = [];
    const machine = routeWizard(navigated);
    const actor = createActor(machine, {
      input: {
        values,
        checkoutOn: 'route',
        opened: {
          info: null,
          rates: { kind: 'accommodations', propertyId: 'p1', search: dated },
          query: '',
          step: 'checkout',
        },
      },
    }).start();
    // Nothing stored: the flow replaces the route with the property page.
    expect(navigated).toEqual(['/property/p1']);
    await waitFor(actor, (s) => s.matches({ flow: 'checkoutPage' }));
    expect(flowState(actor)).toBe('propertyPage');
    actor.send({ type: 'checkout.back' });
    expect(navigated).toEqual(['/property/p1']);
  });

  it('takes the checkout route’s booking steps back to the property page through the flow', async () => {
    const navigated: string[] = [];
    const storage = memoryFlowStorage();
    const selection = { 'u-double': { 'rp-flex~2-0-0': 1 } };
    writeFlow(storage, { stay: { kind: 'accommodation', channelId: 'p1', ...dated, selection } });
    const machine = routeWizard(navigated);
    const rates = { kind: 'accommodations' as const, propertyId: 'p1', search: dated, selection };
    const actor = createActor(machine, {
      input: {
        values,
        checkoutOn: 'route',
        storage,
        opened: { info: null, rates, query: 'a=1', step: 'checkout' },
      },
    }).start();
    await waitFor(actor, (s) => s.matches({ flow: 'checkoutPage' }));
    actor.send({ type: 'step.select', step: 'property' });
    expect(flowState(actor)).toBe('propertyPage');
    expect(navigated).toEqual(['/property/p1?a=1']);
  });
});
