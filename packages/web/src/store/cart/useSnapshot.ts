import { useCallback, useSyncExternalStore } from 'react';

/** What `useSnapshot` reads: an xstate actor's subscribe and snapshot (no @xstate/react in the store's chunks). */
interface Observable<T> {
  subscribe(listener: () => void): { unsubscribe(): void };
  getSnapshot(): T;
}

/** An actor's current snapshot, redrawn on each change. */
export function useSnapshot<T>(actor: Observable<T>): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => actor.getSnapshot());
}
