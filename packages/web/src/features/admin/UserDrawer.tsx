import {
  addPropertyRow,
  adminValidationKeys,
  deletePropertyRow,
  PROPERTY_ROLES,
  selectRowProperty,
  setRowRole,
  type UserDraft,
  userFormAccess,
  userFormInput,
  userLinksOf,
  userRequestOf,
  userRowErrorField,
  visiblePropertyRows,
} from '@tern/core/admin';
import type { ManagedUser, PropertyRole } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Drawer } from '../../components/Drawer';
import { FormFrame } from '../../components/FormFrame';
import { PasswordField } from '../../components/PasswordField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { PropertyPicker, ResellerPicker } from './Pickers';
import type { UserCalls, UsersScope } from './UsersPanel';
import { useFormDrawer } from './useFormDrawer';
import { useFormFrame } from './useFormFrame';

/** The admin's and managers' drawers: 600 px, the whole window at 900 px or less. */
export const ADMIN_DRAWER_WIDTH = '600px';

/**
 * Add or edit a user (document 2 §3 user form, §5): e-mail (when adding, or for the admin), name, password and
 * confirmation (when adding), booking notification e-mails, the reseller link (the admin's; it disables the
 * property rows) and the property rows with a role each (core's rows, M18). One's own restricted attributes are
 * read-only (`isChangeable`); of a user beyond a manager's reach (`may`, core's `userActions`) the name and
 * notifications are read-only and rows may only be removed, with a note saying why.
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

/**
 * The user drawer: core's `formDrawerMachine` with the user rule (`userFormInput`), what may change by §5
 * (`userFormAccess`) and the request a save sends (`userRequestOf`); this only draws it.
 */
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
  const formScope = { isAdmin: scope.kind === 'admin' };
  const [input] = useState(() => userFormInput(user, formScope));
  const form = useFormDrawer<UserDraft, ManagedUser>(
    input,
    (values) => {
      const request = userRequestOf(values, user, formScope);
      return request.kind === 'update' ? calls.update(request.id, request.body) : calls.create(request.body);
    },
    (saved) => onSaved(saved, user === null),
  );
  const { texts, frame } = useFormFrame(form, {
    email: t('admin.users.email'),
    name: t('admin.users.name'),
    password: t('admin.users.password'),
    confirmPassword: t('admin.users.confirm_password'),
    rows: t('admin.users.properties'),
  });
  const { values: draft } = form;
  const set = form.change;
  const access = userFormAccess(user, draft, formScope);
  const { rowsDisabled, rowsEditable, rowsRemovable, identityEditable } = access;
  const links = userLinksOf(user);
  // A property picked for a row while another row has it: refused, and said beside that row.
  const [refusedPick, setRefusedPick] = useState<string | null>(null);
  const rowError = (key: string) =>
    refusedPick === key ? t(adminValidationKeys.duplicateProperty) : texts.field(userRowErrorField(key));
  // The names of the properties the rows name (the user's, the manager's, and those picked since).
  const [names, setNames] = useState(() => {
    const known = new Map((user?.ternHotels ?? []).map((p) => [p.propertyId, p.name]));
    if (scope.kind === 'manager') for (const p of scope.managed) known.set(p.id, p.name);
    return known;
  });

  return (
    <FormFrame {...frame} onCancel={onCancel} submitLabel={t(user ? 'admin.save' : 'admin.users.add')}>
      {identityEditable ? null : (
        <Alert variant="info" title={t('admin.users.edit_title')}>
          {t('admin.users.beyond_reach')}
        </Alert>
      )}
      {access.emailShown ? (
        <TextField
          label={t('admin.users.email')}
          name="email"
          type="email"
          inputMode="email"
          value={draft.email}
          onChange={(email) => set({ email })}
          isRequired
          errorMessage={texts.field('email')}
        />
      ) : null}
      <TextField
        label={t('admin.users.name')}
        name="name"
        value={draft.name}
        onChange={(name) => set({ name })}
        isReadOnly={!identityEditable}
        isRequired
        errorMessage={texts.field('name')}
      />
      {user === null ? (
        <>
          <PasswordField
            label={t('admin.users.password')}
            name="password"
            value={draft.password}
            onChange={(password) => set({ password })}
            isRequired
            autoComplete="new-password"
            errorMessage={texts.field('password')}
          />
          <PasswordField
            label={t('admin.users.confirm_password')}
            name="confirmPassword"
            value={draft.confirmPassword}
            onChange={(confirmPassword) => set({ confirmPassword })}
            isRequired
            autoComplete="new-password"
            errorMessage={texts.field('confirmPassword')}
          />
        </>
      ) : null}
      <Checkbox
        isDisabled={!identityEditable}
        isSelected={draft.sendBookingNotificationEmail}
        onChange={(sendBookingNotificationEmail) => set({ sendBookingNotificationEmail })}
      >
        {t('admin.users.notifications')}
      </Checkbox>
      {access.resellerShown ? (
        <ResellerPicker
          label={t('admin.users.reseller')}
          selected={draft.agent}
          onChange={(agent) => set({ agent })}
          isDisabled={access.resellerDisabled}
        />
      ) : null}
      <fieldset className="admin-rows" disabled={rowsDisabled} data-field="rows">
        <legend>{t('admin.users.properties')}</legend>
        {texts.field('rows') ? (
          <p className="field__error" role="alert">
            {texts.field('rows')}
          </p>
        ) : null}
        {visiblePropertyRows(draft.rows).map((row, index) => (
          <div className="admin-rows__row" key={row.key}>
            {scope.kind === 'manager' ? (
              <Select
                name={userRowErrorField(row.key)}
                label={t('admin.users.property_n', { n: index + 1 })}
                options={scope.managed.map((p) => ({ id: p.id, label: p.name }))}
                selectedKey={row.ternHotelId}
                placeholder={t('admin.users.choose_property')}
                isDisabled={rowsDisabled || !rowsEditable}
                onSelectionChange={(id) => pick(row.key, id)}
                errorMessage={rowError(row.key)}
              />
            ) : (
              <PropertyPicker
                name={userRowErrorField(row.key)}
                label={t('admin.users.property_n', { n: index + 1 })}
                selected={
                  row.ternHotelId ? { id: row.ternHotelId, name: names.get(row.ternHotelId) ?? '' } : null
                }
                isDisabled={rowsDisabled || !rowsEditable}
                onChange={(picked) => {
                  if (picked) {
                    setNames((known) => new Map(known).set(picked.id, picked.name));
                    pick(row.key, picked.id);
                  }
                }}
                errorMessage={rowError(row.key)}
              />
            )}
            <Select
              label={t('admin.users.role_n', { n: index + 1 })}
              options={PROPERTY_ROLES.map((role) => ({ id: role, label: t(`admin.roles.${role}`) }))}
              selectedKey={row.role}
              isDisabled={rowsDisabled || !rowsEditable}
              onSelectionChange={(role) =>
                set({ rows: setRowRole(draft.rows, row.key, role as PropertyRole) })
              }
            />
            <Button
              variant="quiet"
              isDisabled={rowsDisabled || !rowsRemovable}
              onPress={() => set({ rows: deletePropertyRow(draft.rows, row.key) })}
            >
              {t('admin.users.remove_row', { n: index + 1 })}
            </Button>
          </div>
        ))}
        {rowsEditable ? (
          <Button
            variant="secondary"
            isDisabled={rowsDisabled}
            onPress={() => set({ rows: addPropertyRow(draft.rows) })}
          >
            {t('admin.users.add_row')}
          </Button>
        ) : null}
      </fieldset>
    </FormFrame>
  );

  function pick(key: string, propertyId: string) {
    const result = selectRowProperty(draft.rows, key, propertyId, links);
    setRefusedPick(result.ok ? null : key);
    if (result.ok) set({ rows: result.rows });
  }
}
