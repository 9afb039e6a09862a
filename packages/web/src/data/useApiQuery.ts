import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { TernClient } from '@tern/sdk';
import { useServices } from '../session/SessionContext';

/** One API read: the SDK client and the query's signal, which cancels the call when its answer is no longer wanted. */
export type ApiRead<T> = (client: TernClient, signal: AbortSignal) => Promise<T>;

/**
 * The app's one way to load data for a screen: a TanStack query whose function calls the SDK client with the
 * query's `AbortSignal` (a newer key, an unmounted screen or `cancelQueries` aborts the HTTP call). The key
 * names what is read (`['engine.info', kind, id]`); the cache, loading and error states, retry and
 * deduplication come from TanStack Query.
 */
export function useApiQuery<T>(
  queryKey: QueryKey,
  read: ApiRead<T>,
  options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> = {},
): UseQueryResult<T, Error> {
  const { client } = useServices();
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => read(client, signal) });
}
