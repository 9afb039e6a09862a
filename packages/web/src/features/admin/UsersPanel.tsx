import { ADMIN_PAGE_SIZE, type ManagedUser, type TernClient } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Menu, MenuItem } from '../../components/Menu';
import type { TableColumn } from '../../components/Table';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { ListPage } from '../lists/ListPage';
import { useListKit } from '../lists/useListKit';
import { AuditDrawer, type AuditTarget } from './AuditDrawer';
import { ADMIN_KEY, adminListTexts } from './adminLists';
import { UserDrawer } from './UserDrawer';
import { UserPasswordDrawer } from './UserPasswordDrawer';
import { useConfirmedAction } from './useConfirmedAction';

/** Whose users: every user (the admin page), or one property's (a manager's tab, document 2 §2). */
export type UsersScope =
  | { kind: 'admin' }
  | {
      kind: 'manager';
      propertyId: string;
      /** The properties the caller manages: the only ones the form offers. */
      managed: { id: string; name: string }[];
    };

/** The user calls of a scope: the admin's, or the managers' with the selected property. */
export function userCalls(client: TernClient, scope: UsersScope) {
  if (scope.kind === 'admin') {
    const a = client.admin;
    return {
      list: (
        query: { q?: string | undefined; page: number; isActive: 'true' | 'false' },
        signal: AbortSignal,
      ) => a.listUsers({ query: { ...query, perPage: ADMIN_PAGE_SIZE } }, { signal }),
      create: (body: Parameters<typeof a.createUser>[0]['body']) => a.createUser({ body }),
      update: (id: string, body: Parameters<typeof a.updateUser>[0]['body']) =>
        a.updateUser({ params: { id }, body }),
      setStatus: (id: string, status: 'active' | 'blocked') =>
        a.setUserStatus({ params: { id }, body: { status } }),
      setPassword: (id: string, password: string, confirmPassword: string) =>
        a.setUserPassword({ params: { id }, body: { password, confirmPassword } }),
      sendReset: (id: string) => a.sendUserPasswordReset({ params: { id } }),
    };
  }
  const m = client.managerUsers;
  const propertyId = scope.propertyId;
  return {
    list: (
      query: { q?: string | undefined; page: number; isActive: 'true' | 'false' },
      signal: AbortSignal,
    ) => m.list({ query: { ...query, perPage: ADMIN_PAGE_SIZE, propertyId } }, { signal }),
    create: (body: Parameters<typeof client.admin.createUser>[0]['body']) =>
      m.create({ body: { ...body, propertyId } }),
    update: (id: string, body: Parameters<typeof client.admin.updateUser>[0]['body']) =>
      m.update({ params: { id }, body: { ...body, propertyId } }),
    setStatus: (id: string, status: 'active' | 'blocked') =>
      m.setStatus({ params: { id }, body: { status, propertyId } }),
    setPassword: (id: string, password: string, confirmPassword: string) =>
      m.setPassword({ params: { id }, body: { password, confirmPassword, propertyId } }),
    sendReset: (id: string) => m.sendPasswordReset({ params: { id }, body: { propertyId } }),
  };
}
export type UserCalls = ReturnType<typeof userCalls>;

/**
 * The users list (document 2 §2): search, "only active" (on by default), add; 50 a page, the pager hidden on
 * one page; each row's actions: edit, block or unblock after a confirmation naming the user, change password
 * (each only when the server's `may` allows it: core's `userActions`), and (the admin) the history of changes.
 */
export function UsersPanel({ scope }: { scope: UsersScope }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const calls = userCalls(client, scope);
  const texts = adminListTexts(t, 'users');
  const list = useListKit<ManagedUser, { onlyActive: boolean }>({
    root: ADMIN_KEY,
    name: scope.kind === 'admin' ? 'users' : `users:${scope.propertyId}`,
    filters: { onlyActive: true },
    read: (_, { term, filters, page }, signal) =>
      calls.list({ q: term || undefined, page, isActive: filters.onlyActive ? 'true' : 'false' }, signal),
  });
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [password, setPassword] = useState<ManagedUser | null>(null);
  const [history, setHistory] = useState<AuditTarget | null>(null);
  const errorText = useErrorText();
  const sendReset = (u: ManagedUser) =>
    calls.sendReset(u.id).then(
      () => toast.success(t('admin.notices.reset_sent', { email: u.email })),
      (error: unknown) => toast.error(t('admin.actions.send_reset'), errorText(error)),
    );
  const action = useConfirmedAction(
    (target) => calls.setStatus(target.id, target.action === 'block' ? 'blocked' : 'active'),
    (target) => {
      toast.success(t(`admin.notices.${target.action}`, { name: target.label }));
      void list.reload();
    },
  );

  const columns: TableColumn<ManagedUser>[] = [
    { id: 'email', label: t('admin.users.email'), render: (u) => u.email, isRowHeader: true },
    { id: 'name', label: t('admin.users.name'), render: (u) => u.name },
    {
      id: 'status',
      label: t('admin.users.status'),
      render: (u) => <span className={`status-tag status-tag--${u.status}`}>{t(`status.${u.status}`)}</span>,
    },
    {
      id: 'properties',
      label: t('admin.users.properties'),
      render: (u) => u.ternHotels.map((p) => p.name).join(', '),
    },
    { id: 'reseller', label: t('admin.users.reseller'), render: (u) => u.agent?.name ?? '' },
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (u) => (
        <Menu
          label={t('admin.actions.for', { name: u.name })}
          trigger={<span aria-hidden="true">⋯</span>}
          iconOnly
        >
          <MenuItem onAction={() => setEditing(u)}>{t('admin.actions.edit')}</MenuItem>
          {u.may.status ? (
            <MenuItem
              onAction={() =>
                action.send({
                  type: 'ask',
                  target: { id: u.id, action: u.status === 'active' ? 'block' : 'unblock', label: u.name },
                })
              }
            >
              {t(u.status === 'active' ? 'admin.actions.block' : 'admin.actions.unblock')}
            </MenuItem>
          ) : null}
          {u.may.password && u.status === 'active' ? (
            // Preferred over a password chosen for them: the user chooses it through the link.
            <MenuItem onAction={() => sendReset(u)}>{t('admin.actions.send_reset')}</MenuItem>
          ) : null}
          {u.may.password ? (
            <MenuItem onAction={() => setPassword(u)}>{t('admin.actions.change_password')}</MenuItem>
          ) : null}
          {scope.kind === 'admin' ? (
            <MenuItem onAction={() => setHistory({ objectType: 'user', objectId: u.id, name: u.name })}>
              {t('admin.actions.history')}
            </MenuItem>
          ) : null}
        </Menu>
      ),
    },
  ];

  return (
    <ListPage
      search={texts.search}
      actions={<Button onPress={() => setEditing('new')}>{texts.add}</Button>}
      kit={list}
      table={{ ...texts.table, columns, rowKey: (u) => u.id }}
      action={action}
      filters={
        <Checkbox isSelected={list.filters.onlyActive} onChange={(onlyActive) => list.filter({ onlyActive })}>
          {t('admin.users.only_active')}
        </Checkbox>
      }
    >
      <UserDrawer
        scope={scope}
        calls={calls}
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          toast.success(
            t(created ? 'admin.notices.user_created' : 'general.success_message', { name: saved.name }),
          );
          void list.reload();
        }}
      />
      <UserPasswordDrawer calls={calls} user={password} onClose={() => setPassword(null)} />
      <AuditDrawer target={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
