import { canDownloadPurchasePdfs, purchaseBodyOf, purchaseOffers } from '@tern/core/giftCards';
import {
  GIFT_CARD_PURCHASES_PAGE_SIZE,
  type GiftCardPurchase,
  type GiftCardPurchasesQuery,
  type PurchaseSourceValue,
} from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { DateRangePicker, type IsoRange } from '../../components/DateRangePicker';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { Menu, MenuItem } from '../../components/Menu';
import { Select } from '../../components/Select';
import type { TableColumn, TableSort } from '../../components/Table';
import { toast, toasts } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useServices } from '../../session/SessionContext';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import './giftCards.css';
import { ListPage, NoPropertyPage } from '../lists/ListPage';
import { usePropertyListKit } from '../lists/useListKit';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';
import { type ApiFile, saveFile } from './giftCardFiles';
import { IssueCardsForm } from './IssueCardsForm';
import { type PurchaseAction, PurchaseActionDialog, recordOf } from './PurchaseActionDialog';
import { PurchaseRecipientsForm } from './PurchaseRecipientsForm';

/** The "being generated" message stays 9 s (document 3 §9). */
export const ZIP_MESSAGE_MS = 9000;
const ANY = 'any';
type StatusFilter = 'any' | 'paid' | 'initiated';
type SourceFilter = 'any' | PurchaseSourceValue;
/** The list's filters beside its search. */
interface PurchaseFilters {
  status: StatusFilter;
  source: SourceFilter;
  sold: IsoRange | null;
}

/** The list query of a search, status, source, days, order and page (document 3 §7 purchases). */
export function purchasesQuery(
  propertyId: string,
  term: string,
  { status, source, sold }: PurchaseFilters,
  sort: TableSort | null,
  page: number,
): GiftCardPurchasesQuery {
  return {
    propertyId,
    page,
    limit: GIFT_CARD_PURCHASES_PAGE_SIZE,
    orderBy: sort ? (sort.column as 'created_at' | 'generated_id' | 'total_amount') : 'created_at',
    orderDirection: sort?.direction === 'ascending' ? 'asc' : 'desc',
    ...(term ? { term } : {}),
    ...(status === ANY ? {} : { status }),
    ...(source === ANY ? {} : { source }),
    ...(sold ? { soldFrom: sold.start, soldTo: sold.end } : {}),
  };
}

/**
 * `/purchases` (document 3 §2.3, §4 M26/M27): the selected property's purchases with search, days, status (all,
 * paid, unpaid), source (the back office's issue form or the public store), created at, number and total
 * sortable, 10 a page; a purchase's details (a store one's checkout reference); "Create new purchase" (the issue form, once
 * the types are loaded), mark paid and mark issued on core's purchase machine with their confirmations, and the
 * quantity as the download of the cards' PDFs once issued (an empty reply: the zip is being generated).
 */
