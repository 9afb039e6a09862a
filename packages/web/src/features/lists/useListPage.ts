import { BOOKINGS_SEARCH_DEBOUNCE_MS } from '@tern/core/bookings';
import { useCallback, useEffect, useState } from 'react';
import type { TableSort } from '../../components/Table';

/**
 * A search box as typed, and the term it becomes (trimmed) 500 ms after the last key; `initial` (a page opened
 * searched, `/orders?term=…`) is both at once.
 */
export function useSearchTerm(initial = '') {
  const [search, setSearch] = useState(initial);
  const [term, setTerm] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), BOOKINGS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return { search, setSearch, term };
}

/**
 * The state every back-office list page keeps (document 2 §2, document 3 §2.3, §9): the search as typed and the
 * term it becomes after 500 ms (or the `sharedTerm` of tabbed lists sharing one search box, `useListTabs`), the
 * page's own filters, the sorted column (a second press turns it around) and the page — back to 1 whenever the
 * term, a filter or the order changes.
 */
export function useListPage<F extends object = Record<string, never>>(
  initialFilters = {} as F,
  sharedTerm?: string,
  initialSearch?: string,
) {
  const own = useSearchTerm(initialSearch);
  const term = sharedTerm ?? own.term;
  const [filters, setFilters] = useState<F>(initialFilters);
  const [sort, setSort] = useState<TableSort | null>(null);
  // The page of this term: another term starts again at page 1.
  const [paging, setPaging] = useState({ term, page: 1 });
  const page = paging.term === term ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ term, page: next }), [term]);
  return {
    search: own.search,
    setSearch: own.setSearch,
    term,
    filters,
    filter: (patch: Partial<F>) => {
      setFilters((now) => ({ ...now, ...patch }));
      setPage(1);
    },
    sort,
    sortBy: (column: string) => {
      setSort((now) =>
        now?.column === column && now.direction === 'ascending'
          ? { column, direction: 'descending' }
          : { column, direction: 'ascending' },
      );
      setPage(1);
    },
    page,
    setPage,
  };
}

/**
 * Tabbed lists sharing one search box (the contracts page): the tab open and the search, whose term each tab's
 * list reads (`useListKit({ term })`), each keeping its own page.
 */
export function useListTabs<K extends string>(tabs: readonly K[]) {
  const [tab, selectTab] = useState<K>(tabs[0]!);
  return { tab, selectTab, ...useSearchTerm() };
}

/** The pages of a list reply's meta (1 while none came). */
export const pagesOf = (meta: { total: number; limit: number } | undefined): number =>
  meta ? Math.max(1, Math.ceil(meta.total / meta.limit)) : 1;
