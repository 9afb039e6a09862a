import { vehicleQueryMachine } from '@tern/core';
import type { VehicleQueryBody } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../../session/SessionContext';
import { bookingApi } from '../api';

/**
 * Core's vehicle query machine (M06) with the API calls: `list_units` gives a query id, `query_results` is
 * asked every 2 s until every provider has answered. A new rental (`key`) starts a new search, which
 * cancels the old one; leaving the page stops the machine.
 */
export function useVehicleQuery(body: VehicleQueryBody | null, key: string) {
  const { client } = useServices();
  const logic = useMemo(
    () =>
      vehicleQueryMachine.provide({
        actors: {
          startQuery: fromPromise(({ input, signal }) => bookingApi(client).startVehicleQuery(input, signal)),
          queryResults: fromPromise(({ input, signal }) =>
            bookingApi(client).vehicleQueryResults(input.queryId, signal),
          ),
        },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(logic, { input: {} });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the body.
  useEffect(() => {
    if (body) send({ type: 'search.start', query: body });
    else send({ type: 'search.leave' });
  }, [key, send]);

  const retry = useCallback(() => {
    if (body) send({ type: 'search.start', query: body });
  }, [body, send]);

  return { snapshot, retry };
}
