import type {
  BookingCreated,
  KindSegment,
  ListMeta,
  SearchProperty,
  SearchQuery,
  TernClient,
  UnitWithRates,
  VehicleQueryBody,
  VehicleQueryResults,
} from '@tern/sdk';
import { fromPromise } from 'xstate';
import { vehicleQueryMachine } from '../vehicles/vehicleQueryMachine.js';
import type { KeyedBookingRequest } from './checkoutMachine.js';
import { engineCalls } from './engineCalls.js';
import type { RatesRequest } from './ratesTableMachine.js';

export interface EngineActorsOptions {
  /**
   * Told of every failed call with the SDK's own error, before the machine sees it (a machine keeps only
   * the message): the CLI maps that error like any other.
   */
  onError?: (error: unknown) => void;
}

/**
 * The booking machines' API actors built on one SDK client (DESIGN "Core declares, edges inject"): the web
 * app and the CLI provide them as they are, adding only their own edge actions.
 *
 * ```ts
 * const actors = engineActors(client);
 * searchPageMachine.provide({ actors: actors.searchPage, actions: { navigate, setQuery } });
 * ratesTableMachine.provide({ actors: actors.ratesTable, actions: { … } });
 * checkoutMachine.provide({
 *   actors: { ...actors.checkout, cardFrame: cardFrameMachine.provide({ actors: actors.cardFrame, actions }) },
 * });
 * ```
 *
 * Every read passes the actor's `AbortSignal` on, so a stopped actor (a newer search, a page left) cancels
 * its HTTP call; `createBooking` sends the checkout attempt's Idempotency-Key.
 */
export function engineActors(client: TernClient, options: EngineActorsOptions = {}) {
  const calls = engineCalls(client);
  const reported =
    <I, O>(call: (input: I, signal: AbortSignal) => Promise<O>) =>
    async ({ input, signal }: { input: I; signal: AbortSignal }): Promise<O> => {
      try {
        return await call(input, signal);
      } catch (error) {
        options.onError?.(error);
        throw error;
      }
    };
  const vehicleQuery = {
    startQuery: fromPromise<{ queryId: string }, VehicleQueryBody>(
      reported((body, signal) => calls.startVehicleQuery(body, signal)),
    ),
    queryResults: fromPromise<VehicleQueryResults, { queryId: string }>(
      reported(({ queryId }, signal) => calls.vehicleQueryResults(queryId, signal)),
    ),
  };
  return {
    /** `vehicleQueryMachine`: the car query started, then its results polled. */
    vehicleQuery,
    /** `searchPageMachine`: the stays list, and the car query as its child machine. */
    searchPage: {
      loadProperties: fromPromise<{ items: SearchProperty[]; meta: ListMeta }, SearchQuery>(
        reported((query, signal) => calls.search('accommodations', query, signal)),
      ),
      vehicleQuery: vehicleQueryMachine.provide({ actors: vehicleQuery }),
    },
    /** `ratesTableMachine`: the units and their rates for the stay. */
    ratesTable: {
      loadRates: fromPromise<UnitWithRates[], RatesRequest>(
        reported((request, signal) =>
          calls.listWithRates(
            request.kind,
            request.id,
            {
              checkinDate: request.checkinDate,
              checkoutDate: request.checkoutDate,
              currency: request.currency,
            },
            signal,
          ),
        ),
      ),
    },
    /** `cardFrameMachine`: the vault form's URL for the property. */
    cardFrame: {
      loadCardForm: fromPromise<
        { cardCaptureFormUrl: string; origin?: string },
        { kind: KindSegment; id: string }
      >(reported(({ kind, id }, signal) => calls.cardCaptureFormUrl(kind, id, signal))),
    },
    /** `checkoutMachine`: the attempt's create_booking with its key (never aborted: it may have booked). */
    checkout: {
      createBooking: fromPromise<BookingCreated, KeyedBookingRequest>(
        reported((request) => calls.createBooking(request)),
      ),
    },
  };
}

export type EngineActors = ReturnType<typeof engineActors>;
