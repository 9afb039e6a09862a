import {
  addPropertyRow,
  deletePropertyRow,
  hasNoErrors,
  initialPropertyRows,
  PROPERTY_ROLES,
  type PropertyRowDraft,
  propertyRowsDisabled,
  propertyRowsPayload,
  resellerSelectDisabled,
  selectRowProperty,
  setRowRole,
  type UserFormErrors,
  validateUserForm,
  visiblePropertyRows,
} from '@tern/core';
import type { ManagedUser, PropertyRole } from '@tern/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Drawer } from '../../components/Drawer';
import { PasswordField } from '../../components/PasswordField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useErrorText } from '../errors/useErrorText';
import { PropertyPicker, ResellerPicker } from './Pickers';
import type { UserCalls, UsersScope } from './UsersPanel';

/** The admin's and managers' drawers: 600 px, the whole window at 900 px or less. */
export const ADMIN_DRAWER_WIDTH = '600px';

interface Draft {
  email: string;
  name: string;
  password: string;
  confirmPassword: string;
  sendBookingNotificationEmail: boolean;
  agent: { id: string; name: string } | null;
  rows: PropertyRowDraft[];
}

const draftOf = (user: ManagedUser | null): Draft => ({
  email: user?.email ?? '',
  name: user?.name ?? '',
  password: '',
  confirmPassword: '',
  sendBookingNotificationEmail: user?.sendBookingNotificationEmail ?? true,
  agent: user?.agent ?? null,
  rows: initialPropertyRows(user?.ternHotels),
});

/**
 * Add or edit a user (document 2 §3 user form, §5): e-mail (when adding, or for the admin), name, password and
 * confirmation (when adding), booking notification e-mails, the reseller link (the admin's; it disables the
 * property rows) and the property rows with a role each (core's rows, M18). One's own restricted attributes are
 * read-only (`isChangeable`).
 */
