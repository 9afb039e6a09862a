import type { VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { vehicleOffer } from '../test/bookingFixtures.js';
import { vehicleQueryMachine } from './vehicleQueryMachine.js';

const query: VehicleQueryBody = {
  pickupDate: '2030-05-06',
  dropoffDate: '2030-05-13',
  pickupTime: '10:00',
  dropoffTime: '10:00',
  driverAge: 30,
  driverCountry: 'IS',
  currency: 'EUR',
};

const answer = (finished: boolean, count: number, queryId = 'q1'): VehicleQueryResults => ({
  queryId,
  finished,
  providers: [
    { provider: 'alpha', finished: true },
    { provider: 'beta', finished },
  ],
  results: Array.from({ length: count }, (_, i) => vehicleOffer(`offer-${i}`)),
});

function start(
  replies: Array<VehicleQueryResults | Error>,
  startReply: { queryId: string } | Error = { queryId: 'q1' },
  startWith?: VehicleQueryBody,
) {
  const calls: string[] = [];
  const machine = vehicleQueryMachine.provide({
    actors: {
      startQuery: fromPromise(async ({ input }: { input: VehicleQueryBody }) => {
        calls.push(`start ${input.pickupDate}`);
        if (startReply instanceof Error) throw startReply;
        return startReply;
      }),
      queryResults: fromPromise(async ({ input }: { input: { queryId: string } }) => {
        calls.push(`poll ${input.queryId}`);
        const reply = replies.shift();
        if (!reply || reply instanceof Error) throw reply ?? new Error('no reply left');
        return reply;
      }),
    },
  });
  const actor = createActor(machine, { input: startWith ? { query: startWith } : {} });
  const told: string[] = [];
  for (const type of ['vehicles.progress', 'vehicles.finished', 'vehicles.failed'] as const)
    actor.on(type, (e) =>
      told.push(e.type === 'vehicles.failed' ? `failed ${e.error.message}` : `${e.type} ${e.results.length}`),
    );
  return { actor: actor.start(), calls, told };
}

describe('vehicleQueryMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the query, polls every 2 s until finished, keeping partial results', async () => {
    const { actor, calls } = start([answer(false, 1), answer(false, 2), answer(true, 3)]);
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.results).toHaveLength(1);
    expect(calls).toEqual(['start 2030-05-06', 'poll q1']);

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(actor, (s) => s.matches('waiting') && s.context.polls === 2);
    expect(actor.getSnapshot().context.results).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context).toMatchObject({ queryId: 'q1', polls: 3, error: null });
    expect(actor.getSnapshot().context.results).toHaveLength(3);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(calls).toEqual(['start 2030-05-06', 'poll q1', 'poll q1', 'poll q1']);
  });

  it('ends in error when starting the query fails', async () => {
    const { actor } = start([], new Error('Bad dates'));
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error?.message).toBe('Bad dates');
  });

  it('ends in error when a poll fails', async () => {
    const { actor } = start([answer(false, 0), new Error('Query expired')]);
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('waiting'));
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error?.message).toBe('Query expired');
  });

  it('starts the same query again on retry after an error', async () => {
    const { actor, calls, told } = start([
      answer(false, 1),
      new Error('Query expired'),
      answer(false, 2),
      answer(true, 3),
    ]);
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('waiting'));
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.results).toHaveLength(1);

    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().value).toBe('creatingQuery');
    expect(actor.getSnapshot().context).toMatchObject({ results: [], polls: 0, error: null });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.results).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.results).toHaveLength(3);
    expect(calls).toEqual([
      'start 2030-05-06',
      'poll q1',
      'poll q1',
      'start 2030-05-06',
      'poll q1',
      'poll q1',
    ]);
    expect(told).toEqual([
      'vehicles.progress 1',
      'failed Query expired',
      'vehicles.progress 2',
      'vehicles.finished 3',
    ]);
  });

  it('ignores retry when nothing failed, or before any search', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('does not search without both dates', () => {
    const { actor, calls } = start([]);
    actor.send({ type: 'search.start', query: { ...query, dropoffDate: '' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('stops polling when the page is left', async () => {
    const { actor, calls } = start([answer(false, 1)]);
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'search.leave' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.results).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(['start 2030-05-06', 'poll q1']);
  });

  it('restarts with the new parameters when searched again while polling', async () => {
    const { actor, calls } = start([answer(false, 1), answer(true, 2, 'q1')]);
    actor.send({ type: 'search.start', query });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'search.start', query: { ...query, pickupDate: '2030-05-07' } });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.query?.pickupDate).toBe('2030-05-07');
    expect(actor.getSnapshot().context.polls).toBe(1);
    expect(calls).toEqual(['start 2030-05-06', 'poll q1', 'start 2030-05-07', 'poll q1']);
  });

  it('starts at once with a query as input, and tells how it goes', async () => {
    const { actor, calls, told } = start([answer(false, 1), answer(true, 2)], { queryId: 'q1' }, query);
    await waitFor(actor, (s) => s.matches('waiting'));
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(calls).toEqual(['start 2030-05-06', 'poll q1', 'poll q1']);
    expect(told).toEqual(['vehicles.progress 1', 'vehicles.finished 2']);
  });

  it('tells a failure', async () => {
    const { actor, told } = start([], new Error('Bad dates'), query);
    await waitFor(actor, (s) => s.matches('error'));
    expect(told).toEqual(['failed Bad dates']);
  });
});
