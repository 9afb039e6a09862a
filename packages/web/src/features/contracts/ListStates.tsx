import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Skeleton } from '../../components/Skeleton';
import type { PagedList } from './useContractLists';

/** A list's loading skeleton, error, empty state or rows, then its pager. */
export function ListStates<T>({
  list,
  empty,
  emptyText,
  children,
}: {
  list: PagedList<T>;
  empty: string;
  emptyText?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { state } = list;
  if (state.status === 'loading')
    return (
      <div className="contracts__loading" role="status">
        <span className="visually-hidden">{t('contracts.loading')}</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height="2.5rem" width="100%" />
        ))}
      </div>
    );
  if (state.status === 'error')
    return (
      <Alert variant="error" title={t('general.error_message')}>
        {state.message || t('general.error_description')}
      </Alert>
    );
  if (state.items.length === 0)
    return <EmptyState title={empty}>{emptyText ? <p>{emptyText}</p> : null}</EmptyState>;
  return (
    <>
      {children(state.items)}
      <Pager
        className="contracts__pager"
        label={t('contracts.pages')}
        page={list.page}
        pages={list.pages}
        onChange={list.setPage}
      />
    </>
  );
}
