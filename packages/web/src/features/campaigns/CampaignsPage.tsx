import { campaignActions, publicCampaignPath } from '@tern/core/campaigns';
import { deviceTimeZone } from '@tern/core/dates';
import { CAMPAIGNS_PAGE_SIZE, type Campaign, type CampaignStatus } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import type { TableColumn } from '../../components/Table';
import { toast } from '../../components/Toast';
import { useViewportWidth } from '../../components/useViewportWidth';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import { KitTable, NoPropertyPage, TabbedListPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { usePropertyListKit, useReload } from '../lists/useListKit';
import { CampaignDrawer } from './CampaignDrawer';
import { CampaignLifecycleDialog } from './CampaignLifecycleDialog';
import { CampaignRecipients } from './CampaignRecipients';

/** Every campaign query sits under this key: a change reloads them all. */
const KEY = 'giftCampaigns';
const TABS: CampaignStatus[] = ['published', 'draft', 'archived'];
/** Above this width the create button sits in the tab bar, else in a header row (R328). */
const WIDE = 900;
const DRAWER_WIDTH = '1000px';

/**
 * `/gift-campaigns` (document 3 §2.3, §4; screens 79–81; R325–R330): the selected property's campaigns by status
 * tab (published first), a name search, 100 a page; create and edit in a drawer (core's M41), publish and unpublish
 * confirmed (M28), view opening the public page in a new tab.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const [tab, setTab] = useState<CampaignStatus>('published');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [changing, setChanging] = useState<Campaign | null>(null);
  const [viewing, setViewing] = useState<Campaign | null>(null);
  const reload = useReload(KEY);
  const wide = useViewportWidth() > WIDE;
  if (!property)
    return <NoPropertyPage heading={t('gift_campaigns.heading')} text={t('gift_campaigns.no_property')} />;
  const create = <Button onPress={() => setEditing('new')}>{t('gift_campaigns.create')}</Button>;
  return (
    <TabbedListPage
      heading={t('gift_campaigns.heading')}
      actions={wide ? null : create}
      filters={wide ? create : null}
      search={t('gift_campaigns.search')}
      state={{ tab, selectTab: setTab, search, setSearch }}
      tabsLabel={t('gift_campaigns.tabs_label')}
      tabs={TABS.map((status) => ({
        id: status,
        title: t(`gift_campaigns.tabs.${status}`),
        list: (
          <CampaignsTab
            status={status}
            term={search}
            onEdit={setEditing}
            onChangeStatus={setChanging}
            onRecipients={setViewing}
          />
        ),
      }))}
    >
      <RowDrawer
        row={editing}
        title={editing === 'new' || !editing ? t('gift_campaigns.drawer.create') : editing.name}
        width={DRAWER_WIDTH}
        onClose={() => setEditing(null)}
      >
        {(row, close) => (
          <CampaignDrawer
            propertyId={property.id}
            timeZone={property.timezone ?? deviceTimeZone()}
            campaign={row}
            onCancel={close}
            onSaved={(saved, created) => {
              setEditing(null);
              if (created) setTab(saved.status);
              toast.success(
                t(created ? 'gift_campaigns.created' : 'gift_campaigns.saved', { name: saved.name }),
              );
              void reload();
            }}
          />
        )}
      </RowDrawer>
      <RowDrawer
        row={viewing}
        title={viewing ? t('gift_campaigns.recipients.title', { name: viewing.name }) : ''}
        width={DRAWER_WIDTH}
        onClose={() => setViewing(null)}
      >
        {(row) => (row ? <CampaignRecipients campaign={row} root={KEY} /> : null)}
      </RowDrawer>
      {changing ? (
        <CampaignLifecycleDialog
          key={changing.id}
          campaign={changing}
          onDone={() => setChanging(null)}
          onChanged={() => void reload()}
        />
      ) : null}
    </TabbedListPage>
  );
}

function CampaignsTab({
  status,
  term,
  onEdit,
  onChangeStatus,
  onRecipients,
}: {
  status: CampaignStatus;
  term: string;
  onEdit: (campaign: Campaign) => void;
  onChangeStatus: (campaign: Campaign) => void;
  onRecipients: (campaign: Campaign) => void;
}) {
  const { t } = useTranslation();
  const { instant } = usePropertyFormats();
  const kit = usePropertyListKit<Campaign>({
    root: KEY,
    name: `list:${status}`,
    term,
    read: (client, { propertyId, term, page }, signal) =>
      client.campaigns.list(
        { query: { propertyId, status, page, limit: CAMPAIGNS_PAGE_SIZE, ...(term ? { term } : {}) } },
        { signal },
      ),
  });
  const columns: TableColumn<Campaign>[] = [
    { id: 'name', label: t('gift_campaigns.columns.name'), render: (c) => c.name, isRowHeader: true },
    {
      id: 'created',
      label: t('gift_campaigns.columns.created'),
      nowrap: true,
      render: (c) => instant(c.createdAt),
    },
    {
      id: 'updated',
      label: t('gift_campaigns.columns.updated'),
      nowrap: true,
      render: (c) => instant(c.updatedAt),
    },
    {
      id: 'actions',
      label: t('gift_campaigns.columns.actions'),
      hideLabelOnPhone: true,
      render: (c) => {
        const can = campaignActions(c.status);
        return (
          <div className="gift-actions">
            {can.publish ? (
              <Button variant="secondary" onPress={() => onChangeStatus(c)}>
                {t('gift_campaigns.publish_named', { name: c.name })}
              </Button>
            ) : null}
            {can.unpublish ? (
              <Button variant="secondary" onPress={() => onChangeStatus(c)}>
                {t('gift_campaigns.unpublish_named', { name: c.name })}
              </Button>
            ) : null}
            {can.edit ? (
              <Button variant="secondary" onPress={() => onEdit(c)}>
                {t('gift_campaigns.edit_named', { name: c.name })}
              </Button>
            ) : null}
            <Button variant="secondary" onPress={() => onRecipients(c)}>
              {t('gift_campaigns.recipients_named', { name: c.name, count: c.recipients })}
            </Button>
            {can.view ? (
              <a
                className="button button--quiet"
                href={publicCampaignPath(c.id)}
                target="_blank"
                rel="noopener"
              >
                {t('gift_campaigns.view_named', { name: c.name })}
              </a>
            ) : null}
          </div>
        );
      },
    },
  ];
  return (
    <KitTable
      kit={kit}
      table={{
        label: t('gift_campaigns.table'),
        columns,
        rowKey: (c) => c.id,
        emptyState: <EmptyState title={t('gift_campaigns.empty')} />,
        pagesLabel: t('gift_campaigns.pages'),
      }}
    />
  );
}
