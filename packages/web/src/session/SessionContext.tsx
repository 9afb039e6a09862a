import type { StoredSession } from '@tern/core';
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { AppServices, SessionActor } from '../app/services';

export const ServicesContext = createContext<AppServices | null>(null);
export const SessionActorContext = createContext<SessionActor | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <App>');
  return services;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor needs <App>');
  return actor;
}

/** The current session, or null for an anonymous visitor. */
export function useSession(): StoredSession | null {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.session);
}

/** The current session on a page the guards only show to signed-in users. */
export function useSignedInSession(): StoredSession {
  const session = useSession();
  if (!session)
    throw new Error('This page needs a session; the route guard should have sent the visitor to /login');
  return session;
}
