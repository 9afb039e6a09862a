import { selectedProperty } from '@tern/core/session';
import type { AdminProperty, UserProperty } from '@tern/sdk';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
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

/** Another user (after signing out and in) starts again from what storage remembers. */
export function SelectedPropertyProvider({ children }: { children: ReactNode }) {
  const { storage, client } = useServices();
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
  const [adminPick, setAdminPick] = useState<UserProperty | null>(null);
  useEffect(() => {
    if (!isAdmin || !remembered || adminPick?.id === remembered) return;
    let live = true;
    client.admin
      .getProperty({ params: { id: remembered } })
      .then((p) => live && setAdminPick(asSelectedProperty(p)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [isAdmin, remembered, adminPick?.id, client]);
  const selectProperty = useCallback(
    (p: UserProperty) => {
      setAdminPick(p);
      select(p.id);
    },
    [select],
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
