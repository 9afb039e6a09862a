import { useNavigate } from '@tanstack/react-router';
import {
  bookingQueryString,
  engineActors,
  parseBookingQuery,
  searchPageMachine,
  withSearchPageDefaults,
} from '@tern/core/bookingEngine';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useServices } from '../../../session/SessionContext';
import { liveInspect } from '../../qa/liveInspect';
import { useBookingParams } from '../useBookingParams';
import { useFlags } from '../useFlags';
import { useToday } from '../useToday';

/**
 * Core's search page machine (M07) for `/search` (stays) or `/search_cars` (cars), with the web's edges:
 * the list call and the car query, and the URL — edits come back as the page's query (`setQuery`), and a
 * query changed from outside (a new search, back and forward) is synced into the machine.
 */
export function useSearchPage(path: '/search' | '/search_cars') {
  const { client } = useServices();
  const navigate = useNavigate();
  const today = useToday();
  const { searchPageIsActive } = useFlags();
  const { searchStr } = useBookingParams();
  const logic = useMemo(() => {
    return searchPageMachine.provide({
      // Core's actors on the client: the list call and the car query (its signal cancels a superseded call).
      actors: engineActors(client).searchPage,
      actions: {
        navigate: (_, { to }: { to: string }) =>
          queueMicrotask(() => void navigate({ href: to, replace: true })),
        setQuery: (_, { query }: { query: string }) =>
          queueMicrotask(() => void navigate({ href: `${path}?${query}`, replace: true })),
      },
    });
  }, [client, navigate, path]);
  const [snapshot, send, actor] = useMachine(logic, {
    input: { query: searchStr, today, searchPageIsActive },
    // The search page and the car query it invokes (the vehicle polling) report to the visualizer's Live.
    inspect: liveInspect,
  });

  // A query the machine did not write (a new search from the form, back and forward) is synced; the
  // machine's own rewrite of a query (its canonical form) is the same search and is not.
  useEffect(() => {
    const canonical = bookingQueryString(withSearchPageDefaults(parseBookingQuery(searchStr, today), today));
    if (canonical !== actor.getSnapshot().context.query) send({ type: 'query.sync', query: searchStr });
  }, [searchStr, today, actor, send]);

  return { snapshot, send, actor };
}
