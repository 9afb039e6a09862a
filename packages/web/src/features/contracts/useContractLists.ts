import { useQueryClient } from '@tanstack/react-query';
import { CONTRACTS_PAGE_SIZE, type ContractTab, contractSideOf } from '@tern/core/contracts';
import {
  type ContractRecord,
  type DiscoverRow,
  type Role,
  SEARCH_TERM_MAX,
  type TernClient,
} from '@tern/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useApiQuery } from '../../data/useApiQuery';
import { useErrorText } from '../errors/useErrorText';

export type ListState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; total: number };

export interface PagedList<T> {
  state: ListState<T>;
  page: number;
  pages: number;
  setPage: (page: number) => void;
}

type Loader<T> = (
  client: TernClient,
  page: number,
  signal: AbortSignal,
) => Promise<{ items: T[]; meta: { total: number } }>;

/** Every list of the contracts page is cached under this key (`reload` invalidates them together). */
const LISTS_KEY = 'contracts.lists';

/**
 * One list, ten a page from page 1 (R138). A new `key` (another property) starts again at page 1; a reload
 * keeps the page, stepping back when an action emptied the last one.
 */
function usePagedList<T>(load: Loader<T>, key: string, enabled: boolean): PagedList<T> {
  const errorText = useErrorText();
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const query = useApiQuery([LISTS_KEY, key, page], (client, signal) => load(client, page, signal), {
    enabled,
  });
  const emptied = query.data !== undefined && query.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPaging({ key, page: page - 1 });
  }, [emptied, key, page]);
  const state: ListState<T> =
    query.isPending || emptied
      ? { status: 'loading' }
      : query.isError
        ? { status: 'error', message: errorText(query.error) }
        : { status: 'ready', items: query.data.items, total: query.data.meta.total };
  const total = state.status === 'ready' ? state.total : 0;
  return {
    state,
    page,
    pages: Math.max(1, Math.ceil(total / CONTRACTS_PAGE_SIZE)),
    setPage: useCallback((next: number) => setPaging({ key, page: next }), [key]),
  };
}

/**
 * The lists of the contracts page (document 1 §2, R128, R138): active and pending for everyone — a supplier's
 * for the selected property — and discover for a reseller, each narrowed by `term` (a name, a city) when there
 * is one. `reload` reloads them all (R132).
 */
export function useContractLists(role: Role, propertyId: string | null, term = '') {
  const queryClient = useQueryClient();
  const search = term.trim().slice(0, SEARCH_TERM_MAX);
  const scope = {
    ...(contractSideOf(role) === 'supplier' && propertyId ? { propertyId } : {}),
    ...(search ? { term: search } : {}),
  };
  const contractsOf =
    (status: Exclude<ContractTab, 'discover'>): Loader<ContractRecord> =>
    (client, page, signal) =>
      client.contracts.list({ query: { status, page, limit: CONTRACTS_PAGE_SIZE, ...scope } }, { signal });
  const discoverRows: Loader<DiscoverRow> = (client, page, signal) =>
    client.contracts.discover(
      { query: { page, limit: CONTRACTS_PAGE_SIZE, ...(search ? { term: search } : {}) } },
      { signal },
    );
  const where = `${role}:${propertyId ?? ''}:${search}`;
  return {
    active: usePagedList(contractsOf('active'), `active:${where}`, true),
    pending: usePagedList(contractsOf('pending'), `pending:${where}`, true),
    discover: usePagedList(discoverRows, `discover:${where}`, role === 'reseller'),
    reload: useCallback(() => queryClient.invalidateQueries({ queryKey: [LISTS_KEY] }), [queryClient]),
  };
}
