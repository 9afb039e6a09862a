import { VEHICLE_POLL_MS } from '@tern/core';
import type { VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../session/SessionContext';
import { bookingApi } from '../api';

export type VehicleQueryState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'polling'; results: VehicleQueryResults | null }
  | { status: 'finished'; results: VehicleQueryResults }
  | { status: 'error'; error: unknown };

/**
 * The asynchronous car search (document 1 §4): `list_units` gives a query id, then `query_results` is
 * asked every 2 s until finished. New parameters (a new `key`) or leaving the page stop the polling.
 */
export function useVehicleQuery(body: VehicleQueryBody | null, key: string) {
  const { client } = useServices();
  const [state, setState] = useState<VehicleQueryState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the body; `attempt` restarts.
  useEffect(() => {
    if (!body) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const api = bookingApi(client);
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'starting' });
    const poll = (queryId: string) => {
      api
        .vehicleQueryResults(queryId, controller.signal)
        .then((results) => {
          if (controller.signal.aborted) return;
          if (results.finished) {
            setState({ status: 'finished', results });
            return;
          }
          setState({ status: 'polling', results });
          timer = setTimeout(() => poll(queryId), VEHICLE_POLL_MS);
        })
        .catch((error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }));
    };
    api
      .startVehicleQuery(body, controller.signal)
      .then(({ queryId }) => {
        if (controller.signal.aborted) return;
        setState({ status: 'polling', results: null });
        poll(queryId);
      })
      .catch((error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }));
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [client, key, attempt]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
