import type { ConfirmedActionContext, ConfirmedActionEvent } from '@tern/core/admin';
import { SEARCH_TERM_MAX } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { ConfirmActionDialog } from '../admin/ConfirmActionDialog';
import { useErrorText } from '../errors/useErrorText';
import { type ListQuery, ListTable } from './ListTable';
import '../admin/admin.css';

/** A row action's state: core's confirmed-action machine as `useConfirmedAction` gives it. */
export interface RowAction {
  snapshot: { context: ConfirmedActionContext; matches: (state: 'confirming') => boolean };
  send: (event: ConfirmedActionEvent) => void;
}

/** What the page draws of the kit's state (`useListKit`); a list read whole gives only its `query`. */
interface KitView<T> {
  query: ListQuery<T>;
  search?: string;
  setSearch?: (value: string) => void;
  page?: number;
  setPage?: (page: number) => void;
  sort?: { column: string; direction: 'ascending' | 'descending' } | null;
  sortBy?: (column: string) => void;
}
const ONE_PAGE = () => {};

/**
 * One back-office list page (document 2 §2, document 3 §2.3; the list-page kit with `useListKit`): the heading
 * and its buttons (without a heading, a panel of a page: the buttons end the toolbar), a notice slot, the toolbar
 * with the search and the page's filters and export menu, a row action's failure and its confirmation, the table
 * with its pager, and the page's drawers and dialogs as `children`.
 */
export function ListPage<T>({
  heading,
  actions,
  notices,
  search,
  filters,
  exportMenu,
  kit,
  table,
  action,
  children,
}: {
  heading?: string;
  actions?: ReactNode;
  notices?: ReactNode;
  /** The search box's label; no search box without it. */
  search?: string;
  filters?: ReactNode;
  exportMenu?: ReactNode;
  kit: KitView<T>;
  table: {
    label: string;
    columns: TableColumn<T>[];
    rowKey: (row: T) => string;
    emptyState: ReactNode;
    pagesLabel: string;
    sortable?: boolean;
    pagerAlways?: boolean;
  };
  action?: RowAction;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toolbar =
    search || filters || exportMenu || (!heading && actions) ? (
      <div className="admin-panel__toolbar">
        {search ? (
          <TextField
            label={search}
            type="search"
            value={kit.search ?? ''}
            onChange={kit.setSearch ?? ONE_PAGE}
            maxLength={SEARCH_TERM_MAX}
          />
        ) : null}
        {filters}
        {exportMenu}
        {heading ? null : actions}
      </div>
    ) : null;
  return (
    <div className={heading ? 'page admin stack' : 'admin-panel stack'}>
      {heading ? (
        <div className="page__header">
          <PageHeading>{heading}</PageHeading>
          {actions}
        </div>
      ) : null}
      {notices}
      {toolbar}
      {action?.snapshot.context.error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(action.snapshot.context.error)}
        </Alert>
      ) : null}
      <ListTable
        label={table.label}
        columns={table.columns}
        list={kit.query}
        rowKey={table.rowKey}
        {...(table.sortable && kit.sortBy ? { sort: kit.sort ?? null, onSortChange: kit.sortBy } : {})}
        emptyState={table.emptyState}
        pagesLabel={table.pagesLabel}
        page={kit.page ?? 1}
        onPageChange={kit.setPage ?? ONE_PAGE}
        pagerAlways={table.pagerAlways ?? false}
      />
      {action ? (
        <ConfirmActionDialog
          confirming={action.snapshot.matches('confirming')}
          context={action.snapshot.context}
          send={action.send}
        />
      ) : null}
      {children}
    </div>
  );
}

/** A property's list page while no property is selected: its heading and what to do. */
export function NoPropertyPage({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="page admin">
      <PageHeading>{heading}</PageHeading>
      <EmptyState title={text} />
    </div>
  );
}
