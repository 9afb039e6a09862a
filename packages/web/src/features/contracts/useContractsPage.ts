import { contractActionsMachine, contractsPageMachine } from '@tern/core/contracts';
import type { Role } from '@tern/sdk';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';
import { liveInspect } from '../qa/liveInspect';

/**
 * Core's contracts page machine with the client: the dialog or drawer open, the proposal notice, and its child
 * `actions` (M10: accept, decline, withdraw, terminate and request). `onChanged` runs after each action (the
 * lists reload, R132). The logic is made once per client, so the page's actor — and its one `actions` child —
 * live as long as the page.
 */
export function useContractsPage(role: Role, onChanged: () => void) {
  const { client } = useServices();
  const logic = useMemo(
    () =>
      contractsPageMachine.provide({
        actors: {
          contractActions: contractActionsMachine.provide({
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
        },
      }),
    [client],
  );
  const [page, send, actor] = useMachine(logic, { input: { role }, inspect: liveInspect });
  const child = useSelector(actor, (snapshot) => snapshot.children.actions!);
  const actions = useSelector(child, (snapshot) => snapshot);
  useEffect(() => {
    const subscription = child.on('contracts.changed', () => onChanged());
    return () => subscription.unsubscribe();
  }, [child, onChanged]);
  return { page, actions, send };
}
