import type { KindSegment, UnitWithRates } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import { quantityOptions } from './engineRules.js';
import type { RatesSelection } from './flow.js';

/**
 * M02, the property page's rates table (document 1 §4 "rates table", §5, §8; R060–R068):
 *
 * - the rates are loaded for the search panel's dates, guests and currency; without both dates nothing is
 *   loaded (`noDates`);
 * - a panel edit of the dates or guests clears the selection and the stored booking data (edge action
 *   `clearStoredBooking`); when check-in or check-out then differ from the last loaded search the table is
 *   `stale` (the refresh overlay) until the search button reloads it, and fresh again if the dates are put back;
 * - a currency change reloads in that currency, keeping the rooms chosen;
 * - a quantity can be chosen only while fresh, from `quantityOptions` (0 … chosen + remaining).
 */

export interface RatesSearch {
  checkinDate: string | null;
  checkoutDate: string | null;
  adults: number;
  children: number;
  childrenAge: number[];
  currency: string;
}

export interface RatesTableInput {
  kind: KindSegment;
  propertyId: string;
  search: RatesSearch;
  /** A selection kept from before (the flow data), applied when the first load matches its search. */
  selection?: RatesSelection;
}

export interface RatesTableContext {
  kind: KindSegment;
  propertyId: string;
  /** What the panel shows now. */
  search: RatesSearch;
  /** The search the table's rates were loaded for. */
  loaded: RatesSearch | null;
  units: UnitWithRates[];
  selection: RatesSelection;
  error: Failure | null;
}

/** Same dates and party: a reload in another currency prices the same stay. */
function sameStay(a: RatesSearch, b: RatesSearch): boolean {
  return (
    a.checkinDate === b.checkinDate &&
    a.checkoutDate === b.checkoutDate &&
    a.adults === b.adults &&
    a.children === b.children &&
    a.childrenAge.join(',') === b.childrenAge.join(',')
  );
}

/** The chosen quantities of rates the new load still offers (a rate gone is dropped, never guessed). */
function stillOffered(selection: RatesSelection, units: UnitWithRates[]): RatesSelection {
  const kept: RatesSelection = {};
  for (const unit of units) {
    const chosen = selection[unit.id];
    if (!chosen) continue;
    for (const rate of unit.ratePlans)
      if (chosen[rate.id]) kept[unit.id] = { ...kept[unit.id], [rate.id]: chosen[rate.id]! };
  }
  return kept;
}

export interface RatesRequest {
  kind: KindSegment;
  id: string;
  checkinDate: string;
  checkoutDate: string;
  currency: string;
  occupancy: { adults: number; children: number; childrenAge: number[] };
}

export type RatesTableEvent =
  | { type: 'search.change'; change: Partial<Omit<RatesSearch, 'currency'>> }
  | { type: 'search.submit' }
  | { type: 'currency.change'; currency: string }
  | { type: 'rates.select'; unitId: string; rateId: string; quantity: number }
  | { type: 'rates.retry' };

const sameDates = (a: RatesSearch | null, b: RatesSearch) =>
  a !== null && a.checkinDate === b.checkinDate && a.checkoutDate === b.checkoutDate;

export const ratesTableMachine = setup({
  types: {
    context: {} as RatesTableContext,
    events: {} as RatesTableEvent,
    input: {} as RatesTableInput,
  },
  actors: {
    loadRates: notProvided<UnitWithRates[], RatesRequest>('loadRates'),
  },
  actions: {
    clearStoredBooking: () => {},
  },
  guards: {
    hasDates: ({ context }) => Boolean(context.search.checkinDate && context.search.checkoutDate),
    datesAsLoaded: ({ context }) => sameDates(context.loaded, context.search),
    validQuantity: ({ context, event }) => {
      if (event.type !== 'rates.select') return false;
      const unit = context.units.find((u) => u.id === event.unitId);
      if (!unit?.ratePlans.some((r) => r.id === event.rateId)) return false;
      return quantityOptions(unit, event.rateId, context.selection).includes(event.quantity);
    },
  },
}).createMachine({
  id: 'ratesTable',
  context: ({ input }) => ({
    kind: input.kind,
    propertyId: input.propertyId,
    search: input.search,
    loaded: null,
    units: [],
    selection: input.selection ?? {},
    error: null,
  }),
  initial: 'checking',
  on: {
    'currency.change': {
      target: '.checking',
      actions: assign(({ context, event }) => ({ search: { ...context.search, currency: event.currency } })),
    },
    'search.change': {
      target: '.afterEdit',
      actions: [
        assign(({ context, event }) => ({ search: { ...context.search, ...event.change }, selection: {} })),
        'clearStoredBooking',
      ],
    },
  },
  states: {
    checking: {
      always: [{ guard: 'hasDates', target: 'loading' }, { target: 'noDates' }],
    },
    /** After a panel edit: fresh when the dates are those loaded, else stale. */
    afterEdit: {
      always: [
        { guard: 'datesAsLoaded', target: 'fresh' },
        { guard: ({ context }) => context.loaded === null, target: 'checking' },
        { target: 'stale' },
      ],
    },
    noDates: {
      on: { 'search.submit': { guard: 'hasDates', target: 'loading' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRates',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.propertyId,
          checkinDate: context.search.checkinDate!,
          checkoutDate: context.search.checkoutDate!,
          currency: context.search.currency,
          occupancy: {
            adults: context.search.adults,
            children: context.search.children,
            childrenAge: context.search.childrenAge,
          },
        }),
        onDone: {
          target: 'fresh',
          actions: assign(({ context, event }) => ({
            units: event.output,
            error: null,
            // A kept selection survives the load of its own search, and a reload of the same stay in another
            // currency (the rooms chosen stay chosen); other searches start empty.
            selection:
              context.loaded === null || sameStay(context.loaded, context.search)
                ? stillOffered(context.selection, event.output)
                : {},
            loaded: { ...context.search },
          })),
        },
        onError: { target: 'error', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
      },
    },
    fresh: {
      on: {
        'rates.select': {
          guard: 'validQuantity',
          actions: assign(({ context, event }) => ({
            selection: {
              ...context.selection,
              [event.unitId]: { ...context.selection[event.unitId], [event.rateId]: event.quantity },
            },
          })),
        },
        'search.submit': 'loading',
      },
    },
    /** The refresh overlay: the rates are for other dates. */
    stale: {
      on: {
        'search.submit': [{ guard: 'hasDates', target: 'loading' }, { target: 'noDates' }],
      },
    },
    error: {
      on: { 'rates.retry': 'checking', 'search.submit': 'checking' },
    },
  },
});
