import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  type CardDetailsForm,
  canMarkDelivered,
  canMarkUsed,
  type Day,
  deviceTimeZone,
  formatDay,
  formDrawerInput,
  todayIn,
  validateCardDetails,
} from '@tern/core';
import {
  GIFT_CARDS_PAGE_SIZE,
  type GiftCard,
  type GiftCardKind,
  type GiftCardsQuery,
  SEARCH_TERM_MAX,
} from '@tern/sdk';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { DateRangePicker, type IsoRange } from '../../components/DateRangePicker';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { Menu, MenuItem } from '../../components/Menu';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import type { TableColumn, TableSort } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import '../admin/admin.css';
import './giftCards.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormTexts } from '../admin/useFormTexts';
import { ListTable } from '../lists/ListTable';
import { useListPage } from '../lists/useListPage';
import { BookingDrawer } from './BookingDrawer';
import { type CardAction, CardActionDialog } from './CardActionDialog';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';
import { useCardFiles } from './giftCardFiles';

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

/** The list query of a search, filters, order and page (document 3 §7 gift_cards). */
export function ordersQuery(
  propertyId: string,
  term: string,
  filters: Filters,
  sort: TableSort | null,
  page: number,
): GiftCardsQuery {
  return {
    propertyId,
    page,
    limit: GIFT_CARDS_PAGE_SIZE,
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

/**
 * `/orders` (document 3 §2.3, §4 M24, §5): the selected property's issued gift cards with search, filters (sold
 * days, status, delivery status, delivery method, kind), code and expiration sortable, 10 a page; each card's
 * actions (mark used, mark unused, mark delivered through M24) and its details drawer.
 */
export function GiftCardOrdersPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const formats = usePropertyFormats();
  const queryClient = useQueryClient();
  const view = useListPage<Filters>(NO_FILTERS);
  const { term, filters, sort, page, filter } = view;
  const [acting, setActing] = useState<{ card: GiftCard; action: CardAction } | null>(null);
  const [details, setDetails] = useState<GiftCard | null>(null);
  const [booking, setBooking] = useState<GiftCard | null>(null);
  const files = useCardFiles(property?.id ?? null);
  const [ledger, setLedger] = useState(false);
  const propertyId = property?.id ?? null;
  const query = propertyId ? ordersQuery(propertyId, term, filters, sort, page) : null;
  const list = useApiQuery(
    [GIFT_CARDS_KEY, 'cards', query],
    (client, signal) => client.giftCards.list({ query: query! }, { signal }),
    { enabled: query !== null, placeholderData: keepPreviousData },
  );
  const reload = () => queryClient.invalidateQueries({ queryKey: [GIFT_CARDS_KEY] });
  if (!property)
    return (
      <div className="page admin">
        <PageHeading>{t('gift_card_orders.heading')}</PageHeading>
        <EmptyState title={t('gift_cards.no_property')} />
      </div>
    );
  const today = todayIn(property.timezone ?? deviceTimeZone());
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
      render: (c) => (
        <Menu label={t('gift_card_orders.actions_of', { code: c.generatedId })} trigger="⋯">
          <MenuItem isDisabled={!canMarkUsed(c)} onAction={() => setActing({ card: c, action: 'used' })}>
            {t('gift_card_orders.mark_used')}
          </MenuItem>
          <MenuItem isDisabled={!c.booked} onAction={() => setActing({ card: c, action: 'unused' })}>
            {t('gift_card_orders.mark_unused')}
          </MenuItem>
          <MenuItem
            isDisabled={!canMarkDelivered(c)}
            onAction={() => setActing({ card: c, action: 'delivered' })}
          >
            {t('gift_card_orders.mark_delivered')}
          </MenuItem>
          <MenuItem isDisabled={!c.agentBooking} onAction={() => setBooking(c)}>
            {t('gift_card_orders.show_booking')}
          </MenuItem>
          <MenuItem onAction={() => files.pdf(c)}>{t('gift_card_pdfs.download_pdf')}</MenuItem>
          <MenuItem onAction={() => files.qr(c)}>{t('gift_card_pdfs.download_qr')}</MenuItem>
          <MenuItem onAction={() => setDetails(c)}>{t('gift_card_orders.details')}</MenuItem>
        </Menu>
      ),
    },
  ];
  const anyOption = { id: ANY, label: t('gift_card_orders.any') };
  return (
    <div className="page admin stack">
      <div className="page__header">
        <PageHeading>{t('gift_card_orders.heading')}</PageHeading>
        <Button variant="secondary" aria-expanded={ledger} onPress={() => setLedger(!ledger)}>
          {t('gift_card_orders.liability.open')}
        </Button>
      </div>
      {ledger ? (
        <Suspense fallback={<Spinner label={t('admin.loading')} />}>
          <LiabilityReport propertyId={property.id} timezone={property.timezone ?? null} />
        </Suspense>
      ) : null}
      <div className="admin-panel__toolbar gift-filters">
        <TextField
          label={t('gift_card_orders.search')}
          type="search"
          value={view.search}
          onChange={view.setSearch}
          maxLength={SEARCH_TERM_MAX}
        />
        <DateRangePicker
          label={t('gift_card_orders.filters.sold')}
          calendarLabel={t('gift_card_orders.filters.sold_calendar')}
          value={filters.sold}
          onChange={(sold) => filter({ sold })}
        />
        <Select
          label={t('gift_card_orders.filters.status')}
          options={[
            anyOption,
            ...(['unused', 'used'] as const).map((id) => ({
              id,
              label: t(`gift_card_orders.filters.statuses.${id}`),
            })),
          ]}
          selectedKey={filters.status}
          onSelectionChange={(status) => filter({ status: status as Filters['status'] })}
        />
        <Select
          label={t('gift_card_orders.filters.delivery')}
          options={[
            anyOption,
            ...(['sent', 'not_sent'] as const).map((id) => ({
              id,
              label: t(`gift_card_orders.filters.deliveries.${id}`),
            })),
          ]}
          selectedKey={filters.delivery}
          onSelectionChange={(delivery) => filter({ delivery: delivery as Filters['delivery'] })}
        />
        <Select
          label={t('gift_card_orders.filters.method')}
          options={[
            anyOption,
            ...(['email', 'letter'] as const).map((id) => ({
              id,
              label: t(`gift_card_orders.filters.methods.${id}`),
            })),
          ]}
          selectedKey={filters.method}
          onSelectionChange={(method) => filter({ method: method as Filters['method'] })}
        />
        <Select
          label={t('gift_card_orders.filters.kind')}
          options={[
            anyOption,
            ...(['gift_card', 'upsell'] as const).map((id) => ({
              id,
              label: t(`gift_card_orders.filters.kinds.${id}`),
            })),
          ]}
          selectedKey={filters.kind}
          onSelectionChange={(kind) => filter({ kind: kind as Filters['kind'] })}
        />
      </div>
      {/* Pagination only when more than one page (document 3 §9). */}
      <ListTable
        label={t('gift_card_orders.table')}
        columns={columns}
        list={list}
        rowKey={(c) => c.id}
        sort={sort}
        onSortChange={view.sortBy}
        emptyState={<EmptyState title={t('gift_card_orders.empty')} />}
        pagesLabel={t('gift_card_orders.pages')}
        page={page}
        onPageChange={view.setPage}
      />
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
          ) : null
        }
      </Drawer>
    </div>
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
  const texts = useFormTexts(form);
  const set = form.change as (values: Partial<CardDetailsForm>) => void;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {texts.failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {texts.failure}
        </Alert>
      ) : null}
      <TextField
        label={t('gift_card_orders.expiration_date')}
        value={form.values.expirationDate ?? ''}
        onChange={(s) => set({ expirationDate: (s.trim() || null) as Day | null })}
        isRequired
        errorMessage={texts.field('expirationDate')}
      />
      <TextField
        label={t('gift_card_orders.recipient_name')}
        value={form.values.name}
        onChange={(name) => set({ name })}
        isRequired
        errorMessage={texts.field('name')}
      />
      <TextField
        label={t('gift_card_orders.recipient_email')}
        inputMode="email"
        value={form.values.email}
        onChange={(email) => set({ email })}
        isRequired
        errorMessage={texts.field('email')}
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('gift_card_orders.cancel')}
        </Button>
        <Button type="submit" isDisabled={form.busy}>
          {t('gift_card_orders.save')}
        </Button>
      </div>
    </form>
  );
}
