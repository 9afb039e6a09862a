import { useEffect, useState } from 'react';
import { type Actor, type AnyStateMachine, createActor, type InputFrom } from 'xstate';
import { useSnapshot } from '../cart/useSnapshot';
import { storeInspect } from '../live';

/**
 * A page's own machine: made once with its input, started while the page is shown, stopped when it goes; its
 * snapshot redrawn on each change (no @xstate/react in the store's chunks). The hosted payment page uses it too.
 */
export function useStartedActor<M extends AnyStateMachine>(make: () => { machine: M; input: InputFrom<M> }) {
  const [actor] = useState(() => {
    const { machine, input } = make();
    return createActor(machine, { input, inspect: storeInspect }) as Actor<M>;
  });
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  return [useSnapshot(actor), actor] as const;
}
