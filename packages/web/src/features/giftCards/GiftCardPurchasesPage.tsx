import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  canDownloadPurchasePdfs,
  canEditRecipients,
  canMarkIssued,
  canMarkPaid,
  canRetryIssue,
  changeIssueOrder,
  type Day,
  deviceTimeZone,
  type IssueOrderForm,
  issueOrderFormInput,
  newIssueOrderForm,
  type PurchaseRecord,
  type PurchaseStatusReply,
  parseRecipientPaste,
  pasteRecipients,
  purchaseMachine,
  type RecipientRow,
  todayIn,
  unpaidAllowed,
} from '@tern/core';
import {
  GIFT_CARD_PURCHASES_PAGE_SIZE,
  type GiftCardPurchase,
  type GiftCardPurchasesQuery,
  type GiftCardType,
  SEARCH_TERM_MAX,
} from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { DateRangePicker, type IsoRange } from '../../components/DateRangePicker';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { Menu, MenuItem } from '../../components/Menu';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import type { TableColumn, TableSort } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast, toasts } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import '../admin/admin.css';
import './giftCards.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormTexts } from '../admin/useFormTexts';
import { useErrorText } from '../errors/useErrorText';
import { ListTable } from '../lists/ListTable';
import { useListPage } from '../lists/useListPage';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';
import { type ApiFile, saveFile } from './giftCardFiles';
import { RecipientFields, RecipientPaste } from './RecipientFields';

/** The "being generated" message stays 9 s (document 3 §9). */
export const ZIP_MESSAGE_MS = 9000;
const ANY = 'any';
type StatusFilter = 'any' | 'paid' | 'initiated';

/** The list query of a search, status, days, order and page (document 3 §7 purchases). */
export function purchasesQuery(
  propertyId: string,
  term: string,
  status: StatusFilter,
  sold: IsoRange | null,
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
    ...(sold ? { soldFrom: sold.start, soldTo: sold.end } : {}),
  };
}

/**
 * `/purchases` (document 3 §2.3, §4 M26/M27): the selected property's purchases with search, days, status (all,
 * paid, unpaid), created at, number and total sortable, 10 a page; "Create new purchase" (the issue form, once
 * the types are loaded), mark paid and mark issued on core's purchase machine with their confirmations, and the
 * quantity as the download of the cards' PDFs once issued (an empty reply: the zip is being generated).
 */
