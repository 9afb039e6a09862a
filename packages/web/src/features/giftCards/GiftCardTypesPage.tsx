import { deviceTimeZone, todayIn } from '@tern/core/dates';
import { issueBodyOf } from '@tern/core/giftCards';
import { GIFT_CARD_TYPES_PAGE_SIZE, type GiftCardType, type GiftCardTypeStatus } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import type { TableColumn } from '../../components/Table';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { toast } from '../../components/Toast';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import '../admin/admin.css';
import './giftCards.css';
import { useErrorText } from '../errors/useErrorText';
import { ListPage, NoPropertyPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { usePropertyListKit, useReload } from '../lists/useListKit';
import { GiftCardTypeFormDrawer } from './GiftCardTypeForm';
import { IssueCardsForm } from './IssueCardsForm';
import { TypeLifecycleDialog } from './TypeLifecycleDialog';

/** Every gift card query sits under this key: a change reloads them all. */
export const GIFT_CARDS_KEY = 'giftCards';
const TABS: GiftCardTypeStatus[] = ['published', 'created', 'archived'];
const DRAWER_WIDTH = '1000px';

/**
 * `/gift-cards` (document 3 §2.3, §4 M23, §5): the selected property's gift card types by status tab, 10 a page;
 * a drawer to create, edit or (archived) view one; publish and unpublish, confirmed (M23); duplicate.
 */
export function GiftCardTypesPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const { property, properties } = useSelectedProperty();
  const [tab, setTab] = useState<GiftCardTypeStatus>('published');
  const [editing, setEditing] = useState<GiftCardType | 'new' | null>(null);
  const [changing, setChanging] = useState<GiftCardType | null>(null);
  const [issuing, setIssuing] = useState<GiftCardType | null>(null);
  const reload = useReload(GIFT_CARDS_KEY);
  if (!property)
    return <NoPropertyPage heading={t('gift_cards.heading')} text={t('gift_cards.no_property')} />;
  const today = todayIn(property.timezone ?? deviceTimeZone());
  return (
    <div className="page admin stack">
      <div className="page__header">
        <PageHeading>{t('gift_cards.heading')}</PageHeading>
        <Button onPress={() => setEditing('new')}>{t('gift_cards.create')}</Button>
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as GiftCardTypeStatus)}>
        <TabList label={t('gift_cards.tabs_label')}>
          {TABS.map((id) => (
            <Tab key={id} id={id}>
              {t(`gift_cards.tabs.${id}`)}
            </Tab>
          ))}
        </TabList>
        {TABS.map((id) => (
          <TabPanel key={id} id={id}>
            <TypesTab
              status={id}
              onOpen={setEditing}
              onChangeStatus={setChanging}
              onIssue={setIssuing}
              onDuplicated={() => void reload()}
            />
          </TabPanel>
        ))}
      </Tabs>
      <RowDrawer
        row={editing}
        title={t(
          editing === 'new'
            ? 'gift_cards.drawer.create'
            : editing?.status === 'archived'
              ? 'gift_cards.drawer.view'
              : 'gift_cards.drawer.edit',
        )}
        width={DRAWER_WIDTH}
        onClose={() => setEditing(null)}
      >
        {(row, close) => (
          <GiftCardTypeFormDrawer
            propertyId={property.id}
            propertyCount={properties.length}
            today={today}
            type={row}
            onCancel={close}
            onSaved={(saved, created) => {
              setEditing(null);
              // The new type is in its status's tab (created, or published at once), not the one left open.
              if (created) setTab(saved.status);
              toast.success(t(created ? 'gift_cards.created' : 'gift_cards.saved', { title: saved.title }));
              void reload();
            }}
          />
        )}
      </RowDrawer>
      <Drawer
        title={t('gift_card_issue.title')}
        isOpen={issuing !== null}
        onOpenChange={(open) => {
          if (!open) setIssuing(null);
        }}
        side="end"
        width={DRAWER_WIDTH}
      >
        {(close) =>
          issuing ? (
            <IssueCardsForm
              key={issuing.id}
              kind="issue"
              types={[issuing]}
              today={today}
              save={(v, orderKey) =>
                client.giftCards.issue({
                  params: { id: issuing.id },
                  body: issueBodyOf(v, property.id, orderKey),
                })
              }
              onCancel={close}
              onSaved={(reply) => {
                setIssuing(null);
                toast.success(t('gift_card_issue.issued', { count: reply.cards.length }));
                void reload();
              }}
            />
          ) : null
        }
      </Drawer>
      {changing ? (
        <TypeLifecycleDialog
          key={changing.id}
          type={changing}
          propertyId={property.id}
          onDone={() => setChanging(null)}
          onChanged={() => void reload()}
        />
      ) : null}
    </div>
  );
}

