import type { ListMeta, SearchProperty, SearchQuery } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { searchPageMachine } from './searchPageMachine.js';

type Snapshot = SnapshotFrom<typeof searchPageMachine>;
type Reply = { items: SearchProperty[]; meta: ListMeta };
const AFTER = 'xstate.after.debounce.searchPage.active.debouncing';
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.loadProperties`;
  output?: Reply;
  error?: unknown;
};
type TimerEvent = { type: typeof AFTER };
type PathEvent = EventFrom<typeof searchPageMachine> | ActorEvent | TimerEvent;

const today = '2030-05-01';
const stays = 'type=accommodation&currency=EUR&checkinDate=2030-05-02&checkoutDate=2030-05-04&adults=2';
const reply = (n: number, total: number): Reply => ({
  items: Array.from({ length: n }, (_, i) => ({ id: `p${i}`, title: `p${i}` }) as unknown as SearchProperty),
  meta: { page: 1, limit: 50, total },
});
const bounds = { south: 38.6, west: -9.3, north: 38.8, east: -9 };

const events = [
  { type: 'search.edit', change: { city: 'Porto' } },
  { type: 'search.edit', change: { checkoutDate: null } },
  { type: 'search.edit', change: { checkoutDate: '2030-05-04' } },
  { type: 'map.bounds', bounds },
  { type: AFTER },
  { type: 'xstate.done.actor.loadProperties', output: reply(1, 2) },
  { type: 'xstate.done.actor.loadProperties', output: reply(0, 0) },
  { type: 'xstate.error.actor.loadProperties', error: new Error('Server down') },
  { type: 'results.more' },
  { type: 'search.retry' },
] as PathEvent[] as EventFrom<typeof searchPageMachine>[];

const name = (v: Snapshot['value']): string =>
  typeof v === 'string'
    ? v
    : Object.entries(v).map(([k, sub]) => `${k}.${name(sub as Snapshot['value'])}`)[0]!;
const view = (s: Snapshot) => ({
  state: name(s.value),
  params: s.context.params,
  bounds: s.context.boundsChanges > 0,
  properties: s.context.properties.length,
  error: s.context.error,
});

const input = { query: stays, today, searchPageIsActive: true };
const paths = getShortestPaths(searchPageMachine, {
  input,
  events,
  serializeState: (s) => JSON.stringify(view(s as Snapshot)),
});

async function replay(steps: Array<{ event: PathEvent; state: Snapshot }>) {
  const calls: Array<{ input: SearchQuery; resolve: (r: Reply) => void; reject: (e: unknown) => void }> = [];
  const actor = createActor(
    searchPageMachine.provide({
      actors: {
        loadProperties: fromPromise(
          ({ input }: { input: SearchQuery }) =>
            new Promise<Reply>((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
    }),
    { input },
  ).start();
  for (const { event, state } of steps) {
    if ((event.type as string) === 'xstate.init') continue;
    if (event.type === AFTER) await vi.advanceTimersByTimeAsync(500);
    else if (event.type === 'xstate.done.actor.loadProperties') calls.at(-1)!.resolve(event.output!);
    else if (event.type === 'xstate.error.actor.loadProperties') calls.at(-1)!.reject(event.error);
    else actor.send(event as EventFrom<typeof searchPageMachine>);
    await vi.advanceTimersByTimeAsync(0);
    const expected = JSON.stringify(view(state));
    await waitFor(actor, (s) => JSON.stringify(view(s)) === expected, { timeout: 1000 });
  }
  return { actor, calls };
}

describe('searchPageMachine paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reach every state of the page', () => {
    expect(new Set(paths.map((p) => name(p.state.value)))).toEqual(
      new Set([
        'active.loading.stays',
        'active.debouncing',
        'active.needsDates',
        'active.results.idle',
        'active.results.loadingMore',
        'active.empty',
        'active.error',
      ]),
    );
  });

  it('never load a stays list without both dates', () => {
    for (const p of paths.filter((p) => name(p.state.value).startsWith('active.loading')))
      expect(p.state.context.params).toMatchObject({ checkinDate: '2030-05-02', checkoutDate: '2030-05-04' });
  });

  it('ignore the first map bounds change, and debounce the later ones', () => {
    const bounded = paths.filter((p) => p.steps.some((s) => s.event.type === 'map.bounds'));
    expect(bounded.length).toBeGreaterThan(0);
    for (const p of bounded) {
      const moves = p.steps.filter((s) => s.event.type === 'map.bounds').length;
      if (moves === 1) expect(p.state.context.params.mapCoordinates).toBeNull();
      else expect(p.state.context.params.mapCoordinates).toEqual([38.6, -9.3, 38.8, -9]);
    }
  });

  /** One shortest path to each state, with and without a filter, dates and map bounds. */
  const replayed = [
    ...new Map(
      paths.map((p) => {
        const v = view(p.state);
        const key = [v.state, v.params.city, v.params.checkoutDate, v.bounds, v.error].join();
        return [key, p] as const;
      }),
    ).values(),
  ];

  it.each(replayed.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const))(
    'replays %s',
    async (_, path) => {
      const { actor } = await replay(path.steps as Array<{ event: PathEvent; state: Snapshot }>);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    },
  );
});