export function UserDrawer({
  scope,
  calls,
  user,
  onClose,
  onSaved,
}: {
  scope: UsersScope;
  calls: UserCalls;
  user: ManagedUser | 'new' | null;
  onClose: () => void;
  onSaved: (user: ManagedUser, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const editing = user !== null && user !== 'new' ? user : null;
  return (
    <Drawer
      title={t(editing ? 'admin.users.edit_title' : 'admin.users.add_title')}
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={ADMIN_DRAWER_WIDTH}
    >
      {(close) =>
        user !== null ? (
          <UserForm
            key={editing?.id ?? 'new'}
            scope={scope}
            calls={calls}
            user={editing}
            onCancel={close}
            onSaved={onSaved}
          />
        ) : null
      }
    </Drawer>
  );
}

function UserForm({
  scope,
  calls,
  user,
  onCancel,
  onSaved,
}: {
  scope: UsersScope;
  calls: UserCalls;
  user: ManagedUser | null;
  onCancel: () => void;
  onSaved: (user: ManagedUser, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(draftOf(user)), [user]);
  const isAdmin = scope.kind === 'admin';
  const changeable = user?.isChangeable ?? true;
  const emailShown = user === null || isAdmin;
  const rowsDisabled = propertyRowsDisabled(draft.agent?.id) || !changeable;
  const links = (user?.ternHotels ?? []).map((p) => ({
    propertyId: p.propertyId,
    ternHotelUserId: p.ternHotelUserId,
    role: p.role,
  }));
  // The names of the properties the rows name (the user's, the manager's, and those picked since).
  const [names, setNames] = useState(() => {
    const known = new Map((user?.ternHotels ?? []).map((p) => [p.propertyId, p.name]));
    if (scope.kind === 'manager') for (const p of scope.managed) known.set(p.id, p.name);
    return known;
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const message = (key: string | undefined) => (key ? t(key) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserForm(
      { ...draft, agentId: draft.agent?.id ?? null },
      { mode: user ? 'edit' : 'create', emailShown },
    );
    setErrors(found);
    if (!hasNoErrors(found)) return;
    setBusy(true);
    setFailure(null);
    const rows = draft.agent ? [] : propertyRowsPayload(draft.rows);
    try {
      const common = {
        name: draft.name.trim(),
        sendBookingNotificationEmail: draft.sendBookingNotificationEmail,
        ...(changeable ? { ternHotelUsersAttributes: rows } : {}),
        ...(isAdmin && changeable ? { agentId: draft.agent?.id ?? null } : {}),
      };
      const saved = user
        ? await calls.update(user.id, { ...common, ...(isAdmin ? { email: draft.email.trim() } : {}) })
        : await calls.create({
            ...common,
            email: draft.email.trim(),
            password: draft.password,
            confirmPassword: draft.confirmPassword,
          });
      onSaved(saved, user === null);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {failure}
        </Alert>
      ) : null}
      {emailShown ? (
        <TextField
          label={t('admin.users.email')}
          type="email"
          inputMode="email"
          value={draft.email}
          onChange={(email) => set({ email })}
          isRequired
          errorMessage={message(errors.email)}
        />
      ) : null}
      <TextField
        label={t('admin.users.name')}
        value={draft.name}
        onChange={(name) => set({ name })}
        isRequired
        errorMessage={message(errors.name)}
      />
      {user === null ? (
        <>
          <PasswordField
            label={t('admin.users.password')}
            value={draft.password}
            onChange={(password) => set({ password })}
            isRequired
            autoComplete="new-password"
            errorMessage={message(errors.password)}
          />
          <PasswordField
            label={t('admin.users.confirm_password')}
            value={draft.confirmPassword}
            onChange={(confirmPassword) => set({ confirmPassword })}
            isRequired
            autoComplete="new-password"
            errorMessage={message(errors.confirmPassword)}
          />
        </>
      ) : null}
      <Checkbox
        isSelected={draft.sendBookingNotificationEmail}
        onChange={(sendBookingNotificationEmail) => set({ sendBookingNotificationEmail })}
      >
        {t('admin.users.notifications')}
      </Checkbox>
      {isAdmin ? (
        <ResellerPicker
          label={t('admin.users.reseller')}
          selected={draft.agent}
          onChange={(agent) => set({ agent })}
          isDisabled={resellerSelectDisabled(draft.rows, changeable)}
        />
      ) : null}
      <fieldset className="admin-rows" disabled={rowsDisabled}>
        <legend>{t('admin.users.properties')}</legend>
        {errors.rows ? (
          <p className="field__error" role="alert">
            {t(errors.rows)}
          </p>
        ) : null}
        {visiblePropertyRows(draft.rows).map((row, index) => (
          <div className="admin-rows__row" key={row.key}>
            {scope.kind === 'manager' ? (
              <Select
                label={t('admin.users.property_n', { n: index + 1 })}
                options={scope.managed.map((p) => ({ id: p.id, label: p.name }))}
                selectedKey={row.ternHotelId}
                placeholder={t('admin.users.choose_property')}
                isDisabled={rowsDisabled}
                onSelectionChange={(id) => pick(row.key, id)}
                errorMessage={errors.rowErrors?.[row.key] ? t(errors.rowErrors[row.key]!) : null}
              />
            ) : (
              <PropertyPicker
                label={t('admin.users.property_n', { n: index + 1 })}
                selected={
                  row.ternHotelId ? { id: row.ternHotelId, name: names.get(row.ternHotelId) ?? '' } : null
                }
                isDisabled={rowsDisabled}
                onChange={(picked) => {
                  if (picked) {
                    setNames((known) => new Map(known).set(picked.id, picked.name));
                    pick(row.key, picked.id);
                  }
                }}
                errorMessage={errors.rowErrors?.[row.key] ? t(errors.rowErrors[row.key]!) : null}
              />
            )}
            <Select
              label={t('admin.users.role_n', { n: index + 1 })}
              options={PROPERTY_ROLES.map((role) => ({ id: role, label: t(`admin.roles.${role}`) }))}
              selectedKey={row.role}
              isDisabled={rowsDisabled}
              onSelectionChange={(role) =>
                set({ rows: setRowRole(draft.rows, row.key, role as PropertyRole) })
              }
            />
            <Button
              variant="quiet"
              isDisabled={rowsDisabled}
              onPress={() => set({ rows: deletePropertyRow(draft.rows, row.key) })}
            >
              {t('admin.users.remove_row', { n: index + 1 })}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          isDisabled={rowsDisabled}
          onPress={() => set({ rows: addPropertyRow(draft.rows) })}
        >
          {t('admin.users.add_row')}
        </Button>
      </fieldset>
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" isDisabled={busy}>
          {t(user ? 'admin.save' : 'admin.users.add')}
        </Button>
      </div>
    </form>
  );

  function pick(key: string, propertyId: string) {
    const result = selectRowProperty(draft.rows, key, propertyId, links);
    if (!result.ok) {
      setErrors((e) => ({
        ...e,
        rowErrors: { ...e.rowErrors, [key]: 'validation_messages.duplicate_property' },
      }));
      return;
    }
    setErrors((e) => {
      const { [key]: _, ...rest } = e.rowErrors ?? {};
      return { ...e, rowErrors: rest };
    });
    set({ rows: result.rows });
  }
}
