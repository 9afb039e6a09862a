import { selectedProperty } from '@tern/core';
import type { UserProperty } from '@tern/sdk';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useServices, useSession } from './SessionContext';
import { readSelectedPropertyId, writeSelectedPropertyId } from './storage';

interface SelectedPropertyValue {
  /** The property a non-reseller works on (core's `selectedProperty`): remembered, else the first. */
  property: UserProperty | null;
  properties: UserProperty[];
  /** Remembers the choice (localStorage). */
  select: (id: string) => void;
}

const SelectedPropertyContext = createContext<SelectedPropertyValue>({
  property: null,
  properties: [],
  select: () => {},
});

/** Another user (after signing out and in) starts again from what storage remembers. */
export function SelectedPropertyProvider({ children }: { children: ReactNode }) {
  const { storage } = useServices();
  const session = useSession();
  const userId = session?.user.id ?? null;
  const [state, setState] = useState(() => ({ userId, remembered: readSelectedPropertyId(storage) }));
  const remembered = state.userId === userId ? state.remembered : readSelectedPropertyId(storage);
  if (state.userId !== userId) setState({ userId, remembered });
  const select = useCallback(
    (id: string) => {
      writeSelectedPropertyId(storage, id);
      setState((current) => ({ ...current, remembered: id }));
    },
    [storage],
  );
  const value = useMemo<SelectedPropertyValue>(() => {
    const user = session?.user ?? null;
    return {
      property: user ? selectedProperty(user, remembered) : null,
      properties: user?.ternHotels ?? [],
      select,
    };
  }, [session, remembered, select]);
  return <SelectedPropertyContext.Provider value={value}>{children}</SelectedPropertyContext.Provider>;
}

export function useSelectedProperty(): SelectedPropertyValue {
  return useContext(SelectedPropertyContext);
}
