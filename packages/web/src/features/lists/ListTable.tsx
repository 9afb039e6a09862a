import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';
import { Table, type TableColumn, type TableSort } from '../../components/Table';
import { QueryErrorState } from '../errors/QueryErrorState';
import { pagesOf } from './useListPage';

/** A list query as the pages read it (`useApiQuery` of a `listOf` reply, the last page kept while the next loads). */
export interface ListQuery<T> {
  data?: { items: T[]; meta: { total: number; limit: number } } | undefined;
  error: Error | null;
  isPending: boolean;
  isPlaceholderData: boolean;
  /** Reads the list again (the error state's Try again). */
  refetch: () => unknown;
}

/** A list read whole with its page (a property's cancellation policies): one page, no pager. */
export const wholeList = <T,>(items: T[]): ListQuery<T> => ({
  data: { items, meta: { total: items.length, limit: Math.max(1, items.length) } },
  error: null,
  isPending: false,
  isPlaceholderData: false,
  refetch: () => undefined,
});

/**
 * A back-office list's table and pager (UI.md: every list has its loading, empty and error state): the refusal's
 * words and Try again instead of the table, the skeleton while a page loads, the empty state, sortable columns when
 * `onSortChange` is given, and the pager — hidden on one page unless `pagerAlways` (promo codes, DECISIONS 18).
 */
export function ListTable<T>({
  label,
  columns,
  list,
  rowKey,
  emptyState,
  pagesLabel,
  page,
  onPageChange,
  sort,
  onSortChange,
  pagerAlways = false,
}: {
  label: string;
  columns: TableColumn<T>[];
  list: ListQuery<T>;
  rowKey: (row: T) => string;
  emptyState: ReactNode;
  /** The pager's name ("Pages of …"). */
  pagesLabel: string;
  page: number;
  onPageChange: (page: number) => void;
  sort?: TableSort | null;
  onSortChange?: (column: string) => void;
  pagerAlways?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.error ? (
        <QueryErrorState query={list} />
      ) : (
        <Table
          label={label}
          columns={columns}
          items={list.data?.items ?? []}
          rowKey={rowKey}
          {...(onSortChange ? { sort: sort ?? undefined, onSortChange } : {})}
          isLoading={list.isPending || list.isPlaceholderData}
          loadingLabel={t('admin.loading')}
          emptyState={emptyState}
        />
      )}
      <Pager
        label={pagesLabel}
        page={page}
        pages={pagesOf(list.data?.meta)}
        onChange={onPageChange}
        always={pagerAlways}
      />
    </>
  );
}
