import { contractActionsMachine, contractsPageMachine } from '@tern/core/contracts';
import type { Role } from '@tern/sdk';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';
import { useReload } from '../lists/useListKit';
import { liveInspect } from '../qa/liveInspect';
import { LISTS_KEY } from './useContractLists';

/**
 * Core's contracts page machine with the client: its tab, search and dialogs, and its contract actions (M10:
 * accept, decline, withdraw, terminate and request). The lists reload after each action (R132).
 */
export function useContractsPage(role: Role) {
  const { client } = useServices();
  const reload = useReload(LISTS_KEY);
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
  const actions = page.children.actions!;
  const snapshot = useSelector(actions, (s) => s);
  useEffect(() => {
    const subscription = actor.getSnapshot().children.actions!.on('contracts.changed', () => void reload());
    return () => subscription.unsubscribe();
  }, [actor, reload]);
  return { page, actions: snapshot, send };
}
