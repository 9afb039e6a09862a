import { campaignLifecycleMachine } from '@tern/core/campaigns';
import type { Campaign, CampaignStatus } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { AlertDialog } from '../../components/AlertDialog';
import { useServices } from '../../session/SessionContext';
import { useDialogMachine } from '../giftCards/useDialogMachine';

/**
 * Publishing or unpublishing one campaign (core's M28, screen 81): asked at once, sent once when confirmed
 * (`campaigns.update` with the status), a success toasted and the lists reloaded, a refusal toasted in its words.
 */
export function CampaignLifecycleDialog({
  campaign,
  onDone,
  onChanged,
}: {
  campaign: Campaign;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const publishing = campaign.status !== 'published';
  const { snapshot, confirmProps } = useDialogMachine(
    () =>
      campaignLifecycleMachine.provide({
        actors: {
          changeStatus: fromPromise<unknown, { id: string; status: CampaignStatus }>(({ input }) =>
            client.campaigns.update({
              params: { id: input.id },
              body: { propertyId: campaign.propertyId, status: input.status },
            }),
          ),
        },
      }),
    { id: campaign.id, status: campaign.status },
    {
      open: { type: publishing ? 'publish.ask' : 'unpublish.ask' },
      changed: 'campaign.changed',
      onChanged,
      onDone,
      notice: (notice) => t(`gift_campaigns.${notice}`),
    },
  );
  const confirming = ['draft', 'published', 'archived'].some((s) => snapshot.matches({ [s]: 'confirming' }));
  return (
    <AlertDialog
      title={t(
        publishing ? 'gift_campaigns.confirm_publish_title' : 'gift_campaigns.confirm_unpublish_title',
      )}
      isOpen={confirming}
      confirmLabel={t(publishing ? 'gift_campaigns.publish' : 'gift_campaigns.unpublish')}
      {...confirmProps}
      cancelLabel={t('gift_campaigns.cancel')}
      destructive={!publishing}
    >
      {t(publishing ? 'gift_campaigns.confirm_publish' : 'gift_campaigns.confirm_unpublish', {
        name: campaign.name,
      })}
    </AlertDialog>
  );
}
