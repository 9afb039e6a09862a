import type { Day } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import { type CardPatch, type IssuedCardState, issuedCardMachine, type NoteCall } from '@tern/core/giftCards';
import type { GiftCard } from '@tern/sdk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { FormFrame } from '../../components/FormFrame';
import { TextArea } from '../../components/TextArea';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { useDialogMachine } from './useDialogMachine';

export type CardAction = 'used' | 'unused' | 'delivered' | 'send';

/** A listed card as its machine holds it. */
export const stateOf = (card: GiftCard): IssuedCardState => ({
  id: card.id,
  notes: card.notes,
  booked: card.booked,
  delivered: card.delivered,
  agentBooking: card.agentBooking
    ? {
        arrivalDate: card.agentBooking.arrivalDate as Day,
        status: card.agentBooking.status,
        bookingType: card.agentBooking.bookingType,
      }
    : null,
});
const patchOf = (card: GiftCard): CardPatch => ({
  booked: card.booked,
  delivered: card.delivered,
  notes: card.notes,
});

/** The machine's event that opens each action. */
const OPEN = {
  used: 'markUsed.open',
  unused: 'markUnused.open',
  delivered: 'markDelivered.open',
  send: 'sendEmail.open',
} as const;

/**
 * One action on one issued card (core's M24): mark used or unused with a required note (unused warns that a
 * linked booking is cancelled, and is refused at once when its stay has passed), mark delivered and send by e-mail confirmed. A
 * success toasts and reloads the list (`onChanged`); the dialog closes when the machine is back to idle. The note
 * and its buttons are a form frame in the alertdialog: a missing note beside the field and in the summary, a
 * refusal in the summary.
 */
export function CardActionDialog({
  card,
  action,
  propertyId,
  today,
  onDone,
  onChanged,
}: {
  card: GiftCard;
  action: CardAction;
  propertyId: string;
  today: Day;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const { snapshot, send, actor, confirmProps } = useDialogMachine(
    () =>
      issuedCardMachine.provide({
        actors: {
          markUsed: fromPromise<CardPatch, NoteCall>(async ({ input }) =>
            patchOf(
              await client.giftCards.markUsed({
                params: { id: input.id },
                body: { propertyId, notes: input.notes },
              }),
            ),
          ),
          markUnused: fromPromise<CardPatch, NoteCall>(async ({ input }) =>
            patchOf(
              await client.giftCards.markUnused({
                params: { id: input.id },
                body: { propertyId, notes: input.notes },
              }),
            ),
          ),
          markDelivered: fromPromise<CardPatch, { id: string }>(async ({ input }) =>
            patchOf(await client.giftCards.markDelivered({ params: { id: input.id }, body: { propertyId } })),
          ),
          sendEmail: fromPromise<CardPatch, { id: string }>(async ({ input }) =>
            patchOf(await client.giftCards.sendEmail({ params: { id: input.id }, body: { propertyId } })),
          ),
        },
      }),
    { card: stateOf(card), today },
    {
      open: { type: OPEN[action] },
      changed: 'card.changed',
      onChanged,
      onDone,
    },
  );
  useEffect(() => {
    const logged = actor.on('card.logged', ({ error }) =>
      toast.error(t('general.error_message'), errorText(error)),
    );
    return () => logged.unsubscribe();
  }, [actor, t, errorText]);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const { notice, error, note, noteError, cancelsBooking } = snapshot.context;
  const idle = snapshot.matches('idle');
  // Done when the machine is back to idle after its dialog, or stayed idle with a refusal (a passed stay).
  const wasOpen = useRef(false);
  if (!idle) wasOpen.current = true;
  useEffect(() => {
    if (!idle || !(wasOpen.current || error)) return;
    if (notice) toast.success(t(`gift_card_orders.marked_${action}`, { code: card.generatedId }));
    else if (error) toast.error(t('general.error_message'), errorText(error));
    doneRef.current();
  }, [idle, notice, error, action, card.generatedId, t, errorText]);
  if (idle) return null;
  const busy = snapshot.hasTag('busy');
  const noting = action === 'used' || action === 'unused';
  // The machine decides when it closes: confirm checks the note first, cancel goes back to idle.
  const { onConfirm, ...buttons } = confirmProps;
  return (
    <AlertDialog
      title={t(`gift_card_orders.${action}_title`, { code: card.generatedId })}
      isOpen
      {...buttons}
      confirmLabel={t('gift_card_orders.confirm')}
      destructive={action === 'unused'}
      form={(actions) => (
        <FormFrame
          variant="dialog"
          onSubmit={() => {
            if (!busy) onConfirm();
          }}
          busy={busy}
          dirty={noting && note.trim() !== ''}
          problems={
            noting && noteError
              ? [{ field: 'notes', label: t('gift_card_orders.note'), message: t(noteError) }]
              : []
          }
          failure={noting && error ? errorText(error) : null}
          actions={actions}
        >
          {action === 'unused' && cancelsBooking ? (
            <Alert variant="warning">
              {t('gift_card_orders.unused_warning', {
                reservation: card.agentBooking?.reservationId ?? '',
                arrival: formatDay(card.agentBooking?.arrivalDate),
              })}
            </Alert>
          ) : null}
          {action === 'delivered' ? <p>{t('gift_card_orders.delivered_body', { name: card.name })}</p> : null}
          {action === 'send' ? (
            <p>{t('gift_card_orders.send_body', { name: card.name, email: card.email })}</p>
          ) : null}
          {noting ? (
            <TextArea
              label={t('gift_card_orders.note')}
              name="notes"
              value={note}
              onChange={(value) => send({ type: 'note.change', note: value })}
              isRequired
              errorMessage={noteError ? t(noteError) : null}
            />
          ) : null}
        </FormFrame>
      )}
    />
  );
}
