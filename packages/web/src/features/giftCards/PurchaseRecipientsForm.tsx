import { purchaseMachine, type RecipientRow } from '@tern/core/giftCards';
import type { GiftCardPurchase } from '@tern/sdk';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { recordOf } from './PurchaseActionDialog';
import { RecipientFields, RecipientPaste } from './RecipientFields';
import { useDialogMachine } from './useDialogMachine';

/**
 * A pending purchase's recipients (document 3 §5 Purchase recipients, M26) on core's purchase machine: one row per
 * card, typed or pasted from a sheet; saved when every row is valid or every row is empty (sent as none). A
 * refusal stays in the form.
 */
export function PurchaseRecipientsForm({
  purchase,
  propertyId,
  onDone,
  onChanged,
}: {
  purchase: GiftCardPurchase;
  propertyId: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const { snapshot, send, confirmProps } = useDialogMachine(
    () =>
      purchaseMachine.provide({
        actors: {
          updateRecipients: fromPromise<RecipientRow[], { id: string; recipients: RecipientRow[] }>(
            async ({ input }) =>
              (
                await client.giftCardPurchases.updateRecipients({
                  params: { id: input.id },
                  body: { propertyId, recipientsInfo: input.recipients },
                })
              ).orderRecipients,
          ),
        },
      }),
    { purchase: recordOf(purchase) },
    { open: { type: 'recipients.edit' }, changed: 'purchase.changed', onChanged, onDone },
  );
  const { rows, rowErrors, notice, error } = snapshot.context;
  const saved = notice === 'recipients_updated';
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!saved) return;
    toast.success(t('gift_card_purchases.notice_recipients_updated'));
    done.current();
  }, [saved, t]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'recipients.save' });
  };
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(error)}
        </Alert>
      ) : null}
      <RecipientPaste onFill={(text) => send({ type: 'recipients.paste', index: 0, text })} />
      <RecipientFields
        rows={rows}
        onChange={(index, row) => send({ type: 'recipients.change', index, row })}
        errorOf={(field) => (rowErrors[field] ? t(rowErrors[field]!) : null)}
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={confirmProps.onCancel}>
          {confirmProps.cancelLabel}
        </Button>
        <Button type="submit" isDisabled={snapshot.hasTag('busy')}>
          {t('gift_card_purchases.save_recipients')}
        </Button>
      </div>
    </form>
  );
}
