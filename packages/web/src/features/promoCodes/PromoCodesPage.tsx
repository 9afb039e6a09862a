import type { Day } from '@tern/core/dates';
import { formatDay, parseNumber } from '@tern/core/format';
import {
  PROMO_LABEL_COLOURS,
  type PromoDraft,
  promoBodyOf,
  promoFormInput,
  promoLabel,
  promoQuickRanges,
  validFromMinimum,
} from '@tern/core/promoCodes';
import { PROMO_CODES_PAGE_SIZE, type PromoCode, type PromoCodeType } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { DateRangePicker } from '../../components/DateRangePicker';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { NumberField, numberText } from '../../components/NumberField';
import { Select } from '../../components/Select';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import '../admin/admin.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { useErrorText } from '../errors/useErrorText';
import { ListPage, NoPropertyPage } from '../lists/ListPage';
import { RowDrawer } from '../lists/RowDrawer';
import { usePropertyListKit } from '../lists/useListKit';
import { PromoAppliesTo } from './PromoAppliesTo';

/** The promo drawer: 1000 px, the whole window at 900 px or less (document 2 §2). */
const PROMO_DRAWER_WIDTH = '1000px';
const KEY = 'promoCodes';

/**
 * `/promocodes` (document 2 §2 promo codes page, §3–§5, §8): the selected property's codes with search, 10 a
 * page, the pager shown even on one page (DECISIONS 18); a drawer to add or edit one; each code's status
 * label (core's M21) in its colour.
 */
export function PromoCodesPage() {
  const { t } = useTranslation();
  const formats = usePropertyFormats();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const kit = usePropertyListKit<PromoCode>({
    root: KEY,
    name: 'list',
    read: (client, { propertyId, term, page }, signal) =>
      client.promoCodes.list(
        {
          query: {
            propertyId,
            page,
            limit: PROMO_CODES_PAGE_SIZE,
            orderBy: 'created_at',
            orderDirection: 'desc',
            ...(term ? { term } : {}),
          },
        },
        { signal },
      ),
  });
  const { property, today } = kit;
  const money = (promo: PromoCode) =>
    promo.codeType === 'percentage' ? `${promo.amount} %` : formats.money(promo.amount);
  const columns: TableColumn<PromoCode>[] = [
    { id: 'name', label: t('promo_codes.name'), render: (p) => p.name, isRowHeader: true },
    { id: 'code', label: t('promo_codes.code'), render: (p) => <code>{p.code}</code> },
    { id: 'amount', label: t('promo_codes.discount'), numeric: true, render: money },
    {
      id: 'usage',
      label: t('promo_codes.usage'),
      numeric: true,
      render: (p) => (p.usageLimit === null ? String(p.usageCount) : `${p.usageCount} / ${p.usageLimit}`),
    },
    {
      id: 'validity',
      label: t('promo_codes.validity'),
      nowrap: true,
      render: (p) =>
        p.validFrom || p.validTo
          ? `${p.validFrom ? formatDay(p.validFrom) : '…'} – ${p.validTo ? formatDay(p.validTo) : '…'}`
          : t('promo_codes.always'),
    },
    {
      id: 'status',
      label: t('promo_codes.status'),
      render: (p) => {
        const label = promoLabel(p, today);
        return (
          <span className={`promo-tag promo-tag--${PROMO_LABEL_COLOURS[label]}`}>
            {t(`promo_codes.labels.${label}`)}
          </span>
        );
      },
    },
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (p) => (
        <Button variant="secondary" onPress={() => setEditing(p)}>
          {t('promo_codes.edit_named', { name: p.name })}
        </Button>
      ),
    },
  ];
  if (!property)
    return <NoPropertyPage heading={t('promo_codes.heading')} text={t('promo_codes.no_property')} />;
  return (
    <ListPage
      heading={t('promo_codes.heading')}
      actions={<Button onPress={() => setEditing('new')}>{t('promo_codes.create')}</Button>}
      search={t('promo_codes.search')}
      kit={kit}
      table={{
        label: t('promo_codes.table'),
        columns,
        rowKey: (p) => p.id,
        emptyState: <EmptyState title={t('promo_codes.empty')}>{t('promo_codes.empty_text')}</EmptyState>,
        pagesLabel: t('promo_codes.pages'),
        // The pager is shown even on a single page (document 2 §2, DECISIONS 18).
        pagerAlways: true,
      }}
    >
      <RowDrawer
        row={editing}
        title={t(editing === 'new' ? 'promo_codes.create' : 'promo_codes.edit')}
        width={PROMO_DRAWER_WIDTH}
        onClose={() => setEditing(null)}
      >
        {(row, close) => (
          <PromoForm
            propertyId={property.id}
            today={today}
            promo={row}
            onCancel={close}
            onSaved={(saved, created) => {
              setEditing(null);
              toast.success(
                t(created ? 'promo_codes.created' : 'general.success_message', { name: saved.name }),
              );
              void kit.reload();
            }}
          />
        )}
      </RowDrawer>
    </ListPage>
  );
}

