import type { ListMeta, SearchProperty, SearchQuery, VehicleOffer } from '@tern/sdk';
import { assign, enqueueActions, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { type VehicleQueryOutcome, vehicleQueryMachine } from '../vehicles/vehicleQueryMachine.js';
import { type BookingParams, bookingQueryString, parseBookingQuery } from './engineRules.js';
import {
  boundsToCoordinates,
  hasMapArea,
  hasSearchDates,
  type MapBounds,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  searchQueryFor,
  vehicleQueryFor,
  withSearchPageDefaults,
} from './search.js';

/**
 * M07, the search page (document 1 §2, §4, §8; R017, R018, R023–R026, R033), for stays (`/search`) and
 * cars (`/search_cars`, the `type` of the query):
 *
 * - with the `searchPageIsActive` flag off it is `disabled` (stays: the edge action `navigate` to home);
 * - edits (`search.edit`) wait 500 ms, each edit restarting the wait, then the query is written back (edge
 *   action `setQuery`) and searched; a car pick-up without a return gets the return 7 days later, a stay
 *   waits for both dates (`needsDates`);
 * - the map's first bounds change (the map fitting itself) is ignored, later ones set `mapCoordinates`;
 * - stays load the list (`loadProperties`, more pages with `results.more`); cars run the vehicle query
 *   (`vehicleQueryMachine`, polled every 2 s), partial results shown while it runs;
 * - `loading` → `results` / `empty` / `error` (`search.retry`).
 */

export interface SearchPageInput {
  query: string;
  today: string;
  searchPageIsActive: boolean;
}

export interface SearchPageContext {
  today: string;
  searchPageIsActive: boolean;
  params: BookingParams;
  /** The query string the page's URL has. */
  query: string;
  properties: SearchProperty[];
  vehicles: VehicleOffer[];
  /** Properties matching in all (the list call's `meta.total`). */
  total: number;
  /** Map bounds changes seen so far. */
  boundsChanges: number;
  error: Failure | null;
}

export type SearchPageEvent =
  | { type: 'search.edit'; change: Partial<BookingParams> }
  | { type: 'map.bounds'; bounds: MapBounds }
  | { type: 'query.sync'; query: string }
  | { type: 'results.more' }
  | { type: 'search.retry' }
  | VehicleQueryOutcome;

export const searchPageMachine = setup({
  types: {
    context: {} as SearchPageContext,
    events: {} as SearchPageEvent,
    input: {} as SearchPageInput,
    children: {} as { vehicleQuery: 'vehicleQuery'; loadProperties: 'loadProperties' },
  },
  actors: {
    loadProperties: notProvided<{ items: SearchProperty[]; meta: ListMeta }, SearchQuery>('loadProperties'),
    vehicleQuery: vehicleQueryMachine,
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    setQuery: (_, _params: { query: string }) => {},
  },
  guards: {
    isVehicle: ({ context }) => context.params.type === 'vehicle',
    hasDates: ({ context }) => hasSearchDates(context.params),
    firstBounds: ({ context }) => context.boundsChanges === 0,
    hasNoArea: ({ event }) => event.type === 'map.bounds' && !hasMapArea(event.bounds),
    hasMore: ({ context }) => context.properties.length < context.total,
  },
}).createMachine({
  id: 'searchPage',
  context: ({ input }) => ({
    today: input.today,
    searchPageIsActive: input.searchPageIsActive,
    params: parseBookingQuery(input.query, input.today),
    query: input.query.replace(/^\?/, ''),
    properties: [],
    vehicles: [],
    total: 0,
    boundsChanges: 0,
    error: null,
  }),
  initial: 'checkingFlag',
  states: {
    checkingFlag: {
      always: [
        { guard: ({ context }) => context.searchPageIsActive, target: 'active' },
        {
          guard: ({ context }) => context.params.type !== 'vehicle',
          target: 'disabled',
          actions: { type: 'navigate', params: { to: '/' } },
        },
        { target: 'disabled' },
      ],
    },
    /** The flag is off: stays went home, cars show the empty placeholder. */
    disabled: {},
    active: {
      initial: 'routing',
      on: {
        'search.edit': {
          target: '.debouncing',
          reenter: true,
          actions: assign(({ context, event }) => ({ params: { ...context.params, ...event.change } })),
        },
        'map.bounds': [
          // A map without a size reports a zero-area box: not a place to search (nor a first fit).
          { guard: 'hasNoArea' },
          { guard: 'firstBounds', actions: assign({ boundsChanges: 1 }) },
          {
            target: '.debouncing',
            reenter: true,
            actions: assign(({ context, event }) => ({
              boundsChanges: context.boundsChanges + 1,
              params: { ...context.params, mapCoordinates: boundsToCoordinates(event.bounds) },
            })),
          },
        ],
        'query.sync': {
          target: '.routing',
          reenter: true,
          actions: assign(({ context, event }) => ({
            params: parseBookingQuery(event.query, context.today),
            query: event.query.replace(/^\?/, ''),
          })),
        },
      },
      states: {
        /** Applies the car defaults, writes the query back when it changed, and searches or waits. */
        routing: {
          entry: enqueueActions(({ context, enqueue }) => {
            const params = withSearchPageDefaults(context.params, context.today);
            const query = bookingQueryString(params);
            enqueue.assign({ params, query });
            if (query !== context.query) enqueue({ type: 'setQuery', params: { query } });
          }),
          always: [{ guard: 'hasDates', target: 'loading' }, { target: 'needsDates' }],
        },
        /** The "select dates" message (R018). */
        needsDates: {},
        debouncing: {
          after: { debounce: 'routing' },
        },
        loading: {
          tags: ['busy'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isVehicle', target: 'cars' }, { target: 'stays' }] },
            stays: {
              invoke: {
                id: 'loadProperties',
                src: 'loadProperties',
                input: ({ context }) => searchQueryFor(context.params, 1),
                onDone: [
                  {
                    guard: ({ event }) => event.output.items.length === 0,
                    target: '#searchPage.active.empty',
                    actions: assign({ properties: [], total: 0 }),
                  },
                  {
                    target: '#searchPage.active.results',
                    actions: assign(({ event }) => ({
                      properties: event.output.items,
                      total: event.output.meta.total,
                      error: null,
                    })),
                  },
                ],
                onError: {
                  target: '#searchPage.active.error',
                  actions: assign(({ event }) => ({ error: failureOf(event.error) })),
                },
              },
            },
            cars: {
              entry: assign({ vehicles: [] }),
              invoke: {
                id: 'vehicleQuery',
                src: 'vehicleQuery',
                input: ({ context }) => ({ query: vehicleQueryFor(context.params) ?? undefined }),
              },
              on: {
                'vehicles.progress': { actions: assign(({ event }) => ({ vehicles: event.results })) },
                'vehicles.finished': [
                  {
                    guard: ({ event }) => event.results.length === 0,
                    target: '#searchPage.active.empty',
                    actions: assign({ vehicles: [] }),
                  },
                  {
                    target: '#searchPage.active.results',
                    actions: assign(({ event }) => ({
                      vehicles: event.results,
                      total: event.results.length,
                      error: null,
                    })),
                  },
                ],
                'vehicles.failed': {
                  target: '#searchPage.active.error',
                  actions: assign(({ event }) => ({ error: event.error })),
                },
              },
            },
          },
        },
        results: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'results.more': { guard: 'hasMore', target: 'loadingMore' } },
            },
            loadingMore: {
              tags: ['busy'],
              invoke: {
                id: 'loadProperties',
                src: 'loadProperties',
                input: ({ context }) =>
                  searchQueryFor(
                    context.params,
                    Math.floor(context.properties.length / SEARCH_PAGE_SIZE) + 1,
                  ),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    properties: [...context.properties, ...event.output.items],
                    total: event.output.meta.total,
                  })),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ event }) => ({ error: failureOf(event.error) })),
                },
              },
            },
          },
        },
        /** `properties.no_search_results` (R033). */
        empty: {},
        /** `general.error_message` with the error text (R033). */
        error: {
          on: { 'search.retry': 'routing' },
        },
      },
    },
  },
});
