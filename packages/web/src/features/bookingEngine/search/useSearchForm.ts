import { useNavigate } from '@tanstack/react-router';
import { type PropertyKind, searchFormMachine } from '@tern/core/bookingEngine';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useToday } from '../useToday';

/**
 * Core's main search form machine for one form (stays or cars): the query's values or the form's
 * defaults, the guards on dates, guests and driver, both dates needed, and the page a search opens.
 */
export function useSearchForm(kind: PropertyKind, query = '') {
  const navigate = useNavigate();
  const today = useToday();
  const logic = useMemo(
    () =>
      searchFormMachine.provide({
        actions: {
          navigate: (_, { to }: { to: string }) => queueMicrotask(() => void navigate({ href: to })),
        },
      }),
    [navigate],
  );
  const [snapshot, send] = useMachine(logic, { input: { today, query } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's type is set once, when it opens.
  useEffect(() => {
    if (snapshot.context.params.type !== kind) send({ type: 'type.change', kind });
  }, []);
  return { snapshot, send, today };
}
