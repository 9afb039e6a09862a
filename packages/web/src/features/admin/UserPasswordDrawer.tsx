import { hasNoErrors, validateUserPassword } from '@tern/core';
import type { ManagedUser } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/Toast';
import { useErrorText } from '../errors/useErrorText';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import type { UserCalls } from './UsersPanel';

/** Sets another user's password (document 2 §2 "change password" drawer); their sessions end. */
export function UserPasswordDrawer({
  calls,
  user,
  onClose,
}: {
  calls: UserCalls;
  user: ManagedUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={user ? t('admin.users.password_title', { name: user.name }) : ''}
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      width={ADMIN_DRAWER_WIDTH}
    >
      {(close) => (user ? <PasswordForm key={user.id} calls={calls} user={user} onDone={close} /> : null)}
    </Drawer>
  );
}

function PasswordForm({ calls, user, onDone }: { calls: UserCalls; user: ManagedUser; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateUserPassword>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserPassword(values);
    setErrors(found);
    if (!hasNoErrors(found)) return;
    setBusy(true);
    setFailure(null);
    try {
      await calls.setPassword(user.id, values.password, values.confirmPassword);
      toast.success(t('admin.notices.password_set', { name: user.name }));
      onDone();
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
      <PasswordField
        label={t('admin.users.new_password')}
        value={values.password}
        onChange={(password) => setValues((v) => ({ ...v, password }))}
        isRequired
        autoComplete="new-password"
        errorMessage={errors.password ? t(errors.password) : null}
      />
      <PasswordField
        label={t('admin.users.confirm_password')}
        value={values.confirmPassword}
        onChange={(confirmPassword) => setValues((v) => ({ ...v, confirmPassword }))}
        isRequired
        autoComplete="new-password"
        errorMessage={errors.confirmPassword ? t(errors.confirmPassword) : null}
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" isDisabled={busy}>
          {t('admin.users.set_password')}
        </Button>
      </div>
    </form>
  );
}
