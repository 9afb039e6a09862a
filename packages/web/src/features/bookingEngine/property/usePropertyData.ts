import { useNavigate } from '@tanstack/react-router';
import { engineCalls } from '@tern/core/bookingEngine';
import {
  type BestOffer,
  type ClosedDates,
  type KindSegment as Kind,
  NotFoundError,
  type PropertyInfo,
} from '@tern/sdk';
import { useEffect } from 'react';
import { useApiQuery } from '../../../data/useApiQuery';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * The property's page data (`info`) and its closed dates. A 404 (R005: a property the API does not know, or not
 * for this reseller) is `notFound` and sends the user to the default route, from the property page and the
 * checkout alike.
 */
export function usePropertyInfo(kind: Kind, id: string) {
  const navigate = useNavigate();
  const query = useApiQuery(['engine.info', kind, id], (client, signal) =>
    engineCalls(client).info(kind, id, signal),
  );
  const closed = useApiQuery(['engine.closedDates', kind, id], (client, signal) =>
    engineCalls(client).closedDates(kind, id, signal),
  );
  const notFound = query.error instanceof NotFoundError;
  useEffect(() => {
    if (notFound) void navigate({ href: '/404', replace: true });
  }, [notFound, navigate]);
  const info: Load<PropertyInfo> | { status: 'notFound' } = notFound
    ? { status: 'notFound' }
    : // A retry after an error shows the loader again; a background re-read keeps the page as it is.
      query.isPending || (query.isError && query.isFetching)
      ? { status: 'loading' }
      : query.isError
        ? { status: 'error', error: query.error }
        : { status: 'ready', data: query.data };
  const { refetch } = query;
  return {
    info,
    // Closed dates that fail to load close nothing.
    closed: (closed.data ?? null) as ClosedDates | null,
    retry: () => void refetch(),
  };
}

export interface RatesQuery {
  checkinDate: string;
  checkoutDate: string;
  currency: string;
  adults: number;
  children: number;
  childrenAge: number[];
}

/** The best offer for the search the rates were loaded for (the price panel; hidden when it has errors). */
export function useBestOffer(kind: Kind, id: string, query: RatesQuery | null): BestOffer | null {
  const offer = useApiQuery(
    ['engine.bestOffer', kind, id, query],
    (client, signal) =>
      engineCalls(client).bestOffer(
        kind,
        id,
        {
          checkinDate: query!.checkinDate,
          checkoutDate: query!.checkoutDate,
          currency: query!.currency,
          occupancy: { adults: query!.adults, children: query!.children, childrenAge: query!.childrenAge },
        },
        signal,
      ),
    { enabled: query !== null },
  );
  return query ? (offer.data ?? null) : null;
}