export function GiftCardPurchasesPage() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const { property } = useSelectedProperty();
  const queryClient = useQueryClient();
  const view = useListPage<{ status: StatusFilter; sold: IsoRange | null }>({ status: ANY, sold: null });
  const { term, sort, page } = view;
  const { status, sold } = view.filters;
  const [acting, setActing] = useState<{ purchase: GiftCardPurchase; action: PurchaseAction } | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<GiftCardPurchase | null>(null);
  const propertyId = property?.id ?? null;
  const query = propertyId ? purchasesQuery(propertyId, term, status, sold, sort, page) : null;
  const list = useApiQuery(
    [GIFT_CARDS_KEY, 'purchases', query],
    (c, signal) => c.giftCardPurchases.list({ query: query! }, { signal }),
    { enabled: query !== null, placeholderData: keepPreviousData },
  );
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
  const reload = () => queryClient.invalidateQueries({ queryKey: [GIFT_CARDS_KEY] });
  if (!property)
    return (
      <div className="page admin">
        <PageHeading>{t('gift_card_purchases.heading')}</PageHeading>
        <EmptyState title={t('gift_cards.no_property')} />
      </div>
    );
  const money = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n);
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
      render: (p) => p.createdAt.slice(0, 10),
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
      render: (p) => money(p.totalAmount),
    },
    { id: 'email', label: t('gift_card_purchases.columns.email'), render: (p) => p.email },
    { id: 'name', label: t('gift_card_purchases.columns.name'), render: (p) => p.fullName },
    {
      id: 'actions',
      label: t('gift_card_purchases.columns.actions'),
      hideLabelOnPhone: true,
      render: (p) => (
        <Menu label={t('gift_card_purchases.actions_of', { number: p.generatedId })} trigger="⋯">
          <MenuItem isDisabled={!canMarkPaid(p)} onAction={() => setActing({ purchase: p, action: 'paid' })}>
            {t('gift_card_purchases.mark_paid')}
          </MenuItem>
          <MenuItem
            isDisabled={!canMarkIssued(p)}
            onAction={() => setActing({ purchase: p, action: 'issued' })}
          >
            {t('gift_card_purchases.mark_issued')}
          </MenuItem>
          <MenuItem
            isDisabled={!canRetryIssue(p)}
            onAction={() => setActing({ purchase: p, action: 'retried' })}
          >
            {t('gift_card_purchases.retry_issue')}
          </MenuItem>
          <MenuItem isDisabled={!canEditRecipients(p)} onAction={() => setEditing(p)}>
            {t('gift_card_purchases.edit_recipients')}
          </MenuItem>
        </Menu>
      ),
    },
  ];
  const today = todayIn(property.timezone ?? deviceTimeZone()) as Day;
  return (
    <div className="page admin stack">
      <div className="page__header">
        <PageHeading>{t('gift_card_purchases.heading')}</PageHeading>
        <Button isDisabled={!types.data} onPress={() => setCreating(true)}>
          {t('gift_card_purchases.create')}
        </Button>
      </div>
      <div className="admin-panel__toolbar gift-filters">
        <TextField
          label={t('gift_card_purchases.search')}
          type="search"
          value={view.search}
          onChange={view.setSearch}
          maxLength={SEARCH_TERM_MAX}
        />
        <DateRangePicker
          label={t('gift_card_purchases.sold')}
          calendarLabel={t('gift_card_purchases.sold_calendar')}
          value={sold}
          onChange={(range) => view.filter({ sold: range })}
        />
        <Select
          label={t('gift_card_purchases.status_filter')}
          options={(['any', 'paid', 'initiated'] as const).map((id) => ({
            id,
            label: t(`gift_card_purchases.filter.${id}`),
          }))}
          selectedKey={status}
          onSelectionChange={(s) => view.filter({ status: s as StatusFilter })}
        />
      </div>
      <ListTable
        label={t('gift_card_purchases.table')}
        columns={columns}
        list={list}
        rowKey={(p) => p.id}
        sort={sort}
        onSortChange={view.sortBy}
        emptyState={<EmptyState title={t('gift_card_purchases.empty')} />}
        pagesLabel={t('gift_card_purchases.pages')}
        page={page}
        onPageChange={view.setPage}
      />
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
          <RecipientsForm
            key={editing.id}
            purchase={editing}
            propertyId={property.id}
            onDone={() => setEditing(null)}
            onChanged={reload}
          />
        ) : null}
      </Drawer>
      <Drawer
        title={t('gift_card_purchases.create')}
        isOpen={creating}
        onOpenChange={(open) => setCreating(open)}
      >
        {creating && types.data ? (
          <PurchaseForm
            types={types.data}
            propertyId={property.id}
            today={today}
            onCancel={() => setCreating(false)}
            onCreated={(made) => {
              setCreating(false);
              toast.success(t('gift_card_purchases.created', { number: made.generatedId }));
              void reload();
            }}
          />
        ) : null}
      </Drawer>
    </div>
  );
}

type PurchaseAction = 'paid' | 'issued' | 'retried';
const ASK = { paid: 'markPaid.ask', issued: 'markIssued.ask', retried: 'retryIssue.ask' } as const;
const WORDS = {
  paid: {
    title: 'gift_card_purchases.confirm_paid_title',
    label: 'gift_card_purchases.mark_paid',
    text: 'gift_card_purchases.confirm_paid',
  },
  issued: {
    title: 'gift_card_purchases.confirm_issued_title',
    label: 'gift_card_purchases.mark_issued',
    text: 'gift_card_purchases.confirm_issued',
  },
  retried: {
    title: 'gift_card_purchases.confirm_retry_title',
    label: 'gift_card_purchases.retry_issue',
    text: 'gift_card_purchases.confirm_retry',
  },
} as const;

const recordOf = (p: GiftCardPurchase): PurchaseRecord => ({
  id: p.id,
  status: p.status,
  issuedStatus: p.issuedStatus,
  quantity: p.quantity,
  orderRecipients: p.orderRecipients,
});

/**
 * Mark paid, mark issued or retry a failed delivery on core's purchase machine (M26): asked at once, confirmed,
 * sent once.
 */