export function GiftCardPurchasesPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const formats = usePropertyFormats();
  const kit = usePropertyListKit<GiftCardPurchase, PurchaseFilters>({
    root: GIFT_CARDS_KEY,
    name: 'purchases',
    filters: { status: ANY, source: ANY, sold: null },
    read: (c, { propertyId, term, filters, sort, page }, signal) =>
      c.giftCardPurchases.list({ query: purchasesQuery(propertyId, term, filters, sort, page) }, { signal }),
  });
  const { property, today, reload } = kit;
  const { status, source, sold } = kit.filters;
  const [acting, setActing] = useState<{ purchase: GiftCardPurchase; action: PurchaseAction } | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<GiftCardPurchase | null>(null);
  const [details, setDetails] = useState<GiftCardPurchase | null>(null);
  const propertyId = property?.id ?? null;
  const types = useApiQuery(
    [GIFT_CARDS_KEY, 'purchase-types', propertyId],
    async (c, signal) => {
      const [published, created] = await Promise.all(
        (['published', 'created'] as const).map((s) =>
          c.giftCards.listTypes({ query: { propertyId: propertyId!, status: s, limit: 100 } }, { signal }),
        ),
      );
      return [...published!.items, ...created!.items];
    },
    { enabled: propertyId !== null },
  );
  if (!property)
    return <NoPropertyPage heading={t('gift_card_purchases.heading')} text={t('gift_cards.no_property')} />;
  const download = async (p: GiftCardPurchase) => {
    try {
      const file = (await client.giftCardPurchases.pdfs({
        params: { id: p.id },
        query: { propertyId: property.id },
      })) as unknown as ApiFile;
      if (file.blob.size === 0) {
        toasts.add(
          { variant: 'success', title: t('gift_card_purchases.zip_generating') },
          { timeout: ZIP_MESSAGE_MS },
        );
        return;
      }
      await saveFile(file, `gift-cards-${p.generatedId}.zip`);
    } catch (error) {
      // Download failures are only logged (document 3 §8).
      console.error(error);
    }
  };
  const columns: TableColumn<GiftCardPurchase>[] = [
    {
      id: 'created_at',
      label: t('gift_card_purchases.columns.created'),
      sortable: true,
      nowrap: true,
      render: (p) => formats.instantDay(p.createdAt),
    },
    {
      id: 'status',
      label: t('gift_card_purchases.columns.status'),
      render: (p) => t(`gift_card_purchases.statuses.${p.status}`),
    },
    {
      id: 'issued',
      label: t('gift_card_purchases.columns.issued'),
      render: (p) => (
        <>
          {t(`gift_card_purchases.issued_statuses.${p.issuedStatus}`)}
          {p.lastError ? (
            <div className="muted">
              {t(
                p.issuedStatus === 'failed'
                  ? 'gift_card_purchases.issue_failed'
                  : 'gift_card_purchases.issue_retrying',
                { reason: p.lastError },
              )}
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'source',
      label: t('gift_card_purchases.columns.source'),
      render: (p) => t(`gift_card_purchases.sources.${p.source}`),
    },
    {
      id: 'generated_id',
      label: t('gift_card_purchases.columns.number'),
      sortable: true,
      isRowHeader: true,
      render: (p) => <code>{p.generatedId}</code>,
    },
    {
      id: 'quantity',
      label: t('gift_card_purchases.columns.quantity'),
      numeric: true,
      // DECISIONS 14: the cards' PDFs, once they exist.
      render: (p) =>
        canDownloadPurchasePdfs(p) ? (
          <Button
            variant="secondary"
            aria-label={t('gift_card_purchases.download', { count: p.quantity, number: p.generatedId })}
            onPress={() => void download(p)}
          >
            {String(p.quantity)}
          </Button>
        ) : (
          String(p.quantity)
        ),
    },
    {
      id: 'total_amount',
      label: t('gift_card_purchases.columns.total'),
      sortable: true,
      numeric: true,
      render: (p) => formats.money(p.totalAmount),
    },
    { id: 'email', label: t('gift_card_purchases.columns.email'), render: (p) => p.email },
    { id: 'name', label: t('gift_card_purchases.columns.name'), render: (p) => p.fullName },
    {
      id: 'actions',
      label: t('gift_card_purchases.columns.actions'),
      hideLabelOnPhone: true,
      render: (p) => {
        // The purchase's machine says which actions it takes (its guards), before one is open.
        const offers = purchaseOffers(recordOf(p));
        return (
          <Menu label={t('gift_card_purchases.actions_of', { number: p.generatedId })} trigger="⋯" iconOnly>
            <MenuItem onAction={() => setDetails(p)}>{t('gift_card_purchases.details')}</MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'markPaid.ask' })}
              onAction={() => setActing({ purchase: p, action: 'paid' })}
            >
              {t('gift_card_purchases.mark_paid')}
            </MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'markIssued.ask' })}
              onAction={() => setActing({ purchase: p, action: 'issued' })}
            >
              {t('gift_card_purchases.mark_issued')}
            </MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'retryIssue.ask' })}
              onAction={() => setActing({ purchase: p, action: 'retried' })}
            >
              {t('gift_card_purchases.retry_issue')}
            </MenuItem>
            <MenuItem isDisabled={!offers.can({ type: 'recipients.edit' })} onAction={() => setEditing(p)}>
              {t('gift_card_purchases.edit_recipients')}
            </MenuItem>
          </Menu>
        );
      },
    },
  ];
  return (
    <ListPage
      heading={t('gift_card_purchases.heading')}
      actions={
        <Button isDisabled={!types.data} onPress={() => setCreating(true)}>
          {t('gift_card_purchases.create')}
        </Button>
      }
      search={t('gift_card_purchases.search')}
      filters={
        <>
          <DateRangePicker
            label={t('gift_card_purchases.sold')}
            calendarLabel={t('gift_card_purchases.sold_calendar')}
            value={sold}
            onChange={(range) => kit.filter({ sold: range })}
          />
          <Select
            label={t('gift_card_purchases.status_filter')}
            options={(['any', 'paid', 'initiated'] as const).map((id) => ({
              id,
              label: t(`gift_card_purchases.filter.${id}`),
            }))}
            selectedKey={status}
            onSelectionChange={(s) => kit.filter({ status: s as StatusFilter })}
          />
          <Select
            label={t('gift_card_purchases.source_filter')}
            options={(['any', 'back_office', 'store'] as const).map((id) => ({
              id,
              label: t(id === ANY ? 'gift_card_purchases.filter.any' : `gift_card_purchases.sources.${id}`),
            }))}
            selectedKey={source}
            onSelectionChange={(s) => kit.filter({ source: s as SourceFilter })}
          />
        </>
      }
      kit={kit}
      table={{
        label: t('gift_card_purchases.table'),
        columns,
        rowKey: (p) => p.id,
        sortable: true,
        emptyState: <EmptyState title={t('gift_card_purchases.empty')} />,
        pagesLabel: t('gift_card_purchases.pages'),
      }}
    >
      {acting ? (
        <PurchaseActionDialog
          key={`${acting.purchase.id}:${acting.action}`}
          purchase={acting.purchase}
          action={acting.action}
          propertyId={property.id}
          onDone={() => setActing(null)}
          onChanged={reload}
        />
      ) : null}
      <Drawer
        title={t('gift_card_purchases.recipients_of', { number: editing?.generatedId ?? '' })}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
      >
        {editing ? (
          <PurchaseRecipientsForm
            key={editing.id}
            purchase={editing}
            propertyId={property.id}
            onDone={() => setEditing(null)}
            onChanged={reload}
          />
        ) : null}
      </Drawer>
      <Drawer
        title={t('gift_card_purchases.details_of', { number: details?.generatedId ?? '' })}
        isOpen={details !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDetails(null);
        }}
      >
        {details ? <PurchaseDetails purchase={details} /> : null}
      </Drawer>
      <Drawer
        title={t('gift_card_purchases.create')}
        isOpen={creating}
        onOpenChange={(open) => setCreating(open)}
      >
        {creating && types.data ? (
          <IssueCardsForm
            kind="purchase"
            types={types.data}
            today={today}
            save={(v) => client.giftCardPurchases.create({ body: purchaseBodyOf(v, property.id) })}
            onCancel={() => setCreating(false)}
            onSaved={(made) => {
              setCreating(false);
              toast.success(t('gift_card_purchases.created', { number: made.generatedId }));
              void reload();
            }}
          />
        ) : null}
      </Drawer>
    </ListPage>
  );
}

