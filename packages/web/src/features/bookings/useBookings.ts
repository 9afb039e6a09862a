import type { BookingRecord, BookingsQuery } from '@tern/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../session/SessionContext';

export type BookingsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: BookingRecord[]; total: number };

/** The bookings list for a query (document 1 §2): reloads when the query changes; `reload` after a change. */
export function useBookings(query: BookingsQuery, skip: boolean) {
  const { client } = useServices();
  const [state, setState] = useState<BookingsState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its JSON (`key`).
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    client.bookings
      .list({ query }, { signal: controller.signal })
      .then((reply) => setState({ status: 'ready', items: reply.items, total: reply.meta.total }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [client, key, skip, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
