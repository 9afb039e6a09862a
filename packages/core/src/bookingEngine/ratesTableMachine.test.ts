import type { UnitWithRates } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { units } from '../test/bookingFixtures.js';
import { type RatesRequest, type RatesSearch, ratesTableMachine } from './ratesTableMachine.js';

const search: RatesSearch = {
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  adults: 2,
  children: 0,
  childrenAge: [],
  currency: 'EUR',
};

function start(
  input: { search?: RatesSearch; selection?: Record<string, Record<string, number>> } = {},
  replies: Array<UnitWithRates[] | Error> = [units, units, units],
) {
  const requests: RatesRequest[] = [];
  const edge: string[] = [];
  const machine = ratesTableMachine.provide({
    actors: {
      loadRates: fromPromise(async ({ input: request }: { input: RatesRequest }) => {
        requests.push(request);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
        return reply;
      }),
    },
    actions: {
      clearStoredBooking: () => edge.push('clear'),
    },
  });
  const actor = createActor(machine, {
    input: {
      kind: 'accommodations',
      propertyId: 'p1',
      search: input.search ?? search,
      selection: input.selection,
    },
  }).start();
  return { actor, requests, edge };
}

describe('ratesTableMachine', () => {
  it('loads the rates for the panel’s search, keeping a stored selection', async () => {
    const { actor, requests } = start({ selection: { 'u-double': { 'rp-flex~2-0-0': 1 } } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(requests).toEqual([
      {
        kind: 'accommodations',
        id: 'p1',
        checkinDate: '2030-05-01',
        checkoutDate: '2030-05-03',
        currency: 'EUR',
        occupancy: { adults: 2, children: 0, childrenAge: [] },
      },
    ]);
    expect(actor.getSnapshot().context.units).toBe(units);
    expect(actor.getSnapshot().context.selection).toEqual({ 'u-double': { 'rp-flex~2-0-0': 1 } });
  });

  it('waits for both dates', async () => {
    const { actor, requests } = start({ search: { ...search, checkoutDate: null } });
    expect(actor.getSnapshot().value).toBe('noDates');
    actor.send({ type: 'search.submit' });
    expect(requests).toEqual([]);
    actor.send({ type: 'search.change', change: { checkoutDate: '2030-05-04' } });
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(requests[0]?.checkoutDate).toBe('2030-05-04');
  });

  it('chooses quantities from 0 to chosen + remaining, only while fresh', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('fresh'));
    const pick = (rateId: string, quantity: number, unitId = 'u-single') =>
      ({ type: 'rates.select', unitId, rateId, quantity }) as const;
    expect(actor.getSnapshot().can(pick('rp-flex~1-0-0', 3))).toBe(false);
    expect(actor.getSnapshot().can(pick('rp-flex~1-0-0', -1))).toBe(false);
    expect(actor.getSnapshot().can(pick('nope', 1))).toBe(false);
    actor.send(pick('rp-flex~1-0-0', 2));
    expect(actor.getSnapshot().context.selection).toEqual({ 'u-single': { 'rp-flex~1-0-0': 2 } });
    actor.send(pick('rp-flex~2-0-0', 5, 'u-double'));
    actor.send(pick('rp-saver~2-0-0', 1, 'u-double'));
    expect(actor.getSnapshot().context.selection['u-double']).toEqual({ 'rp-flex~2-0-0': 5 });
    actor.send(pick('rp-flex~2-0-0', 4, 'u-double'));
    actor.send(pick('rp-saver~2-0-0', 1, 'u-double'));
    expect(actor.getSnapshot().context.selection['u-double']).toEqual({
      'rp-flex~2-0-0': 4,
      'rp-saver~2-0-0': 1,
    });
  });

  it('goes stale when the dates differ from the loaded search, clearing the selection and stored data', async () => {
    const { actor, edge, requests } = start();
    await waitFor(actor, (s) => s.matches('fresh'));
    actor.send({ type: 'rates.select', unitId: 'u-single', rateId: 'rp-flex~1-0-0', quantity: 1 });
    actor.send({ type: 'search.change', change: { checkinDate: '2030-05-02' } });
    expect(actor.getSnapshot().value).toBe('stale');
    expect(actor.getSnapshot().context.selection).toEqual({});
    expect(edge).toEqual(['clear']);
    expect(
      actor
        .getSnapshot()
        .can({ type: 'rates.select', unitId: 'u-single', rateId: 'rp-flex~1-0-0', quantity: 1 }),
    ).toBe(false);

    actor.send({ type: 'search.change', change: { checkinDate: '2030-05-01' } });
    expect(actor.getSnapshot().value).toBe('fresh');

    actor.send({ type: 'search.change', change: { checkoutDate: '2030-05-05' } });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(edge).toEqual(['clear', 'clear', 'clear']);
    expect(requests.map((r) => r.checkoutDate)).toEqual(['2030-05-03', '2030-05-05']);
  });

  it('clears the selection on a guests change without going stale', async () => {
    const { actor, edge } = start();
    await waitFor(actor, (s) => s.matches('fresh'));
    actor.send({ type: 'rates.select', unitId: 'u-single', rateId: 'rp-flex~1-0-0', quantity: 1 });
    actor.send({ type: 'search.change', change: { adults: 3 } });
    expect(actor.getSnapshot().value).toBe('fresh');
    expect(actor.getSnapshot().context.selection).toEqual({});
    expect(edge).toEqual(['clear']);
  });

  it('keeps the rooms chosen when the currency changes (the same stay, priced again)', async () => {
    const { actor, edge } = start();
    await waitFor(actor, (s) => s.matches('fresh'));
    actor.send({ type: 'rates.select', unitId: 'u-single', rateId: 'rp-flex~1-0-0', quantity: 2 });
    actor.send({ type: 'rates.select', unitId: 'u-double', rateId: 'rp-flex~2-0-0', quantity: 1 });
    actor.send({ type: 'currency.change', currency: 'ISK' });
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(actor.getSnapshot().context.selection).toEqual({
      'u-single': { 'rp-flex~1-0-0': 2 },
      'u-double': { 'rp-flex~2-0-0': 1 },
    });
    expect(edge).toEqual([]);
  });

  it('drops a chosen rate the reload in another currency no longer offers', async () => {
    const withoutDouble = units.filter((u) => u.id !== 'u-double');
    const { actor } = start({}, [units, withoutDouble]);
    await waitFor(actor, (s) => s.matches('fresh'));
    actor.send({ type: 'rates.select', unitId: 'u-single', rateId: 'rp-flex~1-0-0', quantity: 1 });
    actor.send({ type: 'rates.select', unitId: 'u-double', rateId: 'rp-flex~2-0-0', quantity: 1 });
    actor.send({ type: 'currency.change', currency: 'ISK' });
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(actor.getSnapshot().context.selection).toEqual({ 'u-single': { 'rp-flex~1-0-0': 1 } });
  });

  it('reloads in the new currency', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => s.matches('fresh'));
    actor.send({ type: 'currency.change', currency: 'ISK' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(requests.map((r) => r.currency)).toEqual(['EUR', 'ISK']);
  });

  it('shows an error and retries', async () => {
    const { actor } = start({}, [new Error('Down'), units]);
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error?.message).toBe('Down');
    actor.send({ type: 'rates.retry' });
    await waitFor(actor, (s) => s.matches('fresh'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
