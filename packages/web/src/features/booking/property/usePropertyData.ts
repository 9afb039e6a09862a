import { useNavigate } from '@tanstack/react-router';
import {
  type BestOffer,
  type ClosedDates,
  NotFoundError,
  type PropertyInfo,
  type UnitWithRates,
} from '@tern/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../session/SessionContext';
import { bookingApi, type Kind } from '../api';

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
  const { client } = useServices();
  const navigate = useNavigate();
  const [info, setInfo] = useState<Load<PropertyInfo> | { status: 'notFound' }>({ status: 'loading' });
  const [closed, setClosed] = useState<ClosedDates | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on retry.
  useEffect(() => {
    const controller = new AbortController();
    const api = bookingApi(client);
    setInfo({ status: 'loading' });
    api
      .info(kind, id, controller.signal)
      .then((data) => !controller.signal.aborted && setInfo({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setInfo(error instanceof NotFoundError ? { status: 'notFound' } : { status: 'error', error });
      });
    api
      .closedDates(kind, id, controller.signal)
      .then((data) => !controller.signal.aborted && setClosed(data))
      .catch(() => undefined);
    return () => controller.abort();
  }, [client, kind, id, attempt]);
  useEffect(() => {
    if (info.status === 'notFound') void navigate({ href: '/404', replace: true });
  }, [info.status, navigate]);
  return { info, closed, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

export interface RatesQuery {
  checkinDate: string;
  checkoutDate: string;
  currency: string;
  adults: number;
  children: number;
  childrenAge: number[];
}

/** The units with their rates for a stay (checkout re-reads them for the chosen rooms). */
export function useUnits(kind: Kind, id: string, query: RatesQuery | null) {
  const { client } = useServices();
  const [units, setUnits] = useState<Load<UnitWithRates[]> | { status: 'idle' }>({ status: 'idle' });
  const key = query ? JSON.stringify(query) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query.
  useEffect(() => {
    if (!query) {
      setUnits({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setUnits({ status: 'loading' });
    bookingApi(client)
      .listWithRates(
        kind,
        id,
        { checkinDate: query.checkinDate, checkoutDate: query.checkoutDate, currency: query.currency },
        controller.signal,
      )
      .then((data) => !controller.signal.aborted && setUnits({ status: 'ready', data }))
      .catch((error: unknown) => !controller.signal.aborted && setUnits({ status: 'error', error }));
    return () => controller.abort();
  }, [client, kind, id, key]);
  return units;
}

/** The best offer for the search the rates were loaded for (the price panel; hidden when it has errors). */
export function useBestOffer(kind: Kind, id: string, query: RatesQuery | null) {
  const { client } = useServices();
  const [bestOffer, setBestOffer] = useState<BestOffer | null>(null);
  const key = query ? JSON.stringify(query) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query.
  useEffect(() => {
    setBestOffer(null);
    if (!query) return;
    const controller = new AbortController();
    bookingApi(client)
      .bestOffer(
        kind,
        id,
        {
          checkinDate: query.checkinDate,
          checkoutDate: query.checkoutDate,
          currency: query.currency,
          occupancy: { adults: query.adults, children: query.children, childrenAge: query.childrenAge },
        },
        controller.signal,
      )
      .then((data) => !controller.signal.aborted && setBestOffer(data))
      .catch(() => !controller.signal.aborted && setBestOffer(null));
    return () => controller.abort();
  }, [client, kind, id, key]);
  return bestOffer;
}
