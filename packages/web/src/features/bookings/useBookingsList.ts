import { useNavigate } from '@tanstack/react-router';
import {
  bookingsListFromParams,
  bookingsListMachine,
  bookingsListToParams,
  bookingsPageCount,
} from '@tern/core/bookings';
import type { Role } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';

/** The address's query in the form the list writes it (so `q=a%20b` and `q=a+b` are the same search). */
export const canonicalSearch = (search: string): string =>
  bookingsListToParams(bookingsListFromParams(new URLSearchParams(search))).toString();

export interface BookingsListScope {
  role: Role;
  propertyId: string | null;
  locked: boolean;
}

/**
 * Core's bookings list machine with the web's edges: the list call, the scope (role, selected property,
 * payment lock) and the address. The machine starts from the address's query (`search`); every change of
 * its filters, page or sort is written back (a typed search replaces the history entry, the rest push one,
 * so Back returns to the previous page or filters). `onAddress` learns each query written.
 */
export function useBookingsList(
  scope: BookingsListScope,
  search: string,
  onAddress: (canonical: string) => void,
) {
  const { client } = useServices();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      bookingsListMachine.provide({
        actors: {
          loadBookings: fromPromise(async ({ input, signal }) => {
            const reply = await client.bookings.list({ query: input }, { signal });
            return { items: reply.items, total: reply.meta.total };
          }),
        },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(logic, {
    input: { ...scope, ...bookingsListFromParams(new URLSearchParams(search)) },
  });
  const { context } = snapshot;

  // The selected property or the lock changed: the machine decides whether to load (R122).
  const { propertyId, locked } = context;
  useEffect(() => {
    if (scope.propertyId !== propertyId || scope.locked !== locked)
      send({ type: 'scope.change', propertyId: scope.propertyId, locked: scope.locked });
  }, [send, scope.propertyId, scope.locked, propertyId, locked]);

  // The list's state goes to the address.
  const written = useRef<string | null>(null);
  const params = bookingsListToParams({
    filters: context.filters,
    page: context.page,
    sort: context.sort,
  }).toString();
  useEffect(() => {
    const first = written.current === null;
    const previous = written.current ?? canonicalSearch(search);
    written.current = params;
    if (params === previous) return;
    onAddress(params);
    void navigate({
      href: params ? `/bookings?${params}` : '/bookings',
      replace: first || termOf(previous) !== termOf(params),
    });
  }, [params, search, navigate, onAddress]);

  // A page beyond the end (fewer bookings than when the address was written) goes back to the first.
  const pages = bookingsPageCount(context);
  const ready = snapshot.matches('ready');
  useEffect(() => {
    if (ready && context.items.length === 0 && context.page > pages) send({ type: 'page.go', page: 1 });
  }, [ready, context.items.length, context.page, pages, send]);

  return { snapshot, send, pages };
}

const termOf = (params: string) => new URLSearchParams(params).get('q') ?? '';
