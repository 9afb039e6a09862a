import { useQueryClient } from '@tanstack/react-query';
import { selectedProperty } from '@tern/core/session';
import type { AdminProperty, UserProperty } from '@tern/sdk';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useApiQuery } from '../data/useApiQuery';
import { useServices, useSession } from './SessionContext';
import { readSelectedPropertyId, writeSelectedPropertyId } from './storage';

interface SelectedPropertyValue {
  /** The property a non-reseller works on (core's `selectedProperty`): remembered, else the first. */
  property: UserProperty | null;
  properties: UserProperty[];
  /** Remembers the choice (localStorage). */
  select: (id: string) => void;
  /** An admin's pick from every property (the admin's switcher searches them all, document 2 §2). */
  selectProperty: (property: UserProperty) => void;
}

/** A property of the admin's list, as the app's selected property (an admin manages every property). */
export function asSelectedProperty(p: AdminProperty): UserProperty {
  return {
    id: p.id,
    name: p.name,
    propertyId: p.id,
    ternHotelUserId: '',
    role: 'manager',
    propertyType: p.propertyType === 'vehicle' ? 'vehicle' : 'accommodation',
    locked: p.paymentLocked && !p.lockOverride,
    timezone: p.timezone,
    currency: p.currency,
  };
}

const SelectedPropertyContext = createContext<SelectedPropertyValue>({
  property: null,
  properties: [],
  select: () => {},
  selectProperty: () => {},
});

/** The admin's picked property in the query cache (the switcher puts its pick there; a reload reads it). */
const adminPickKey = (id: string | null) => ['admin', 'selectedProperty', id];

/**
 * Another user (after signing out and in) starts again from what storage remembers. Inside the query cache's
 * provider (the app layout): an admin's remembered property is a query.
 */
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
  // An admin works at no property: the one picked (or remembered) from every property is loaded here.
  const isAdmin = session?.userRole === 'admin';
  const queryClient = useQueryClient();
  const picked = useApiQuery(
    adminPickKey(remembered),
    async (client, signal) =>
      asSelectedProperty(await client.admin.getProperty({ params: { id: remembered! } }, { signal })),
    { enabled: isAdmin && Boolean(remembered) },
  );
  // A property that cannot be read is no pick (the switcher offers every property again).
  const adminPick = picked.data ?? null;
  const selectProperty = useCallback(
    (p: UserProperty) => {
      queryClient.setQueryData(adminPickKey(p.id), p);
      select(p.id);
    },
    [queryClient, select],
  );
  const value = useMemo<SelectedPropertyValue>(() => {
    const user = session?.user ?? null;
    if (isAdmin)
      return { property: adminPick, properties: adminPick ? [adminPick] : [], select, selectProperty };
    return {
      property: user ? selectedProperty(user, remembered) : null,
      properties: user?.ternHotels ?? [],
      select,
      selectProperty,
    };
  }, [session, remembered, select, isAdmin, adminPick, selectProperty]);
  return <SelectedPropertyContext.Provider value={value}>{children}</SelectedPropertyContext.Provider>;
}

export function useSelectedProperty(): SelectedPropertyValue {
  return useContext(SelectedPropertyContext);
}
