import { contractActionsMachine } from '@tern/core/contracts';
import type { Role } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';
import { liveInspect } from '../qa/liveInspect';

/**
 * Core's contract lifecycle machine (M10) with the client: accept, decline, withdraw, terminate and request.
 * `onChanged` runs after each (the page reloads its lists, R132).
 */
export function useContractActions(role: Role, onChanged: () => void) {
  const { client } = useServices();
  const logic = useMemo(
    () =>
      contractActionsMachine.provide({
        actors: {
          actOnContract: fromPromise(({ input }) =>
            client.contracts[input.action]({
              params: { id: input.id },
              body: { propertyId: input.propertyId, propertyType: input.propertyType },
            }),
          ),
          requestContract: fromPromise(({ input }) => client.contracts.request({ body: input })),
        },
      }),
    [client],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { role }, inspect: liveInspect });
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('contracts.changed', () => changed.current());
    return () => subscription.unsubscribe();
  }, [actor]);
  return { snapshot, send };
}