function PurchaseActionDialog({
  purchase,
  action,
  propertyId,
  onDone,
  onChanged,
}: {
  purchase: GiftCardPurchase;
  action: PurchaseAction;
  propertyId: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const logic = useMemo(
    () =>
      purchaseMachine.provide({
        actors: {
          markPaid: fromPromise<PurchaseStatusReply, { id: string }>(({ input }: { input: { id: string } }) =>
            client.giftCardPurchases.markPaid({ params: { id: input.id }, body: { propertyId } }),
          ),
          markIssued: fromPromise<PurchaseStatusReply, { id: string }>(
            ({ input }: { input: { id: string } }) =>
              client.giftCardPurchases.markIssued({ params: { id: input.id }, body: { propertyId } }),
          ),
          retryIssue: fromPromise<PurchaseStatusReply, { id: string }>(
            ({ input }: { input: { id: string } }) =>
              client.giftCardPurchases.retryIssue({ params: { id: input.id }, body: { propertyId } }),
          ),
        },
      }),
    [client, propertyId],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { purchase: recordOf(purchase) } });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    send({ type: ASK[action] });
  }, [send, action]);
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('purchase.changed', () => changedRef.current());
    return () => subscription.unsubscribe();
  }, [actor]);
  const { notice, error } = snapshot.context;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (notice) {
      toast.success(t(`gift_card_purchases.notice_${notice}`));
      doneRef.current();
    } else if (error) {
      toast.error(t('general.error_message'), errorText(error));
      doneRef.current();
    }
  }, [notice, error, t, errorText]);
  const confirming =
    snapshot.matches({ markingPaid: 'confirming' }) ||
    snapshot.matches({ markingIssued: 'confirming' }) ||
    snapshot.matches({ retryingIssue: 'confirming' });
  const words = WORDS[action];
  return (
    <AlertDialog
      title={t(words.title)}
      isOpen={confirming}
      onOpenChange={() => {}}
      confirmLabel={t(words.label)}
      onConfirm={() => send({ type: 'confirm' })}
      cancelLabel={t('gift_cards.cancel')}
      onCancel={() => {
        send({ type: 'cancel' });
        onDone();
      }}
    >
      {t(words.text, {
        number: purchase.generatedId,
        count: purchase.quantity,
      })}
    </AlertDialog>
  );
}

/**
 * A pending purchase's recipients (document 3 §5 Purchase recipients, M26) on core's purchase machine: one row per
 * card, typed or pasted from a sheet; saved when every row is valid or every row is empty (sent as none).
 */
function RecipientsForm({
  purchase,
  propertyId,
  onDone,
  onChanged,
}: {
  purchase: GiftCardPurchase;
  propertyId: string;
  onDone: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const logic = useMemo(
    () =>
      purchaseMachine.provide({
        actors: {
          updateRecipients: fromPromise<RecipientRow[], { id: string; recipients: RecipientRow[] }>(
            async ({ input }) =>
              (
                await client.giftCardPurchases.updateRecipients({
                  params: { id: input.id },
                  body: { propertyId, recipientsInfo: input.recipients },
                })
              ).orderRecipients,
          ),
        },
      }),
    [client, propertyId],
  );
  const [snapshot, send] = useMachine(logic, { input: { purchase: recordOf(purchase) } });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send({ type: 'recipients.edit' });
  }, [send]);
  const { rows, rowErrors, notice, error } = snapshot.context;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  useEffect(() => {
    if (notice === 'recipients_updated') {
      toast.success(t('gift_card_purchases.notice_recipients_updated'));
      changedRef.current();
      doneRef.current();
    }
  }, [notice, t]);
  const busy = snapshot.hasTag('busy');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'recipients.save' });
  };
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(error)}
        </Alert>
      ) : null}
      <RecipientPaste onFill={(text) => send({ type: 'recipients.paste', index: 0, text })} />
      <RecipientFields
        rows={rows}
        onChange={(index, row) => send({ type: 'recipients.change', index, row })}
        errorOf={(field) => (rowErrors[field] ? t(rowErrors[field]!) : null)}
      />
      <div className="admin-form__actions">
        <Button
          variant="secondary"
          onPress={() => {
            send({ type: 'cancel' });
            onDone();
          }}
        >
          {t('gift_cards.cancel')}
        </Button>
        <Button type="submit" isDisabled={busy}>
          {t('gift_card_purchases.save_recipients')}
        </Button>
      </div>
    </form>
  );
}

