import { formDrawerInput } from '@tern/core/admin';
import type { Day } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import { type CardDetailsForm, issuedCardOffers, validateCardDetails } from '@tern/core/giftCards';
import {
  GIFT_CARDS_PAGE_SIZE,
  type GiftCard,
  type GiftCardKind,
  type GiftCardsExportQuery,
  type GiftCardsQuery,
} from '@tern/sdk';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { DateField } from '../../components/DateField';
import { DateRangePicker, type IsoRange } from '../../components/DateRangePicker';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { Menu, MenuItem } from '../../components/Menu';
import { Select } from '../../components/Select';
import { LoadingSkeleton } from '../../components/Skeleton';
import type { TableColumn, TableSort } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { usePageSearch } from '../../router/pageSearch';
import type { OrdersSearch } from '../../router/search';
import { useServices } from '../../session/SessionContext';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import '../admin/admin.css';
import './giftCards.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { type ExportFormat, ExportMenu } from '../lists/ExportMenu';
import { ListPage, NoPropertyPage } from '../lists/ListPage';
import { usePropertyListKit } from '../lists/useListKit';
import { BookingDrawer } from './BookingDrawer';
import { type CardAction, CardActionDialog, stateOf } from './CardActionDialog';
import { CardHistory } from './CardHistory';
import { CardProperties } from './CardProperties';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';
import { useCardFiles, useGiftCardDownload } from './giftCardFiles';

// The liability ledger and its chart load when asked for (their own chunk).
const LiabilityReport = lazy(() => import('./LiabilityReport').then((m) => ({ default: m.LiabilityReport })));

const ANY = 'any';
/** The filters (document 3 §2.3): each "any" by default. */
interface Filters {
  sold: IsoRange | null;
  status: 'any' | 'unused' | 'used';
  delivery: 'any' | 'sent' | 'not_sent';
  method: 'any' | 'email' | 'letter';
  kind: 'any' | GiftCardKind;
}
const NO_FILTERS: Filters = { sold: null, status: ANY, delivery: ANY, method: ANY, kind: ANY };

/**
 * The orders asked for by a search, filters and order (document 3 §7 gift_cards): the list's query without its
 * page, which the export menu sends as it is — the file holds what the list shows.
 */
export function ordersFilters(
  propertyId: string,
  term: string,
  filters: Filters,
  sort: TableSort | null,
): Omit<GiftCardsExportQuery, 'exportFormat'> {
  return {
    propertyId,
    orderBy: sort ? (sort.column as 'code' | 'expiration') : 'created_at',
    orderDirection: sort?.direction === 'ascending' ? 'asc' : 'desc',
    ...(term ? { term } : {}),
    ...(filters.sold ? { soldFrom: filters.sold.start, soldTo: filters.sold.end } : {}),
    ...(filters.status === ANY ? {} : { booked: filters.status === 'used' }),
    ...(filters.delivery === ANY ? {} : { delivered: filters.delivery === 'sent' }),
    ...(filters.method === ANY ? {} : { sendByLetter: filters.method === 'letter' }),
    ...(filters.kind === ANY ? {} : { kind: filters.kind }),
  };
}

/** The list query of a search, filters, order and page. */
export const ordersQuery = (
  propertyId: string,
  term: string,
  filters: Filters,
  sort: TableSort | null,
  page: number,
): GiftCardsQuery => ({
  ...ordersFilters(propertyId, term, filters, sort),
  page,
  limit: GIFT_CARDS_PAGE_SIZE,
});

/**
 * `/orders` (document 3 §2.3, §4 M24, §5): the selected property's issued gift cards with search, filters (sold
 * days, status, delivery status, delivery method, kind), code and expiration sortable, 10 a page; each card's
 * actions (mark used, mark unused, mark delivered, send by e-mail through M24) and its details drawer with the
 * card's history.
 */
