import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { flowBooked, flowCar, flowDouble, flowFamily, flowStay } from '../test/bookingFixtures.js';
import { type BookingFlowInput, bookingFlowMachine } from './bookingFlowMachine.js';
import { FLOW_STORAGE_KEY, type FlowData, memoryFlowStorage, readFlow, type StayFlow } from './flow.js';

const stay = flowStay;
const family = flowFamily;
const double = flowDouble;
const car = flowCar;
const booked = flowBooked;

function start(input: Partial<BookingFlowInput> & { stored?: FlowData } = {}) {
  const { stored, ...rest } = input;
  const storage = memoryFlowStorage(stored ? { [FLOW_STORAGE_KEY]: JSON.stringify(stored) } : {});
  const navigations: Array<{ to: string; replace: boolean }> = [];
  const machine = bookingFlowMachine.provide({ actions: { navigate: (_, p) => navigations.push(p) } });
  const actor = createActor(machine, {
    input: {
      storage,
      kind: 'accommodation',
      channelId: 'p1',
      step: 'property',
      query: 'currency=EUR',
      ...rest,
    },
  }).start();
  return { actor, storage, navigations };
}

describe('bookingFlowMachine', () => {
  it('books a stay: property page → checkout → confirmation, storing the flow', () => {
    const { actor, storage, navigations } = start();
    expect(actor.getSnapshot().value).toBe('propertyPage');
    actor.send({ type: 'flow.book', stay, chosen: family });
    expect(actor.getSnapshot().value).toBe('checkout');
    expect(readFlow(storage)).toEqual({ stay });

    actor.send({ type: 'booking.succeeded', booked });
    expect(actor.getSnapshot().value).toBe('confirmation');
    expect(readFlow(storage)).toEqual({ booked });
    expect(navigations).toEqual([
      { to: '/property/p1/booking_info?currency=EUR', replace: false },
      { to: '/property/p1/confirmation/b-1?currency=EUR', replace: false },
    ]);
  });

  it.each<[string, StayFlow, typeof family]>([
    ['rooms that do not sleep the child', stay, double],
    ['nothing chosen', { ...stay, selection: { u1: { r1: 0 } } }, family],
    ['no check-in', { ...stay, checkinDate: '' }, family],
    ['another property', { ...stay, channelId: 'p2' }, family],
  ])('does not open checkout with %s', (_, s, chosen) => {
    const { actor, storage } = start();
    actor.send({ type: 'flow.book', stay: s, chosen });
    expect(actor.getSnapshot().value).toBe('propertyPage');
    expect(readFlow(storage)).toEqual({});
  });

  it('sends checkout without a selection back to the property page (R077)', () => {
    const { actor, navigations } = start({ step: 'checkout' });
    expect(actor.getSnapshot().value).toBe('propertyPage');
    expect(navigations).toEqual([{ to: '/property/p1?currency=EUR', replace: true }]);
  });

  it('opens checkout from the stored flow', () => {
    const { actor, navigations } = start({ step: 'checkout', stored: { stay } });
    expect(actor.getSnapshot().value).toBe('checkout');
    expect(navigations).toEqual([]);
  });

  it('goes back only to the property page, and never from confirmation (R098)', () => {
    const { actor, navigations } = start({ step: 'checkout', stored: { stay } });
    expect(actor.getSnapshot().can({ type: 'step.select', step: 'confirmation' })).toBe(false);
    actor.send({ type: 'step.select', step: 'property' });
    expect(actor.getSnapshot().value).toBe('propertyPage');
    expect(navigations).toEqual([{ to: '/property/p1?currency=EUR', replace: false }]);

    const done = start({ step: 'confirmation', bookingId: 'b-1', stored: { booked } });
    expect(done.actor.getSnapshot().context.bookingId).toBe('b-1');
    for (const event of [
      { type: 'flow.back' },
      { type: 'step.select', step: 'property' },
      { type: 'step.select', step: 'checkout' },
    ] as const)
      expect(done.actor.getSnapshot().can(event)).toBe(false);
  });

  it('clears the stored data on a new booking, with the type in the query (R095, R097)', () => {
    const { actor, storage, navigations } = start({ step: 'confirmation', stored: { booked } });
    actor.send({ type: 'booking.new' });
    expect(actor.getSnapshot().value).toBe('propertyPage');
    expect(storage.data.has(FLOW_STORAGE_KEY)).toBe(false);
    expect(navigations).toEqual([{ to: '/property/p1?currency=EUR&type=accommodation', replace: false }]);
  });

  it('takes a car from the search straight to checkout; no new booking link for cars', () => {
    const { actor, storage, navigations } = start({ kind: 'vehicle', channelId: '', query: 'type=vehicle' });
    expect(actor.getSnapshot().can({ type: 'flow.book', stay, chosen: family })).toBe(false);
    actor.send({ type: 'car.choose', car });
    expect(actor.getSnapshot().value).toBe('checkout');
    expect(readFlow(storage)).toEqual({ car });
    actor.send({ type: 'booking.succeeded', booked: { ...booked, kind: 'vehicle' } });
    expect(actor.getSnapshot().can({ type: 'booking.new' })).toBe(false);
    expect(navigations.map((n) => n.to)).toEqual([
      '/property/vt-1/booking_info?type=vehicle',
      '/property/vt-1/confirmation/b-1?type=vehicle',
    ]);
  });

  it('sends a car checkout without the chosen offer back to the car search', () => {
    const { actor, navigations } = start({
      kind: 'vehicle',
      channelId: 'vt-1',
      step: 'checkout',
      query: 'type=vehicle',
    });
    expect(actor.getSnapshot().value).toBe('propertyPage');
    expect(navigations).toEqual([{ to: '/search_cars?type=vehicle', replace: true }]);
  });
});

describe('bookingFlowMachine paths', () => {
  type Snapshot = SnapshotFrom<typeof bookingFlowMachine>;
  const events: EventFrom<typeof bookingFlowMachine>[] = [
    { type: 'flow.book', stay, chosen: family },
    { type: 'flow.book', stay, chosen: double },
    { type: 'step.select', step: 'property' },
    { type: 'flow.back' },
    { type: 'booking.succeeded', booked },
    { type: 'booking.new' },
  ];
  const input = (): BookingFlowInput => ({
    storage: memoryFlowStorage(),
    kind: 'accommodation',
    channelId: 'p1',
    step: 'property',
    query: '',
  });
  const paths = getShortestPaths(bookingFlowMachine, {
    input: input(),
    events,
    serializeState: (s) =>
      JSON.stringify({ value: (s as Snapshot).value, flow: (s as Snapshot).context.flow }),
  });

  it('reaches every page', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['"propertyPage"', '"checkout"', '"confirmation"']));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const))(
    'replays %s',
    (_, path) => {
      const actor = createActor(bookingFlowMachine, { input: input() }).start();
      for (const step of path.steps) actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      expect(actor.getSnapshot().context.flow).toEqual(path.state.context.flow);
    },
  );
});
