import type { BookingParams } from '@tern/core';
import type { SearchProperty, SearchQuery } from '@tern/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../session/SessionContext';
import { bookingApi } from '../api';

export const SEARCH_PAGE_SIZE = 50;

export type SearchState =
  | { status: 'needsDates' }
  | { status: 'loading'; items: SearchProperty[] }
  | { status: 'results'; items: SearchProperty[]; total: number; loadingMore: boolean }
  | { status: 'empty' }
  | { status: 'error'; error: unknown };

/** The list call's query for the page's parameters (map bounds as latitude/longitude ranges). */
export function searchQueryOf(params: BookingParams, page: number): SearchQuery {
  const filter: NonNullable<SearchQuery['filter']> = {};
  if (params.title) filter.title = { has: params.title };
  if (params.city) filter.city = params.city;
  if (params.state) filter.state = params.state;
  if (params.country) filter.country = params.country;
  if (params.mapCoordinates) {
    const [south, west, north, east] = params.mapCoordinates;
    const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));
    filter.latitude = { gte: clamp(south, 90), lte: clamp(north, 90) };
    filter.longitude = { gte: clamp(west, 180), lte: clamp(east, 180) };
  }
  return {
    currency: params.currency,
    checkinDate: params.checkinDate ?? undefined,
    checkoutDate: params.checkoutDate ?? undefined,
    occupancy: { adults: params.adults, children: params.children, childrenAge: params.childrenAge },
    filter,
    page,
    limit: SEARCH_PAGE_SIZE,
  };
}

/**
 * The search list for the URL's parameters: waits for both dates (document 1 §5), loads, and answers
 * results, empty or error; a newer query cancels the older call.
 */
export function useSearchResults(params: BookingParams, key: string) {
  const { client } = useServices();
  const [state, setState] = useState<SearchState>({ status: 'loading', items: [] });
  const [attempt, setAttempt] = useState(0);
  const current = useRef(state);
  current.current = state;
  const hasDates = Boolean(params.checkinDate && params.checkoutDate);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query string the params come from.
  useEffect(() => {
    if (!hasDates) {
      setState({ status: 'needsDates' });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', items: s.status === 'results' ? s.items : [] }));
    bookingApi(client)
      .search('accommodations', searchQueryOf(params, 1), controller.signal)
      .then(({ items, total }) => {
        if (controller.signal.aborted) return;
        setState(
          items.length === 0 ? { status: 'empty' } : { status: 'results', items, total, loadingMore: false },
        );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [client, key, hasDates, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const loadMore = useCallback(() => {
    const s = current.current;
    if (s.status !== 'results' || s.loadingMore) return;
    const page = Math.floor(s.items.length / SEARCH_PAGE_SIZE) + 1;
    setState({ ...s, loadingMore: true });
    bookingApi(client)
      .search('accommodations', searchQueryOf(params, page))
      .then(({ items, total }) =>
        setState((now) =>
          now.status === 'results'
            ? { status: 'results', items: [...now.items, ...items], total, loadingMore: false }
            : now,
        ),
      )
      .catch(() => setState((now) => (now.status === 'results' ? { ...now, loadingMore: false } : now)));
  }, [client, params]);

  return { state, retry, loadMore };
}
