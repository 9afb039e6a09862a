import { type ConfirmedAction, confirmedActionMachine } from '@tern/core/admin';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';

/**
 * Core's confirmed row action (M13 block / unblock, M15 lock override): `perform` sends the action; after a
 * success `onChanged` runs (the list reloads, a notice shows); after a failure the list stays as it is.
 */
export function useConfirmedAction(
  perform: (target: ConfirmedAction) => Promise<unknown>,
  onChanged: (target: ConfirmedAction) => void,
) {
  const performRef = useRef(perform);
  performRef.current = perform;
  const logic = useMemo(
    () =>
      confirmedActionMachine.provide({
        actors: { perform: fromPromise(({ input }) => performRef.current(input)) },
      }),
    [],
  );
  const [snapshot, send, actor] = useMachine(logic);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('row.changed', (event) => changed.current(event.target));
    return () => subscription.unsubscribe();
  }, [actor]);
  return { snapshot, send, busy: snapshot.hasTag('busy') };
}
