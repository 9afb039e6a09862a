import { userPasswordFormInput } from '@tern/core/admin';
import type { ManagedUser } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from '../../components/Drawer';
import { FormFrame } from '../../components/FormFrame';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/Toast';
import { ADMIN_DRAWER_WIDTH } from './UserDrawer';
import type { UserCalls } from './UsersPanel';
import { useFormDrawer } from './useFormDrawer';
import { useFormFrame } from './useFormFrame';

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
  const { texts, frame } = useFormFrame(form, {
    password: t('admin.users.new_password'),
    confirmPassword: t('admin.users.confirm_password'),
  });
  const { values } = form;
  return (
    <FormFrame {...frame} onCancel={onDone} submitLabel={t('admin.users.set_password')}>
      <PasswordField
        label={t('admin.users.new_password')}
        name="password"
        value={values.password}
        onChange={(password) => form.change({ password })}
        isRequired
        autoComplete="new-password"
        errorMessage={texts.field('password')}
      />
      <PasswordField
        label={t('admin.users.confirm_password')}
        name="confirmPassword"
        value={values.confirmPassword}
        onChange={(confirmPassword) => form.change({ confirmPassword })}
        isRequired
        autoComplete="new-password"
        errorMessage={texts.field('confirmPassword')}
      />
    </FormFrame>
  );
}
