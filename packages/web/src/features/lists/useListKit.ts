import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { type Day, deviceTimeZone, todayIn } from '@tern/core/dates';
import type { ListMeta, TernClient } from '@tern/sdk';
import { useCallback, useEffect } from 'react';
import type { TableSort } from '../../components/Table';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useListPage } from './useListPage';

/** What a list's read is asked for: the search term (after the pause), the page's filters, the order, the page. */
export interface ListArgs<F> {
  term: string;
  filters: F;
  sort: TableSort | null;
  page: number;
}

export type ListRead<T, A> = (
  client: TernClient,
  args: A,
  signal: AbortSignal,
) => Promise<{ items: T[]; meta: ListMeta }>;

interface KitOptions<T, F> {
  /** The cache root the list sits under: `reload` reloads every list under it (a save may change several). */
  root: string;
  /** This list's own part of the key. */
  name: string;
  /** The page's filters and their first values. */
  filters?: F;
  /** The search the page opens with (its address's `term`). */
  search?: string | undefined;
  read: ListRead<T, ListArgs<F>>;
}

/**
 * A back-office list's state and rows (the list-page kit, with `ListPage`): search, filters, order and page
 * (`useListPage`), the page's rows from the API (the last page kept on screen while the next loads), and
 * `reload` after a change. A page a change emptied (its last row went) steps back to the one before. Tabbed
 * lists sharing one search box (`useListTabs`) give each list their `term`.
 */
export function useListKit<T, F extends object = Record<string, never>>(
  options: KitOptions<T, F> & { enabled?: boolean; scope?: unknown; term?: string },
) {
  const { root, name, read, enabled = true, scope = null } = options;
  const view = useListPage<F>(options.filters, options.term, options.search);
  const args: ListArgs<F> = { term: view.term, filters: view.filters, sort: view.sort, page: view.page };
  const query = useApiQuery([root, name, scope, args], (client, signal) => read(client, args, signal), {
    enabled,
    placeholderData: keepPreviousData,
  });
  const emptied = !query.isPlaceholderData && query.data?.items.length === 0 && view.page > 1;
  const { page, setPage } = view;
  useEffect(() => {
    if (emptied) setPage(page - 1);
  }, [emptied, page, setPage]);
  const reload = useReload(root);
  // Until the page before comes, the table shows it loading rather than an empty list.
  const shown = emptied ? { ...query, isPlaceholderData: true } : query;
  return { ...view, query: shown, items: query.data?.items ?? [], reload };
}

/** Reloads every list and read under a cache root (after a change that may show in several of them). */
export function useReload(root: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [root] }), [queryClient, root]);
}

/**
 * The kit for a list of the selected property's records: the property (null: the page shows its no-property
 * state), today in its zone, and the list read with its id (not read while none is selected).
 */
export function usePropertyListKit<T, F extends object = Record<string, never>>(
  options: Omit<KitOptions<T, F>, 'read'> & {
    read: ListRead<T, ListArgs<F> & { propertyId: string }>;
    /** A search term shared by tabbed lists (`useListTabs`). */
    term?: string;
  },
) {
  const { property, properties } = useSelectedProperty();
  const propertyId = property?.id ?? null;
  const kit = useListKit<T, F>({
    ...options,
    scope: propertyId,
    enabled: propertyId !== null,
    read: (client, args, signal) => options.read(client, { ...args, propertyId: propertyId! }, signal),
  });
  const today: Day = todayIn(property?.timezone ?? deviceTimeZone());
  return { ...kit, property, properties, today };
}
