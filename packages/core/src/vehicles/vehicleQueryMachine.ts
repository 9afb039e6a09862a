import type { VehicleOffer, VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import { assign, enqueueActions, setup } from 'xstate';
import { VEHICLE_POLL_MS } from '../bookingEngine/engineRules.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M06, the asynchronous car search (document 1 §4, §9): `list_units` gives a query id, then
 * `query_results/{queryId}` is asked every 2 s until every provider has answered. A new search while one
 * runs cancels the old one (the invoked calls stop with their state) and starts again; `search.leave`
 * (the page is left) cancels and goes back to `idle`; `search.retry` after an error starts the same query
 * again. What the providers answered so far is kept in the
 * context while polling, so the page can show it early.
 *
 * Given a query as input it starts at once. It tells whoever invoked it (the search page) how it goes with
 * `vehicles.progress`, `vehicles.finished` and `vehicles.failed`; the same events are emitted
 * (`actor.on(…)`) for a screen that runs it on its own.
 */

export interface VehicleQueryInput {
  query?: VehicleQueryBody;
}

export type VehicleQueryOutcome =
  | { type: 'vehicles.progress'; results: VehicleOffer[] }
  | { type: 'vehicles.finished'; results: VehicleOffer[] }
  | { type: 'vehicles.failed'; error: Failure };

export interface VehicleQueryContext {
  query: VehicleQueryBody | null;
  queryId: string | null;
  results: VehicleOffer[];
  providers: VehicleQueryResults['providers'];
  /** Result calls made for the current query. */
  polls: number;
  error: Failure | null;
}

export type VehicleQueryEvent =
  | { type: 'search.start'; query: VehicleQueryBody }
  | { type: 'search.retry' }
  | { type: 'search.leave' };

export const vehicleQueryMachine = setup({
  types: {
    context: {} as VehicleQueryContext,
    events: {} as VehicleQueryEvent,
    input: {} as VehicleQueryInput,
    emitted: {} as VehicleQueryOutcome,
  },
  actors: {
    startQuery: notProvided<{ queryId: string }, VehicleQueryBody>('startQuery'),
    queryResults: notProvided<VehicleQueryResults, { queryId: string }>('queryResults'),
  },
  delays: { pollInterval: VEHICLE_POLL_MS },
  guards: {
    hasDates: (_, params: { query: VehicleQueryBody }) =>
      Boolean(params.query.pickupDate && params.query.dropoffDate),
    finished: (_, params: { results: VehicleQueryResults }) => params.results.finished,
  },
  actions: {
    assignQuery: assign((_, params: { query: VehicleQueryBody }) => ({
      query: params.query,
      queryId: null,
      results: [],
      providers: [],
      polls: 0,
      error: null,
    })),
    assignQueryId: assign((_, params: { queryId: string }) => ({ queryId: params.queryId })),
    assignResults: assign(({ context }, params: { results: VehicleQueryResults }) => ({
      results: params.results.results,
      providers: params.results.providers,
      polls: context.polls + 1,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    tell: enqueueActions(({ enqueue, self }, params: VehicleQueryOutcome) => {
      enqueue.emit(params);
      if (self._parent) enqueue.sendParent(params);
    }),
    restart: assign({ queryId: null, results: [], providers: [], polls: 0, error: null }),
    clear: assign({ query: null, queryId: null, results: [], providers: [], polls: 0, error: null }),
  },
}).createMachine({
  id: 'vehicleQuery',
  context: ({ input }) => ({
    query: input?.query ?? null,
    queryId: null,
    results: [],
    providers: [],
    polls: 0,
    error: null,
  }),
  initial: 'starting',
  on: {
    'search.start': {
      guard: { type: 'hasDates', params: ({ event }) => ({ query: event.query }) },
      target: '.creatingQuery',
      reenter: true,
      actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
    },
    'search.leave': { target: '.idle', actions: 'clear' },
  },
  states: {
    starting: {
      always: [
        {
          guard: ({ context }) =>
            context.query !== null && Boolean(context.query.pickupDate && context.query.dropoffDate),
          target: 'creatingQuery',
        },
        { target: 'idle' },
      ],
    },
    idle: {},
    creatingQuery: {
      tags: ['busy'],
      invoke: {
        src: 'startQuery',
        input: ({ context }) => context.query!,
        onDone: {
          target: 'polling',
          actions: { type: 'assignQueryId', params: ({ event }) => ({ queryId: event.output.queryId }) },
        },
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    polling: {
      tags: ['busy'],
      invoke: {
        src: 'queryResults',
        input: ({ context }) => ({ queryId: context.queryId! }),
        onDone: [
          {
            guard: { type: 'finished', params: ({ event }) => ({ results: event.output }) },
            target: 'finished',
            actions: { type: 'assignResults', params: ({ event }) => ({ results: event.output }) },
          },
          {
            target: 'waiting',
            actions: { type: 'assignResults', params: ({ event }) => ({ results: event.output }) },
          },
        ],
        onError: {
          target: 'error',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      tags: ['busy'],
      entry: {
        type: 'tell',
        params: ({ context }) => ({ type: 'vehicles.progress', results: context.results }),
      },
      after: { pollInterval: 'polling' },
    },
    finished: {
      entry: {
        type: 'tell',
        params: ({ context }) => ({ type: 'vehicles.finished', results: context.results }),
      },
    },
    error: {
      on: {
        'search.retry': {
          guard: ({ context }) => context.query !== null,
          target: 'creatingQuery',
          actions: 'restart',
        },
      },
      entry: {
        type: 'tell',
        params: ({ context }) => ({ type: 'vehicles.failed', error: context.error ?? failureOf(null) }),
      },
    },
  },
});
