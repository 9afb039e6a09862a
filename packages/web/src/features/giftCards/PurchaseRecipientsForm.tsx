import { purchaseMachine, type RecipientRow } from '@tern/core/giftCards';
import type { GiftCardPurchase } from '@tern/sdk';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { FormFrame, problemsOf } from '../../components/FormFrame';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { recordOf } from './PurchaseActionDialog';
import { RecipientFields, RecipientPaste, recipientLabels } from './RecipientFields';
import { useDialogMachine } from './useDialogMachine';

/**
 * A pending purchase's recipients (document 3 §5 Purchase recipients, M26) on core's purchase machine: one row per
 * card, typed or pasted from a sheet; saved when every row is valid or every row is empty (sent as none). A
 * refusal stays in the form, in the form frame's summary; the rows' errors beside them and in the summary; leaving
 * with rows changed and not saved asks first.
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
  // Rows typed or pasted since the drawer opened, not saved yet.
  const [edited, setEdited] = useState(false);
  const errorOf = (field: string) => (rowErrors[field] ? t(rowErrors[field]!) : null);
  return (
    <FormFrame
      onSubmit={() => send({ type: 'recipients.save' })}
      busy={snapshot.hasTag('busy')}
      dirty={edited && !saved}
      problems={problemsOf(Object.keys(rowErrors), recipientLabels(rows, t), errorOf)}
      failure={error ? errorText(error) : null}
      onCancel={confirmProps.onCancel}
      submitLabel={t('gift_card_purchases.save_recipients')}
    >
      <RecipientPaste
        onFill={(text) => {
          setEdited(true);
          send({ type: 'recipients.paste', index: 0, text });
        }}
      />
      <RecipientFields
        rows={rows}
        onChange={(index, row) => {
          setEdited(true);
          send({ type: 'recipients.change', index, row });
        }}
        errorOf={errorOf}
      />
    </FormFrame>
  );
}
