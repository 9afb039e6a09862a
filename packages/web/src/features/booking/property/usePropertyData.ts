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

/** The property's page data (`info`) and its closed dates; `notFound` when the API answers 404 (R005). */
export function usePropertyInfo(kind: Kind, id: string) {
  const { client } = useServices();
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

/** The units with rates and the best offer for the loaded search (the URL's dates, guests and currency). */
export function useRates(kind: Kind, id: string, query: RatesQuery | null) {
  const { client } = useServices();
  const [rates, setRates] = useState<Load<UnitWithRates[]> | { status: 'idle' }>({ status: 'idle' });
  const [bestOffer, setBestOffer] = useState<BestOffer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = query ? JSON.stringify(query) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query; `attempt` reloads.
  useEffect(() => {
    if (!query) {
      setRates({ status: 'idle' });
      setBestOffer(null);
      return;
    }
    const controller = new AbortController();
    const api = bookingApi(client);
    setRates({ status: 'loading' });
    const dates = {
      checkinDate: query.checkinDate,
      checkoutDate: query.checkoutDate,
      currency: query.currency,
    };
    api
      .listWithRates(kind, id, dates, controller.signal)
      .then((data) => !controller.signal.aborted && setRates({ status: 'ready', data }))
      .catch((error: unknown) => !controller.signal.aborted && setRates({ status: 'error', error }));
    api
      .bestOffer(
        kind,
        id,
        {
          ...dates,
          occupancy: { adults: query.adults, children: query.children, childrenAge: query.childrenAge },
        },
        controller.signal,
      )
      .then((data) => !controller.signal.aborted && setBestOffer(data))
      .catch(() => !controller.signal.aborted && setBestOffer(null));
    return () => controller.abort();
  }, [client, kind, id, key, attempt]);
  return { rates, bestOffer, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
