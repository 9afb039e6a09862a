import { CAMPAIGNS_PAGE_SIZE, type Campaign, type CampaignRecipient } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import type { TableColumn } from '../../components/Table';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import { KitTable } from '../lists/ListPage';
import { usePropertyListKit } from '../lists/useListKit';

/**
 * A campaign's recipients (document 3 §2.3 "who picked what"; `campaigns.recipients`): newest first, 100 a page —
 * name, e-mail, the last 4 digits of the id, the gift picked, the card sent and when. Read under the page's cache
 * root, so a change of the campaigns reloads it too.
 */
export function CampaignRecipients({ campaign, root }: { campaign: Campaign; root: string }) {
  const { t } = useTranslation();
  const { instant } = usePropertyFormats();
  const kit = usePropertyListKit<CampaignRecipient>({
    root,
    name: `recipients:${campaign.id}`,
    read: (client, { propertyId, page }, signal) =>
      client.campaigns.recipients(
        { params: { id: campaign.id }, query: { propertyId, page, limit: CAMPAIGNS_PAGE_SIZE } },
        { signal },
      ),
  });
  const label = (column: string) => t(`gift_campaigns.recipients.columns.${column}`);
  const columns: TableColumn<CampaignRecipient>[] = [
    { id: 'name', label: label('name'), render: (r) => r.name, isRowHeader: true },
    { id: 'email', label: label('email'), render: (r) => r.email },
    { id: 'id', label: label('id'), nowrap: true, render: (r) => `…${r.governmentIdLast4}` },
    { id: 'option', label: label('option'), render: (r) => r.optionName },
    { id: 'card', label: label('card'), nowrap: true, render: (r) => r.giftCardCode ?? '—' },
    { id: 'picked', label: label('picked'), nowrap: true, render: (r) => instant(r.createdAt) },
  ];
  return (
    <KitTable
      kit={kit}
      table={{
        label: t('gift_campaigns.recipients.table'),
        columns,
        rowKey: (r) => r.id,
        emptyState: <EmptyState title={t('gift_campaigns.recipients.empty')} />,
        pagesLabel: t('gift_campaigns.recipients.pages'),
      }}
    />
  );
}
