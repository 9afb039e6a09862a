import type { ConfirmedActionEvent } from '@tern/core/admin';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Menu, MenuItem } from '../../components/Menu';
import type { TableColumn } from '../../components/Table';

/** Every list of the back office's admin page sits under this cache root: a save reloads them all. */
export const ADMIN_KEY = 'admin';

/**
 * The words of one of the admin page's lists (document 2 §2: users, resellers, properties): its search box, add
 * button, table, pager and empty state, `admin.<name>.…`.
 */
export function adminListTexts(t: (key: string) => string, name: 'users' | 'resellers' | 'properties') {
  return {
    search: t(`admin.${name}.search`),
    add: t(`admin.${name}.add`),
    table: {
      label: t(`admin.${name}.table`),
      pagesLabel: t(`admin.${name}.pages`),
      emptyState: <EmptyState title={t(`admin.${name}.empty`)} />,
    },
  };
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