/** Messages the document shows as they are (document 2 §8): a duplicate code, a price under the minimum. */
const SHOWN_AS_IS = new Set(['promo_code_taken']);

/** The promo drawer: core's `formDrawerMachine` with the promo rules (`promoFormInput`); this only draws it. */
function PromoForm({
  propertyId,
  today,
  promo,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  today: Day;
  promo: PromoCode | null;
  onCancel: () => void;
  onSaved: (promo: PromoCode, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const [input] = useState(() => promoFormInput(promo, today));
  const form = useFormDrawer<PromoDraft, PromoCode>(
    input,
    (draft) => {
      const body = promoBodyOf(draft, propertyId);
      return promo
        ? client.promoCodes.update({ params: { id: promo.id }, body })
        : client.promoCodes.create({ body });
    },
    (saved) => onSaved(saved, promo === null),
  );
  const { values: draft } = form;
  const set = form.change;
  // A fixed amount is in the property's currency: its decimals (ISK none, KWD 3).
  const currency = useSelectedProperty().property?.currency;
  const { texts, frame } = useFormFrame(form, {
    name: t('promo_codes.name'),
    code: t('promo_codes.code'),
    amount: t(draft.codeType === 'percentage' ? 'promo_codes.percent' : 'promo_codes.amount'),
    usageLimit: t('promo_codes.usage_limit'),
    validFrom: t('promo_codes.validity'),
    validTo: t('promo_codes.validity'),
  });
  const err = texts.field;
  const keptFrom = promo?.validFrom ?? null;
  const failure = form.failure
    ? form.failure.code && SHOWN_AS_IS.has(form.failure.code)
      ? errorText(form.failure)
      : t('general.error_description')
    : null;

  return (
    <FormFrame
      {...frame}
      failure={failure}
      onCancel={onCancel}
      submitLabel={t(promo ? 'admin.save' : 'promo_codes.create')}
    >
      <div className="admin-form__grid">
        <TextField
          label={t('promo_codes.name')}
          name="name"
          value={draft.name}
          onChange={(name) => set({ name })}
          isRequired
          errorMessage={err('name')}
        />
        <TextField
          label={t('promo_codes.code')}
          name="code"
          value={draft.code}
          onChange={(code) => set({ code })}
          isRequired
          errorMessage={err('code')}
        />
        <Select
          label={t('promo_codes.type')}
          options={[
            { id: 'percentage', label: t('promo_codes.types.percentage') },
            { id: 'fixed_amount', label: t('promo_codes.types.fixed_amount') },
          ]}
          selectedKey={draft.codeType}
          onSelectionChange={(codeType) => set({ codeType: codeType as PromoCodeType })}
        />
        <NumberField
          name="amount"
          label={t(draft.codeType === 'percentage' ? 'promo_codes.percent' : 'promo_codes.amount')}
          currency={draft.codeType === 'fixed_amount' ? currency : undefined}
          value={parseNumber(draft.amount)}
          onChange={(amount) => set({ amount: numberText(amount) })}
          isRequired
          errorMessage={err('amount')}
        />
        <NumberField
          name="usageLimit"
          label={t('promo_codes.usage_limit')}
          description={t('promo_codes.usage_limit_hint')}
          keypad="whole"
          value={parseNumber(draft.usageLimit)}
          onChange={(usageLimit) => set({ usageLimit: numberText(usageLimit) })}
          errorMessage={err('usageLimit')}
        />
      </div>
      <DateRangePicker
        startName="validFrom"
        endName="validTo"
        label={t('promo_codes.validity')}
        calendarLabel={t('promo_codes.validity_calendar')}
        value={draft.validFrom && draft.validTo ? { start: draft.validFrom, end: draft.validTo } : null}
        onChange={(range) =>
          set({
            validFrom: (range?.start ?? null) as Day | null,
            validTo: (range?.end ?? null) as Day | null,
          })
        }
        minValue={validFromMinimum(today, keptFrom)}
        errorMessage={err('validFrom') ?? err('validTo')}
        visibleMonths={2}
      />
      <fieldset className="admin-quick">
        <legend className="visually-hidden">{t('promo_codes.quick_ranges')}</legend>
        {promoQuickRanges(today).map((range) => (
          <Button
            key={range.id}
            variant="secondary"
            onPress={() => set({ validFrom: range.from, validTo: range.to })}
          >
            {t(`promo_codes.quick.${range.id}`)}
          </Button>
        ))}
        <Button variant="quiet" onPress={() => set({ validFrom: null, validTo: null })}>
          {t('promo_codes.quick.clear')}
        </Button>
      </fieldset>
      <PromoAppliesTo
        propertyId={propertyId}
        value={draft.appliesTo}
        onChange={(appliesTo) => set({ appliesTo })}
      />
      <Checkbox isSelected={draft.active} onChange={(active) => set({ active })}>
        {t('promo_codes.active')}
      </Checkbox>
    </FormFrame>
  );
}
