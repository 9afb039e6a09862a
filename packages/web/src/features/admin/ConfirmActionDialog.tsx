import type { ConfirmedActionContext, ConfirmedActionEvent } from '@tern/core/admin';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../components/AlertDialog';

/** The confirmation of a row action (naming the row), open while the machine is `confirming`. */
export function ConfirmActionDialog({
  confirming,
  context,
  send,
}: {
  confirming: boolean;
  context: ConfirmedActionContext;
  send: (event: ConfirmedActionEvent) => void;
}) {
  const { t } = useTranslation();
  const pending = context.pending;
  const action = pending?.action ?? '';
  return (
    <AlertDialog
      title={pending ? t(`admin.confirm.${action}_title`, { name: pending.label }) : ''}
      isOpen={confirming && pending !== null}
      // Open while the machine confirms: Cancel, Escape and a click outside send `cancel` (onCancel), the
      // main button `confirm`.
      onOpenChange={() => {}}
      variant={
        action === 'block' || action === 'disable_api_key' || action === 'lock_override_off'
          ? 'error'
          : 'info'
      }
      destructive={action === 'block' || action === 'disable_api_key'}
      confirmLabel={pending ? t(`admin.actions.${action}`) : ''}
      cancelLabel={t('admin.confirm.cancel')}
      onConfirm={() => send({ type: 'confirm' })}
      onCancel={() => send({ type: 'cancel' })}
    >
      {pending ? t(`admin.confirm.${action}_text`, { name: pending.label }) : null}
    </AlertDialog>
  );
}