const shown = (v: number | null) => (v === null || Number.isNaN(v) ? '' : String(v));
const read = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The issue order form as a purchase (document 3 §3, §5): core's rules on the form drawer machine — a type, a
 * buyer, a price, a quantity (within the type's stock) the recipients' rows follow, paid or unpaid (a single card
 * is paid), a custom last day. One Idempotency-Key per drawer (the client's, for a create).
 */
function PurchaseForm({
  types,
  propertyId,
  today,
  onCancel,
  onCreated,
}: {
  types: GiftCardType[];
  propertyId: string;
  today: Day;
  onCancel: () => void;
  onCreated: (made: GiftCardPurchase) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [type, setType] = useState<GiftCardType | null>(types[0] ?? null);
  const [input] = useState(() =>
    issueOrderFormInput(newIssueOrderForm(type), { today, stock: type?.stock ?? null }),
  );
  const form = useFormDrawer<IssueOrderForm, GiftCardPurchase>(
    input,
    (v) =>
      client.giftCardPurchases.create({
        body: {
          propertyId,
          giftCardTypeId: v.giftCardTypeId!,
          name: v.name.trim(),
          email: v.email.trim(),
          companyRegistrationNumber: v.companyRegistrationNumber.trim(),
          phone: v.phone.trim(),
          address: v.address.trim(),
          city: v.city.trim(),
          country: v.country.trim(),
          netPrice: v.netPrice!,
          quantity: v.quantity!,
          customExpirationDate: v.customExpirationDate,
          purchaseState: v.purchaseState,
          recipientsInfo: v.recipients.map((r) => ({ name: r.name.trim(), email: r.email.trim() })),
        },
      }),
    onCreated,
  );
  const texts = useFormTexts(form);
  const v = form.values;
  const set = (patch: Partial<IssueOrderForm>, chosen: GiftCardType | null = type) =>
    (form.change as (values: Partial<IssueOrderForm>) => void)(changeIssueOrder(v, patch, chosen));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  const text = (
    field: 'name' | 'email' | 'phone' | 'companyRegistrationNumber' | 'address' | 'city' | 'country',
    required = false,
  ) => (
    <TextField
      label={t(`gift_card_purchases.form.${field}`)}
      value={v[field]}
      onChange={(value) => set({ [field]: value })}
      isRequired={required}
      errorMessage={texts.field(field)}
    />
  );
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {texts.failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {texts.failure}
        </Alert>
      ) : null}
      <Select
        label={t('gift_card_purchases.form.type')}
        options={types.map((x) => ({
          id: x.id,
          label: `${x.title} · ${t('gift_card_issue.stock', { stock: x.stock })}`,
        }))}
        selectedKey={v.giftCardTypeId ?? ''}
        onSelectionChange={(id) => {
          const chosen = types.find((x) => x.id === id) ?? null;
          setType(chosen);
          set({ giftCardTypeId: chosen?.id ?? null }, chosen);
        }}
      />
      <div className="admin-form__grid">
        {text('name', true)}
        {text('email', true)}
        {text('companyRegistrationNumber')}
        {text('phone')}
        {text('address')}
        {text('city')}
        {text('country')}
        <TextField
          label={t('gift_card_issue.net_price')}
          inputMode="numeric"
          value={shown(v.netPrice)}
          onChange={(s) => set({ netPrice: read(s) })}
          isRequired
          errorMessage={texts.field('netPrice')}
        />
        <TextField
          label={t('gift_card_issue.quantity')}
          inputMode="numeric"
          value={shown(v.quantity)}
          onChange={(s) => set({ quantity: read(s) })}
          isRequired
          errorMessage={texts.field('quantity')}
        />
        <TextField
          label={t('gift_card_issue.custom_expiration')}
          value={v.customExpirationDate ?? ''}
          onChange={(s) => set({ customExpirationDate: (s.trim() || null) as Day | null })}
          errorMessage={texts.field('customExpirationDate')}
        />
        <Select
          label={t('gift_card_purchases.form.purchase_state')}
          options={[
            { id: 'paid', label: t('gift_card_purchases.statuses.paid') },
            // Document 3 §4: a quantity of 1 forces paid and offers no unpaid.
            ...(unpaidAllowed(v.quantity)
              ? [{ id: 'unpaid', label: t('gift_card_purchases.statuses.initiated') }]
              : []),
          ]}
          selectedKey={v.purchaseState}
          onSelectionChange={(s) => set({ purchaseState: s as IssueOrderForm['purchaseState'] })}
        />
      </div>
      <RecipientPaste
        onFill={(text) => {
          const rows = parseRecipientPaste(text);
          if (rows.length === 0) return;
          const recipients = pasteRecipients([], 0, rows);
          set({ recipients, quantity: recipients.length });
        }}
      />
      <RecipientFields
        rows={v.recipients}
        onChange={(i, patch) =>
          set({ recipients: v.recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
        }
        errorOf={texts.field}
        isRequired
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('gift_cards.cancel')}
        </Button>
        <Button type="submit" isDisabled={form.busy}>
          {t('gift_card_purchases.create')}
        </Button>
      </div>
    </form>
  );
}