export function GiftCardOrdersPage() {
  const { t } = useTranslation();
  const formats = usePropertyFormats();
  const kit = usePropertyListKit<GiftCard, Filters>({
    root: GIFT_CARDS_KEY,
    name: 'cards',
    filters: NO_FILTERS,
    search: usePageSearch<OrdersSearch>().term,
    read: (client, { propertyId, term, filters, sort, page }, signal) =>
      client.giftCards.list({ query: ordersQuery(propertyId, term, filters, sort, page) }, { signal }),
  });
  const { property, today, reload, filters, filter } = kit;
  const { client } = useServices();
  const download = useGiftCardDownload();
  const exportAs = (exportFormat: ExportFormat) =>
    property &&
    download.start(
      () =>
        client.giftCards.export({
          query: { ...ordersFilters(property.id, kit.term, filters, kit.sort), exportFormat },
        }),
      `gift-cards.${exportFormat}`,
    );
  const [acting, setActing] = useState<{ card: GiftCard; action: CardAction } | null>(null);
  const [details, setDetails] = useState<GiftCard | null>(null);
  const [booking, setBooking] = useState<GiftCard | null>(null);
  const files = useCardFiles(property?.id ?? null);
  const [ledger, setLedger] = useState(false);
  if (!property)
    return <NoPropertyPage heading={t('gift_card_orders.heading')} text={t('gift_cards.no_property')} />;
  const columns: TableColumn<GiftCard>[] = [
    {
      id: 'created',
      label: t('gift_card_orders.columns.created'),
      nowrap: true,
      render: (c) => formats.instantDay(c.createdAt),
    },
    {
      id: 'status',
      label: t('gift_card_orders.columns.status'),
      render: (c) => t(c.booked ? 'gift_card_orders.used' : 'gift_card_orders.unused'),
    },
    {
      id: 'code',
      label: t('gift_card_orders.columns.code'),
      sortable: true,
      isRowHeader: true,
      render: (c) => <code>{c.generatedId}</code>,
    },
    {
      id: 'expiration',
      label: t('gift_card_orders.columns.expiration'),
      sortable: true,
      nowrap: true,
      render: (c) => formatDay(c.expirationDate),
    },
    {
      id: 'price',
      label: t('gift_card_orders.columns.price'),
      numeric: true,
      render: (c) => formats.money(c.netPrice),
    },
    { id: 'purchaser', label: t('gift_card_orders.columns.purchaser'), render: (c) => c.buyerName ?? '' },
    {
      id: 'recipient',
      label: t('gift_card_orders.columns.recipient'),
      render: (c) => `${c.name} <${c.email}>`,
    },
    { id: 'supplier', label: t('gift_card_orders.columns.supplier'), render: (c) => c.supplierName },
    {
      id: 'source',
      label: t('gift_card_orders.columns.source'),
      render: (c) => t(`gift_card_orders.sources.${c.sourceOfSale}`),
    },
    {
      id: 'delivery',
      label: t('gift_card_orders.columns.delivery'),
      render: (c) => t(c.delivered ? 'gift_card_orders.sent' : 'gift_card_orders.not_sent'),
    },
    {
      id: 'actions',
      label: t('gift_card_orders.columns.actions'),
      hideLabelOnPhone: true,
      render: (c) => {
        // The card's machine says which actions it takes (its guards), before one is open.
        const offers = issuedCardOffers({ card: stateOf(c), today });
        return (
          <Menu label={t('gift_card_orders.actions_of', { code: c.generatedId })} trigger="⋯" iconOnly>
            <MenuItem
              isDisabled={!offers.can({ type: 'markUsed.open' })}
              onAction={() => setActing({ card: c, action: 'used' })}
            >
              {t('gift_card_orders.mark_used')}
            </MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'markUnused.open' })}
              onAction={() => setActing({ card: c, action: 'unused' })}
            >
              {t('gift_card_orders.mark_unused')}
            </MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'markDelivered.open' })}
              onAction={() => setActing({ card: c, action: 'delivered' })}
            >
              {t('gift_card_orders.mark_delivered')}
            </MenuItem>
            <MenuItem
              isDisabled={!offers.can({ type: 'sendEmail.open' })}
              onAction={() => setActing({ card: c, action: 'send' })}
            >
              {t('gift_card_orders.send')}
            </MenuItem>
            <MenuItem isDisabled={!c.agentBooking} onAction={() => setBooking(c)}>
              {t('gift_card_orders.show_booking')}
            </MenuItem>
            <MenuItem onAction={() => files.pdf(c)}>{t('gift_card_pdfs.download_pdf')}</MenuItem>
            <MenuItem onAction={() => files.qr(c)}>{t('gift_card_pdfs.download_qr')}</MenuItem>
            <MenuItem onAction={() => setDetails(c)}>{t('gift_card_orders.details')}</MenuItem>
          </Menu>
        );
      },
    },
  ];
  /** A filter's select: "Any", then its values (`gift_card_orders.filters.<words>.<value>`). */
  const choice = <K extends 'status' | 'delivery' | 'method' | 'kind'>(
    field: K,
    words: string,
    values: readonly Exclude<Filters[K], 'any'>[],
  ) => (
    <Select
      label={t(`gift_card_orders.filters.${field}`)}
      options={[
        { id: ANY, label: t('gift_card_orders.any') },
        ...values.map((id) => ({ id, label: t(`gift_card_orders.filters.${words}.${id}`) })),
      ]}
      selectedKey={filters[field]}
      onSelectionChange={(value) => filter({ [field]: value } as Partial<Filters>)}
    />
  );
  return (
    <ListPage
      heading={t('gift_card_orders.heading')}
      actions={
        <Button variant="secondary" aria-expanded={ledger} onPress={() => setLedger(!ledger)}>
          {t('gift_card_orders.liability.open')}
        </Button>
      }
      notices={
        ledger ? (
          <Suspense fallback={<LoadingSkeleton label={t('admin.loading')} />}>
            <LiabilityReport propertyId={property.id} timezone={property.timezone ?? null} />
          </Suspense>
        ) : null
      }
      search={t('gift_card_orders.search')}
      filters={
        <>
          <DateRangePicker
            label={t('gift_card_orders.filters.sold')}
            calendarLabel={t('gift_card_orders.filters.sold_calendar')}
            value={filters.sold}
            onChange={(sold) => filter({ sold })}
          />
          {choice('status', 'statuses', ['unused', 'used'])}
          {choice('delivery', 'deliveries', ['sent', 'not_sent'])}
          {choice('method', 'methods', ['email', 'letter'])}
          {choice('kind', 'kinds', ['gift_card', 'upsell'])}
        </>
      }
      exportMenu={<ExportMenu list={t('gift_card_orders.table')} onExport={exportAs} />}
      kit={kit}
      table={{
        label: t('gift_card_orders.table'),
        columns,
        rowKey: (c) => c.id,
        // Pagination only when more than one page (document 3 §9).
        sortable: true,
        emptyState: <EmptyState title={t('gift_card_orders.empty')} />,
        pagesLabel: t('gift_card_orders.pages'),
      }}
    >
      {acting ? (
        <CardActionDialog
          key={`${acting.card.id}:${acting.action}`}
          card={acting.card}
          action={acting.action}
          propertyId={property.id}
          today={today}
          onDone={() => setActing(null)}
          onChanged={() => void reload()}
        />
      ) : null}
      <BookingDrawer
        card={booking}
        propertyId={property.id}
        today={today}
        onClose={() => setBooking(null)}
        onChanged={() => void reload()}
      />
      <Drawer
        title={details ? t('gift_card_orders.details_title', { code: details.generatedId }) : ''}
        isOpen={details !== null}
        onOpenChange={(open) => {
          if (!open) setDetails(null);
        }}
        side="end"
      >
        {(close) =>
          details ? (
            <>
              <DetailsForm
                key={details.id}
                card={details}
                propertyId={property.id}
                today={today}
                onCancel={close}
                onSaved={(saved) => {
                  setDetails(null);
                  toast.success(t('gift_card_orders.details_saved', { code: saved.generatedId }));
                  void reload();
                }}
              />
              <CardProperties card={details} />
              <CardHistory card={details} propertyId={property.id} />
            </>
          ) : null
        }
      </Drawer>
    </ListPage>
  );
}

