import { VEHICLE_POLL_MS } from '@tern/core';
import type { VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import type { EngineApi } from './engine.js';

export interface VehicleSearchOptions {
  /** Each answer while the providers are still answering (for a spinner). */
  onProgress?: (results: VehicleQueryResults) => void;
  /** Waits between polls (tests shorten it). Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Gives up polling after this long and returns what came. Default 2 minutes. */
  maxWaitMs?: number;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The asynchronous car search (document 1 §4, §7): `list_units` gives a query id, then `query_results` is
 * polled every 2 s until every provider has answered. Returns the last answer and whether it is complete.
 */
export async function searchVehicles(
  api: EngineApi,
  body: VehicleQueryBody,
  options: VehicleSearchOptions = {},
): Promise<VehicleQueryResults> {
  const sleep = options.sleep ?? wait;
  const maxPolls = Math.max(1, Math.ceil((options.maxWaitMs ?? 120_000) / VEHICLE_POLL_MS));
  const { queryId } = await api.startVehicleQuery(body);
  let results = await api.vehicleQueryResults(queryId);
  for (let poll = 1; !results.finished && poll < maxPolls; poll++) {
    options.onProgress?.(results);
    await sleep(VEHICLE_POLL_MS);
    results = await api.vehicleQueryResults(queryId);
  }
  return results;
}
