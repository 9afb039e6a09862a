import type { ConfirmedActionContext, ConfirmedActionEvent } from '@tern/core';
import { SEARCH_TERM_MAX } from '@tern/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Menu, MenuItem } from '../../components/Menu';
import { Pager } from '../../components/Pager';
import { Table, type TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { useErrorText } from '../errors/useErrorText';
import { ConfirmActionDialog } from './ConfirmActionDialog';

/** A row action's state: core's confirmed-action machine as `useConfirmedAction` gives it. */
export interface RowAction {
  snapshot: { context: ConfirmedActionContext; matches: (state: 'confirming') => boolean };
  send: (event: ConfirmedActionEvent) => void;
}

/**
 * One back-office list (document 2 §2): a search box (and the list's own filters), an add button, the rows in a
 * table (50 a page, the pager hidden on one page), the row action's confirmation and failure, and the list's
 * drawers as `children`. Users, resellers and properties are drawn by it.
 */
export function ListPanel<T>({
  name,
  list,
  columns,
  rowKey,
  onAdd,
  filters,
  action,
  children,
}: {
  /** The list's message keys: `admin.<name>.search|add|table|pages|empty`. */
  name: 'users' | 'resellers' | 'properties';
  list: {
    search: string;
    setSearch: (value: string) => void;
    page: number;
    setPage: (page: number) => void;
    pages: number;
    items: T[];
    isLoading: boolean;
    error: Error | null;
  };
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
  onAdd: () => void;
  filters?: ReactNode;
  action: RowAction;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="admin-panel stack">
      <div className="admin-panel__toolbar">
        <TextField
          label={t(`admin.${name}.search`)}
          type="search"
          value={list.search}
          onChange={list.setSearch}
          maxLength={SEARCH_TERM_MAX}
        />
        {filters}
        <Button onPress={onAdd}>{t(`admin.${name}.add`)}</Button>
      </div>
      {action.snapshot.context.error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(action.snapshot.context.error)}
        </Alert>
      ) : null}
      {list.error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(list.error)}
        </Alert>
      ) : (
        <Table
          label={t(`admin.${name}.table`)}
          columns={columns}
          items={list.items}
          rowKey={rowKey}
          isLoading={list.isLoading}
          loadingLabel={t('admin.loading')}
          emptyState={<EmptyState title={t(`admin.${name}.empty`)} />}
        />
      )}
      <Pager label={t(`admin.${name}.pages`)} page={list.page} pages={list.pages} onChange={list.setPage} />
      <ConfirmActionDialog
        confirming={action.snapshot.matches('confirming')}
        context={action.snapshot.context}
        send={action.send}
      />
      {children}
    </div>
  );
}

/** The payment lock of a reseller or property, for its column: the override, or the lock itself. */
export function lockColumn<T extends { lockOverride: boolean; paymentLocked: boolean }>(
  t: (key: string) => string,
): TableColumn<T> {
  return {
    id: 'lock',
    label: t('admin.lock.label'),
    render: (row) =>
      row.lockOverride ? t('admin.lock.override_on') : row.paymentLocked ? t('admin.lock.locked') : '',
  };
}

/** A reseller's or property's row actions: edit, lock override on or off (confirmed), history. */
export function CompanyActions<T extends { id: string; name: string; lockOverride: boolean }>({
  row,
  onEdit,
  onHistory,
  send,
}: {
  row: T;
  onEdit: (row: T) => void;
  onHistory: (row: T) => void;
  send: (event: ConfirmedActionEvent) => void;
}) {
  const { t } = useTranslation();
  const next = row.lockOverride ? 'lock_override_off' : 'lock_override_on';
  return (
    <Menu label={t('admin.actions.for', { name: row.name })} trigger={<span aria-hidden="true">⋯</span>}>
      <MenuItem onAction={() => onEdit(row)}>{t('admin.actions.edit')}</MenuItem>
      <MenuItem onAction={() => send({ type: 'ask', target: { id: row.id, action: next, label: row.name } })}>
        {t(`admin.actions.${next}`)}
      </MenuItem>
      <MenuItem onAction={() => onHistory(row)}>{t('admin.actions.history')}</MenuItem>
    </Menu>
  );
}
