import { BOOKINGS_SEARCH_DEBOUNCE_MS } from '@tern/core/bookings';
import { useEffect, useState } from 'react';
import type { TableSort } from '../../components/Table';

/**
 * The state every back-office list page keeps (document 2 §2, document 3 §2.3, §9): the search as typed and the
 * term it becomes after 500 ms, the page's own filters, the sorted column (a second press turns it around) and
 * the page — back to 1 whenever the term, a filter or the order changes.
 */
export function useListPage<F extends object = Record<string, never>>(initialFilters = {} as F) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [filters, setFilters] = useState<F>(initialFilters);
  const [sort, setSort] = useState<TableSort | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(search.trim());
      setPage(1);
    }, BOOKINGS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return {
    search,
    setSearch,
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

/** The pages of a list reply's meta (1 while none came). */
export const pagesOf = (meta: { total: number; limit: number } | undefined): number =>
  meta ? Math.max(1, Math.ceil(meta.total / meta.limit)) : 1;
