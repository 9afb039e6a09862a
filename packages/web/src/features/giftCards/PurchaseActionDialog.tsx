import { type PurchaseRecord, type PurchaseStatusReply, purchaseMachine } from '@tern/core/giftCards';
import type { GiftCardPurchase } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { AlertDialog } from '../../components/AlertDialog';
import { useServices } from '../../session/SessionContext';
import { useDialogMachine } from './useDialogMachine';

export type PurchaseAction = 'paid' | 'issued' | 'retried';
const ASK = { paid: 'markPaid.ask', issued: 'markIssued.ask', retried: 'retryIssue.ask' } as const;
const WORDS = {
  paid: {
    title: 'gift_card_purchases.confirm_paid_title',
    label: 'gift_card_purchases.mark_paid',
    text: 'gift_card_purchases.confirm_paid',
  },
  issued: {
    title: 'gift_card_purchases.confirm_issued_title',
    label: 'gift_card_purchases.mark_issued',
    text: 'gift_card_purchases.confirm_issued',
  },
  retried: {
    title: 'gift_card_purchases.confirm_retry_title',
    label: 'gift_card_purchases.retry_issue',
    text: 'gift_card_purchases.confirm_retry',
  },
} as const;

/** A listed purchase as core's purchase machine (M26) starts from it. */
export const recordOf = (p: GiftCardPurchase): PurchaseRecord => ({
  id: p.id,
  status: p.status,
  issuedStatus: p.issuedStatus,
  quantity: p.quantity,
  orderRecipients: p.orderRecipients,
});

/**
 * Mark paid, mark issued or retry a failed delivery on core's purchase machine (M26): asked at once, confirmed,
 * sent once; a success toasts and reloads the list (`onChanged`), a refusal toasts its words.
 */
export function PurchaseActionDialog({
  purchase,
  action,
  propertyId,
  onDone,
  onChanged,
}: {
  purchase: GiftCardPurchase;
  action: PurchaseAction;
  propertyId: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const call = (name: 'markPaid' | 'markIssued' | 'retryIssue') =>
    fromPromise<PurchaseStatusReply, { id: string }>(({ input }) =>
      client.giftCardPurchases[name]({ params: { id: input.id }, body: { propertyId } }),
    );
  const { snapshot, confirmProps } = useDialogMachine(
    () =>
      purchaseMachine.provide({
        actors: {
          markPaid: call('markPaid'),
          markIssued: call('markIssued'),
          retryIssue: call('retryIssue'),
        },
      }),
    { purchase: recordOf(purchase) },
    {
      open: { type: ASK[action] },
      changed: 'purchase.changed',
      onChanged,
      onDone,
      notice: (notice) => t(`gift_card_purchases.notice_${notice}`),
    },
  );
  const confirming =
    snapshot.matches({ markingPaid: 'confirming' }) ||
    snapshot.matches({ markingIssued: 'confirming' }) ||
    snapshot.matches({ retryingIssue: 'confirming' });
  const words = WORDS[action];
  return (
    <AlertDialog title={t(words.title)} isOpen={confirming} confirmLabel={t(words.label)} {...confirmProps}>
      {t(words.text, { number: purchase.generatedId, count: purchase.quantity })}
    </AlertDialog>
  );
}
