import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { ListMeta, TernClient } from '@tern/sdk';
import { useCallback, useEffect } from 'react';
import { useApiQuery } from '../../data/useApiQuery';
import { pagesOf, useListPage } from '../lists/useListPage';

/** Every list of the back office sits under this key: a save reloads them all. */
export const ADMIN_KEY = 'admin';

export interface ListParams {
  q: string | undefined;
  page: number;
}

/**
 * A back-office list (document 2 §2): a search box read 500 ms after the last key, a page (back to 1 when the
 * search changes), and the page's rows from the API, kept on screen while the next page loads.
 */
export function useAdminList<T, E extends object = Record<never, never>>(
  name: string,
  extra: E,
  read: (
    client: TernClient,
    params: ListParams & E,
    signal: AbortSignal,
  ) => Promise<{ items: T[]; meta: ListMeta }>,
) {
  const view = useListPage();
  const { term: q, page, setPage } = view;
  const extraKey = JSON.stringify(extra);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page for other filters
  useEffect(() => setPage(1), [extraKey]);
  const params = { ...extra, q: q || undefined, page };
  const query = useApiQuery([ADMIN_KEY, name, params], (client, signal) => read(client, params, signal), {
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }), [queryClient]);
  return {
    search: view.search,
    setSearch: view.setSearch,
    page,
    setPage,
    pages: pagesOf(query.data?.meta),
    items: query.data?.items ?? [],
    isLoading: query.isPending || query.isPlaceholderData,
    error: query.error,
    reload,
  };
}
