import type { StoredSession } from '@tern/core/session';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useRef } from 'react';
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

/**
 * The session on a page the guards only show to signed-in users. When the session ends (sign-out, expiry)
 * the page may draw once more before it leaves: it then keeps the last session it saw.
 */
export function useSignedInSession(): StoredSession {
  const session = useSession();
  const last = useRef(session);
  if (session) last.current = session;
  if (!last.current) throw new Error('This page needs a session; the route guard sends visitors to /login');
  return last.current;
}