/** A purchase's details drawer: where it was made (a store one's checkout reference), the buyer and the cards. */
function PurchaseDetails({ purchase: p }: { purchase: GiftCardPurchase }) {
  const { t } = useTranslation();
  const formats = usePropertyFormats();
  return (
    <dl className="details">
      <dt>{t('gift_card_purchases.columns.number')}</dt>
      <dd>
        <code>{p.generatedId}</code>
      </dd>
      <dt>{t('gift_card_purchases.columns.source')}</dt>
      <dd>{t(`gift_card_purchases.sources.${p.source}`)}</dd>
      {p.referenceNumber ? (
        <>
          <dt>{t('gift_card_purchases.reference')}</dt>
          <dd>
            <code>{p.referenceNumber}</code>
          </dd>
        </>
      ) : null}
      <dt>{t('gift_card_purchases.form.type')}</dt>
      <dd>{p.title}</dd>
      <dt>{t('gift_card_purchases.columns.name')}</dt>
      <dd>{p.fullName}</dd>
      <dt>{t('gift_card_purchases.columns.email')}</dt>
      <dd>{p.email}</dd>
      <dt>{t('gift_card_purchases.columns.quantity')}</dt>
      <dd>{String(p.quantity)}</dd>
      <dt>{t('gift_card_purchases.columns.total')}</dt>
      <dd>{formats.money(p.totalAmount)}</dd>
      <dt>{t('gift_card_purchases.columns.created')}</dt>
      <dd>{formats.instantDay(p.createdAt)}</dd>
    </dl>
  );
}
