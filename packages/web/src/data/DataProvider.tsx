import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useSession } from '../session/SessionContext';
import { createQueryClient } from './queryClient';

/**
 * Provides the query cache to the screens. One cache per signed-in user: signing out or in as someone else
 * starts an empty one, so no answer meant for one user is ever shown to another.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const userId = useSession()?.user.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new user gets a new cache.
  const queryClient = useMemo(() => createQueryClient(), [userId]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