/** The details drawer (document 3 §5): the last day (not before today), the recipient's name and e-mail. */
function DetailsForm({
  card,
  propertyId,
  today,
  onCancel,
  onSaved,
}: {
  card: GiftCard;
  propertyId: string;
  today: Day;
  onCancel: () => void;
  onSaved: (card: GiftCard) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [input] = useState(() =>
    formDrawerInput<CardDetailsForm>({
      values: { expirationDate: card.expirationDate as Day, name: card.name, email: card.email },
      validate: (v) => validateCardDetails(v, today),
    }),
  );
  const form = useFormDrawer<CardDetailsForm, GiftCard>(
    input,
    (v) =>
      client.giftCards.updateDetails({
        params: { id: card.id },
        body: { propertyId, expirationDate: v.expirationDate!, name: v.name.trim(), email: v.email.trim() },
      }),
    onSaved,
  );
  const { texts, frame } = useFormFrame(form, {
    expirationDate: t('gift_card_orders.expiration_date'),
    name: t('gift_card_orders.recipient_name'),
    email: t('gift_card_orders.recipient_email'),
  });
  const set = form.change as (values: Partial<CardDetailsForm>) => void;
  return (
    <FormFrame {...frame} onCancel={onCancel} submitLabel={t('gift_card_orders.save')}>
      <DateField
        label={t('gift_card_orders.expiration_date')}
        calendarLabel={t('gift_cards.fields.calendar', { field: t('gift_card_orders.expiration_date') })}
        name="expirationDate"
        value={form.values.expirationDate}
        onChange={(expirationDate) => set({ expirationDate })}
        isRequired
        errorMessage={texts.field('expirationDate')}
      />
      <TextField
        label={t('gift_card_orders.recipient_name')}
        name="name"
        value={form.values.name}
        onChange={(name) => set({ name })}
        isRequired
        errorMessage={texts.field('name')}
      />
      <TextField
        label={t('gift_card_orders.recipient_email')}
        name="email"
        inputMode="email"
        value={form.values.email}
        onChange={(email) => set({ email })}
        isRequired
        errorMessage={texts.field('email')}
      />
    </FormFrame>
  );
}
