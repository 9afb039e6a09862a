import { CONTRACTS_PAGE_SIZE, type ContractTab, contractSideOf, errorMessage } from '@tern/core';
import type { ContractRecord, DiscoverRow, Role } from '@tern/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../session/SessionContext';

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

type Loader<T> = (page: number, signal: AbortSignal) => Promise<{ items: T[]; meta: { total: number } }>;

/**
 * One list, ten a page from page 1 (R138). A new `key` (another property) starts again at page 1; a reload
 * (`version`) keeps the page, stepping back when an action emptied the last one.
 */
function usePagedList<T>(load: Loader<T>, key: string, version: number, enabled: boolean): PagedList<T> {
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` loads.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(page, controller.signal).then(
      (reply) => {
        if (controller.signal.aborted) return;
        if (reply.items.length === 0 && page > 1) setPaging({ key, page: page - 1 });
        else setState({ status: 'ready', items: reply.items, total: reply.meta.total });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key, page, version, enabled]);
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
  const { client } = useServices();
  const [version, setVersion] = useState(0);
  const search = term.trim().slice(0, 52);
  const scope = {
    ...(contractSideOf(role) === 'supplier' && propertyId ? { propertyId } : {}),
    ...(search ? { term: search } : {}),
  };
  const contractsOf =
    (status: Exclude<ContractTab, 'discover'>): Loader<ContractRecord> =>
    (page, signal) =>
      client.contracts.list({ query: { status, page, limit: CONTRACTS_PAGE_SIZE, ...scope } }, { signal });
  const discoverRows: Loader<DiscoverRow> = (page, signal) =>
    client.contracts.discover(
      { query: { page, limit: CONTRACTS_PAGE_SIZE, ...(search ? { term: search } : {}) } },
      { signal },
    );
  const where = `${role}:${propertyId ?? ''}:${search}`;
  return {
    active: usePagedList(contractsOf('active'), `active:${where}`, version, true),
    pending: usePagedList(contractsOf('pending'), `pending:${where}`, version, true),
    discover: usePagedList(discoverRows, `discover:${where}`, version, role === 'reseller'),
    reload: useCallback(() => setVersion((v) => v + 1), []),
  };
}
