import { engineActors } from '@tern/core/bookingEngine';
import { vehicleQueryMachine } from '@tern/core/vehicles';
import type { TernClient, VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import { createActor, waitFor } from 'xstate';
import { cliInspect } from '../inspect/server.js';

export interface VehicleSearchOptions {
  /** What the providers answered so far, while some are still answering (for a spinner). */
  onProgress?: (results: VehicleQueryResults) => void;
  /** Gives up after this long and returns what came (`finished: false`). Default 2 minutes. */
  maxWaitMs?: number;
  /** The wait between two polls (`Io.pollMs`); core's `VEHICLE_POLL_MS` by default. */
  pollMs?: number | undefined;
}

/**
 * The asynchronous car search (document 1 §4, §7) run headless on core's `vehicleQueryMachine` — the same
 * machine as the web app's search page: `list_units` gives a query id, then `query_results` is polled every
 * 2 s until every provider has answered. Resolves with the last answer; a failed call rejects with the SDK's
 * own error (so the CLI maps it like any other).
 */
export async function searchVehicles(
  client: TernClient,
  body: VehicleQueryBody,
  options: VehicleSearchOptions = {},
): Promise<VehicleQueryResults> {
  const { actor, failure, answer } = vehicleQuery(client, body, options.pollMs);
  actor.on('vehicles.progress', () => options.onProgress?.(answer(false)));
  actor.start();
  try {
    const done = await waitFor(actor, (s) => s.matches('finished') || s.matches('error'), {
      timeout: options.maxWaitMs ?? 120_000,
    }).catch((timeout: unknown) => {
      // Out of time: what the providers answered so far, marked unfinished (once the query exists).
      if (actor.getSnapshot().context.queryId === null) throw timeout;
      return null;
    });
    if (done === null) return answer(false);
    if (done.matches('error'))
      throw failure() ?? new Error(done.context.error?.message ?? 'the car search failed');
    return answer(true);
  } finally {
    actor.stop();
  }
}

/**
 * Core's `vehicleQueryMachine` for `body`, its calls the actors core builds on the SDK client (not started),
 * polling every `pollMs` when given (else core's interval). `failure()` is the SDK's error of the call that
 * failed (the machine keeps only its message); `answer()` its results as the API gives them.
 */
export function vehicleQuery(client: TernClient, body: VehicleQueryBody, pollMs?: number) {
  let failure: unknown = null;
  const actors = engineActors(client, { onError: (error) => (failure = error) });
  const machine = vehicleQueryMachine.provide({
    actors: actors.vehicleQuery,
    ...(pollMs === undefined ? {} : { delays: { pollInterval: pollMs } }),
  });
  const actor = createActor(machine, {
    inspect: cliInspect,
    input: { query: body },
  });
  const answer = (finished: boolean): VehicleQueryResults => {
    const { context } = actor.getSnapshot();
    return {
      queryId: context.queryId ?? '',
      finished,
      providers: context.providers,
      results: context.results,
    };
  };
  return { actor, failure: () => failure, answer };
}
