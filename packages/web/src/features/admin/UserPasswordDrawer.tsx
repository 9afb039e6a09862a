import { userPasswordFormInput } from '@tern/core/admin';
import type { ManagedUser } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/Toast';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import type { UserCalls } from './UsersPanel';
import { useFormDrawer } from './useFormDrawer';
import { useFormTexts } from './useFormTexts';

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

/** Core's `formDrawerMachine` with the password rule (`userPasswordFormInput`); this only draws it. */
function PasswordForm({ calls, user, onDone }: { calls: UserCalls; user: ManagedUser; onDone: () => void }) {
  const { t } = useTranslation();
  const [input] = useState(userPasswordFormInput);
  const form = useFormDrawer<{ password: string; confirmPassword: string }, unknown>(
    input,
    (values) => calls.setPassword(user.id, values.password, values.confirmPassword),
    () => {
      toast.success(t('admin.notices.password_set', { name: user.name }));
      onDone();
    },
  );
  const texts = useFormTexts(form);
  const { values } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {texts.failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {texts.failure}
        </Alert>
      ) : null}
      <PasswordField
        label={t('admin.users.new_password')}
        value={values.password}
        onChange={(password) => form.change({ password })}
        isRequired
        autoComplete="new-password"
        errorMessage={texts.field('password')}
      />
      <PasswordField
        label={t('admin.users.confirm_password')}
        value={values.confirmPassword}
        onChange={(confirmPassword) => form.change({ confirmPassword })}
        isRequired
        autoComplete="new-password"
        errorMessage={texts.field('confirmPassword')}
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" isDisabled={form.busy}>
          {t('admin.users.set_password')}
        </Button>
      </div>
    </form>
  );
}
