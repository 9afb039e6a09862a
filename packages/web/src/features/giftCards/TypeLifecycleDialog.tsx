import { giftCardTypeLifecycleMachine } from '@tern/core/giftCards';
import type { GiftCardType } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { AlertDialog } from '../../components/AlertDialog';
import { useServices } from '../../session/SessionContext';
import { useDialogMachine } from './useDialogMachine';

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
  const { client } = useServices();
  const publishing = type.status === 'created';
  const { snapshot, confirmProps } = useDialogMachine(
    () =>
      giftCardTypeLifecycleMachine.provide({
        actors: {
          publish: fromPromise<unknown, { id: string }>(({ input }) =>
            client.giftCards.publishType({ params: { id: input.id }, body: { propertyId } }),
          ),
          unpublish: fromPromise<unknown, { id: string }>(({ input }) =>
            client.giftCards.unpublishType({ params: { id: input.id }, body: { propertyId } }),
          ),
        },
      }),
    { id: type.id, status: type.status },
    {
      open: { type: publishing ? 'publish.ask' : 'unpublish.ask' },
      changed: 'type.changed',
      onChanged,
      onDone,
      notice: (notice) => t(`gift_cards.${notice}`),
    },
  );
  const confirming =
    snapshot.matches({ created: 'confirming' }) || snapshot.matches({ published: 'confirming' });
  return (
    <AlertDialog
      title={t(publishing ? 'gift_cards.confirm_publish_title' : 'gift_cards.confirm_unpublish_title')}
      isOpen={confirming}
      confirmLabel={t(publishing ? 'gift_cards.publish' : 'gift_cards.unpublish')}
      {...confirmProps}
      destructive={!publishing}
    >
      {t(publishing ? 'gift_cards.confirm_publish' : 'gift_cards.confirm_unpublish', { title: type.title })}
    </AlertDialog>
  );
}