function TypesTab({
  status,
  onOpen,
  onChangeStatus,
  onIssue,
  onDuplicated,
}: {
  status: GiftCardTypeStatus;
  onOpen: (type: GiftCardType) => void;
  onChangeStatus: (type: GiftCardType) => void;
  onIssue: (type: GiftCardType) => void;
  onDuplicated: () => void;
}) {
  const { t } = useTranslation();
  const { money } = usePropertyFormats();
  const errorText = useErrorText();
  const { client } = useServices();
  const kit = usePropertyListKit<GiftCardType>({
    root: GIFT_CARDS_KEY,
    name: `types:${status}`,
    read: (c, { propertyId, page }, signal) =>
      c.giftCards.listTypes(
        { query: { propertyId, status, page, limit: GIFT_CARD_TYPES_PAGE_SIZE } },
        { signal },
      ),
  });
  const propertyId = kit.property?.id ?? '';
  const duplicate = async (type: GiftCardType) => {
    try {
      await client.giftCards.duplicateType({ params: { id: type.id }, body: { propertyId } });
      toast.success(t('gift_cards.duplicated', { title: type.title }));
      onDuplicated();
    } catch (error) {
      toast.error(t('general.error_message'), errorText(error));
    }
  };
  const columns: TableColumn<GiftCardType>[] = [
    { id: 'title', label: t('gift_cards.columns.title'), render: (g) => g.title, isRowHeader: true },
    {
      id: 'price',
      label: t('gift_cards.columns.price'),
      numeric: true,
      render: (g) => (g.netPrice === g.price ? money(g.price) : `${money(g.netPrice)} (${money(g.price)})`),
    },
    {
      id: 'stock',
      label: t('gift_cards.columns.stock'),
      numeric: true,
      render: (g) => t('gift_cards.stock_of', { stock: g.stock, limit: g.limit }),
    },
    {
      id: 'validity',
      label: t('gift_cards.columns.validity'),
      render: (g) =>
        g.expirationType === 1
          ? t('gift_cards.validity_until', { date: g.absoluteExpirationDate })
          : t('gift_cards.validity_period', {
              count: g.expirationDuration ?? 0,
              unit: t(`gift_cards.units.${g.expirationDurationUnit ?? 'months'}`),
            }),
    },
    {
      id: 'actions',
      label: t('gift_cards.columns.actions'),
      hideLabelOnPhone: true,
      render: (g) => (
        <div className="gift-actions">
          <Button variant="secondary" onPress={() => onOpen(g)}>
            {t(g.status === 'archived' ? 'gift_cards.view_named' : 'gift_cards.edit_named', {
              title: g.title,
            })}
          </Button>
          {g.status === 'created' ? (
            <Button variant="secondary" onPress={() => onChangeStatus(g)}>
              {t('gift_cards.publish_named', { title: g.title })}
            </Button>
          ) : null}
          {g.status === 'published' ? (
            <Button variant="secondary" onPress={() => onChangeStatus(g)}>
              {t('gift_cards.unpublish_named', { title: g.title })}
            </Button>
          ) : null}
          {g.status !== 'archived' && g.stock > 0 ? (
            <Button variant="secondary" onPress={() => onIssue(g)}>
              {t('gift_cards.issue_named', { title: g.title })}
            </Button>
          ) : null}
          <Button variant="quiet" onPress={() => void duplicate(g)}>
            {t('gift_cards.duplicate_named', { title: g.title })}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ListPage
      kit={kit}
      table={{
        label: t('gift_cards.table'),
        columns,
        rowKey: (g) => g.id,
        emptyState: <EmptyState title={t('gift_cards.empty')} />,
        pagesLabel: t('gift_cards.pages'),
      }}
    />
  );
}
