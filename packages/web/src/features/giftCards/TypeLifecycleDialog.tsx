import { giftCardTypeLifecycleMachine } from '@tern/core';
import type { GiftCardType } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { AlertDialog } from '../../components/AlertDialog';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';

/**
 * Publishing or unpublishing one type (core's M23): the question is asked at once, a confirmation sends the call
 * once, a success toasts and tells the list (`onChanged`), a refusal toasts its words; either way it closes.
 */
export function TypeLifecycleDialog({
  type,
  propertyId,
  onDone,
  onChanged,
}: {
  type: GiftCardType;
  propertyId: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const logic = useMemo(
    () =>
      giftCardTypeLifecycleMachine.provide({
        actors: {
          publish: fromPromise<unknown, { id: string }>(({ input }: { input: { id: string } }) =>
            client.giftCards.publishType({ params: { id: input.id }, body: { propertyId } }),
          ),
          unpublish: fromPromise<unknown, { id: string }>(({ input }: { input: { id: string } }) =>
            client.giftCards.unpublishType({ params: { id: input.id }, body: { propertyId } }),
          ),
        },
      }),
    [client, propertyId],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { id: type.id, status: type.status } });
  const publishing = type.status === 'created';
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    send({ type: publishing ? 'publish.ask' : 'unpublish.ask' });
  }, [send, publishing]);
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('type.changed', () => changedRef.current());
    return () => subscription.unsubscribe();
  }, [actor]);
  const { notice, error } = snapshot.context;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (notice) {
      toast.success(t(`gift_cards.${notice}`));
      doneRef.current();
    } else if (error) {
      toast.error(t('general.error_message'), errorText(error));
      doneRef.current();
    }
  }, [notice, error, t, errorText]);
  const confirming =
    snapshot.matches({ created: 'confirming' }) || snapshot.matches({ published: 'confirming' });
  return (
    <AlertDialog
      title={t(publishing ? 'gift_cards.confirm_publish_title' : 'gift_cards.confirm_unpublish_title')}
      isOpen={confirming}
      // Escape and the cancel button go through `onCancel`; the confirm button through `onConfirm`.
      onOpenChange={() => {}}
      confirmLabel={t(publishing ? 'gift_cards.publish' : 'gift_cards.unpublish')}
      onConfirm={() => send({ type: 'confirm' })}
      cancelLabel={t('gift_cards.cancel')}
      onCancel={() => {
        send({ type: 'cancel' });
        onDone();
      }}
      destructive={!publishing}
    >
      {t(publishing ? 'gift_cards.confirm_publish' : 'gift_cards.confirm_unpublish', { title: type.title })}
    </AlertDialog>
  );
}
