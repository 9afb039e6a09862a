import { useQueryClient } from '@tanstack/react-query';
import { cancellationFormInput, hotelPolicyFormInput } from '@tern/core/admin';
import type { CancellationPolicyBody, HotelPolicyBody, PropertyPolicies } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { NumberField } from '../../components/NumberField';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { LoadingSkeleton } from '../../components/Skeleton';
import type { TableColumn } from '../../components/Table';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { DeleteDialog } from '../lists/DeleteDialog';
import { ListPage } from '../lists/ListPage';
import { wholeList } from '../lists/ListTable';
import { RowDrawer } from '../lists/RowDrawer';
import { useReload } from '../lists/useListKit';
import { SettingsFrame } from './SettingsFrame';
import '../admin/admin.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { QueryErrorState } from '../errors/QueryErrorState';
import { useErrorText } from '../errors/useErrorText';

const KEY = 'policies';
type CancellationRow = PropertyPolicies['cancellationPolicies'][number];
const HOTEL_TIMES = ['checkinFromTime', 'checkinToTime', 'checkoutFromTime', 'checkoutToTime'] as const;

/**
 * `/settings/policies`: the selected property's hotel policy and cancellation policies — what the booking engine
 * shows and applies. A change applies to bookings made afterwards; booked rooms keep the policy they were sold
 * with (the server versions a used policy).
 */
export function PoliciesPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const id = property?.id ?? null;
  const policies = useApiQuery(
    [KEY, id],
    (client, signal) => client.policies.get({ params: { propertyId: id! } }, { signal }),
    { enabled: id !== null },
  );
  return (
    <SettingsFrame>
      <div className="page admin stack">
        <PageHeading>{t('policies.heading')}</PageHeading>
        <p>{t('policies.intro')}</p>
        {!property ? (
          <EmptyState title={t('policies.no_property')} />
        ) : policies.isPending ? (
          <LoadingSkeleton label={t('general.loading')} />
        ) : policies.error ? (
          <QueryErrorState query={policies} />
        ) : (
          <>
            <HotelPolicyForm key={`hotel-${property.id}`} propertyId={property.id} policies={policies.data} />
            <CancellationPolicies propertyId={property.id} policies={policies.data} />
          </>
        )}
      </div>
    </SettingsFrame>
  );
}

/** The hotel policy form, started afresh from what each save returned (its machine ends at `saved`). */
function HotelPolicyForm({ propertyId, policies }: { propertyId: string; policies: PropertyPolicies }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState({ policies, round: 0 });
  return (
    <HotelPolicyFields
      key={current.round}
      propertyId={propertyId}
      policies={current.policies}
      onSaved={(saved) => {
        queryClient.setQueryData([KEY, propertyId], saved);
        setCurrent((c) => ({ policies: saved, round: c.round + 1 }));
      }}
    />
  );
}

/** Core's `formDrawerMachine` with the hotel policy rule (`hotelPolicyFormInput`); this only draws it. */
function HotelPolicyFields({
  propertyId,
  policies,
  onSaved,
}: {
  propertyId: string;
  policies: PropertyPolicies;
  onSaved: (saved: PropertyPolicies) => void;
}) {
  const { t } = useTranslation();
  // Amounts are in the property's currency: its decimals (ISK none, KWD 3).
  const currency = useSelectedProperty().property?.currency;
  const { client } = useServices();
  const [input] = useState(() => hotelPolicyFormInput(policies));
  const form = useFormDrawer<HotelPolicyBody, PropertyPolicies>(
    input,
    (body) => client.policies.updateHotelPolicy({ params: { propertyId }, body }),
    (saved) => {
      toast.success(t('policies.saved'));
      onSaved(saved);
    },
  );
  const { values: draft, busy } = form;
  const { texts, frame } = useFormFrame(
    form,
    Object.fromEntries(
      [...HOTEL_TIMES, 'internetAccessCost'].map((field) => [field, t(`policies.hotel.${field}`)]),
    ),
  );
  const fieldText = texts.field;
  const set = (patch: Partial<HotelPolicyBody>) => form.change(patch);
  const time = (field: (typeof HOTEL_TIMES)[number]) => (
    <TextField
      key={field}
      label={t(`policies.hotel.${field}`)}
      name={field}
      description={t('policies.hotel.time_hint')}
      value={draft[field] ?? ''}
      onChange={(value) => set({ [field]: value.trim() === '' ? null : value.trim() })}
      errorMessage={fieldText(field)}
    />
  );
  const select = <K extends keyof HotelPolicyBody>(field: K, values: readonly string[], labels: string) => (
    <Select
      label={t(`policies.hotel.${String(field)}`)}
      options={values.map((v) => ({ id: v, label: t(`${labels}.${v}`) }))}
      selectedKey={(draft[field] as string | null) ?? null}
      onSelectionChange={(v) => set({ [field]: v } as Partial<HotelPolicyBody>)}
    />
  );
  return (
    <FormFrame
      {...frame}
      aria-labelledby="hotel-policy"
      actions={
        <Button type="submit" isDisabled={busy}>
          {t('policies.hotel.save')}
        </Button>
      }
    >
      <h2 id="hotel-policy">{t('policies.hotel.heading')}</h2>
      <div className="admin-form__grid">
        {HOTEL_TIMES.map(time)}
        {select('internetAccessType', ['none', 'wifi', 'wired'], 'property_policy.internet_type')}
        <NumberField
          name="internetAccessCost"
          label={t('policies.hotel.internetAccessCost')}
          currency={currency}
          description={t('policies.hotel.free_hint')}
          value={draft.internetAccessCost ?? null}
          onChange={(internetAccessCost) => set({ internetAccessCost })}
          errorMessage={fieldText('internetAccessCost')}
        />
        {select('parkingType', ['none', 'on_site', 'nearby'], 'property_policy.parking_type')}
        {select(
          'parkingReservation',
          ['not_needed', 'needed', 'not_possible'],
          'property_policy.parking_reservation',
        )}
        {select('petsPolicy', ['not_allowed', 'allowed', 'by_arrangement'], 'property_policy.pets_policy')}
        {select(
          'smokingPolicy',
          ['no_smoking', 'smoking_rooms', 'permitted_areas'],
          'property_policy.smoking_policy',
        )}
      </div>
      <Checkbox
        isSelected={draft.parkingIsPrivate}
        onChange={(parkingIsPrivate) => set({ parkingIsPrivate })}
      >
        {t('policies.hotel.parkingIsPrivate')}
      </Checkbox>
      <Checkbox isSelected={draft.isAdultsOnly} onChange={(isAdultsOnly) => set({ isAdultsOnly })}>
        {t('policies.hotel.isAdultsOnly')}
      </Checkbox>
    </FormFrame>
  );
}

function CancellationPolicies({ propertyId, policies }: { propertyId: string; policies: PropertyPolicies }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const [editing, setEditing] = useState<CancellationRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CancellationRow | null>(null);
  const reload = useReload(KEY);
  const summary = (p: CancellationRow) =>
    p.cancellationPolicyLogic === 'deadline'
      ? t('policies.cancellation.summary_deadline', {
          count: p.cancellationPolicyDeadline ?? 0,
          unit: t(`policies.cancellation.units.${p.cancellationPolicyDeadlineType ?? 'days'}`),
        })
      : t(`policies.cancellation.logic.${p.cancellationPolicyLogic}`);
  const columns: TableColumn<CancellationRow>[] = [
    { id: 'title', label: t('policies.cancellation.title'), isRowHeader: true, render: (p) => p.title },
    { id: 'rule', label: t('policies.cancellation.rule'), render: summary },
    {
      id: 'plans',
      label: t('policies.cancellation.rate_plans'),
      numeric: true,
      render: (p) => String(p.ratePlans),
    },
    {
      id: 'actions',
      label: t('admin.actions.label'),
      hideLabelOnPhone: true,
      render: (p) => (
        <div className="admin-quick">
          <Button variant="secondary" onPress={() => setEditing(p)}>
            {t('policies.cancellation.edit', { name: p.title })}
          </Button>
          {p.ratePlans === 0 ? (
            <Button variant="quiet" onPress={() => setDeleting(p)}>
              {t('policies.cancellation.delete', { name: p.title })}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <section className="stack" aria-labelledby="cancellation-policies">
      <h2 id="cancellation-policies">{t('policies.cancellation.heading')}</h2>
      <ListPage
        actions={<Button onPress={() => setEditing('new')}>{t('policies.cancellation.add')}</Button>}
        kit={{ query: wholeList(policies.cancellationPolicies) }}
        table={{
          label: t('policies.cancellation.heading'),
          columns,
          rowKey: (p) => p.id,
          emptyState: <EmptyState title={t('policies.cancellation.empty')} />,
          pagesLabel: t('policies.cancellation.heading'),
        }}
      >
        <DeleteDialog
          row={deleting}
          title={(p) => t('policies.cancellation.confirm_delete', { name: p.title })}
          onClose={() => setDeleting(null)}
          onConfirm={async (p) => {
            try {
              await client.policies.deleteCancellationPolicy({ params: { propertyId, policyId: p.id } });
              toast.success(t('policies.saved'));
              void reload();
            } catch (error) {
              toast.error(t('general.error_message'), errorText(error));
            }
          }}
        >
          {t('policies.cancellation.confirm_delete_text')}
        </DeleteDialog>
        <RowDrawer
          row={editing}
          title={t(editing === 'new' ? 'policies.cancellation.add' : 'policies.cancellation.edit_title')}
          width="600px"
          onClose={() => setEditing(null)}
        >
          {(row, close) => (
            <CancellationForm
              propertyId={propertyId}
              policy={row}
              onCancel={close}
              onSaved={() => {
                setEditing(null);
                toast.success(t('policies.saved'));
                void reload();
              }}
            />
          )}
        </RowDrawer>
      </ListPage>
    </section>
  );
}

function CancellationForm({
  propertyId,
  policy,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  policy: CancellationRow | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const currency = useSelectedProperty().property?.currency;
  const [input] = useState(() => cancellationFormInput(policy));
  const form = useFormDrawer<CancellationPolicyBody, unknown>(
    input,
    (body) =>
      policy
        ? client.policies.updateCancellationPolicy({ params: { propertyId, policyId: policy.id }, body })
        : client.policies.createCancellationPolicy({ params: { propertyId }, body }),
    () => onSaved(),
  );
  const { values: draft } = form;
  const { texts, frame } = useFormFrame(form, {
    title: t('policies.cancellation.title'),
    cancellationPolicyDeadline: t('policies.cancellation.deadline'),
    cancellationPolicyPenalty: t('policies.cancellation.penalty'),
    guaranteePaymentAmount: t('policies.cancellation.guarantee_amount'),
  });
  const fieldText = texts.field;
  const set = (patch: Partial<CancellationPolicyBody>) => form.change(patch);
  return (
    <FormFrame {...frame} onCancel={onCancel} submitLabel={t('admin.save')}>
      {policy && policy.ratePlans > 0 ? (
        <Alert variant="info" title={t('policies.cancellation.new_bookings_only')} />
      ) : null}
      <TextField
        label={t('policies.cancellation.title')}
        name="title"
        value={draft.title}
        onChange={(title) => set({ title })}
        isRequired
        errorMessage={fieldText('title')}
      />
      <Select
        label={t('policies.cancellation.rule')}
        options={(['free', 'deadline', 'non_refundable'] as const).map((id) => ({
          id,
          label: t(`policies.cancellation.logic.${id}`),
        }))}
        selectedKey={draft.cancellationPolicyLogic}
        onSelectionChange={(v) =>
          set({ cancellationPolicyLogic: v as CancellationPolicyBody['cancellationPolicyLogic'] })
        }
      />
      {draft.cancellationPolicyLogic === 'deadline' ? (
        <div className="admin-form__grid">
          <NumberField
            name="cancellationPolicyDeadline"
            label={t('policies.cancellation.deadline')}
            keypad="whole"
            value={draft.cancellationPolicyDeadline ?? null}
            onChange={(cancellationPolicyDeadline) => set({ cancellationPolicyDeadline })}
            errorMessage={fieldText('cancellationPolicyDeadline')}
          />
          <Select
            label={t('policies.cancellation.deadline_unit')}
            options={(['hours', 'days'] as const).map((id) => ({
              id,
              label: t(`policies.cancellation.units.${id}`),
            }))}
            selectedKey={draft.cancellationPolicyDeadlineType ?? 'days'}
            onSelectionChange={(v) => set({ cancellationPolicyDeadlineType: v as 'hours' | 'days' })}
          />
        </div>
      ) : null}
      {draft.cancellationPolicyLogic !== 'free' ? (
        <div className="admin-form__grid">
          <NumberField
            name="cancellationPolicyPenalty"
            label={t('policies.cancellation.penalty')}
            currency={draft.cancellationPolicyMode === 'amount' ? currency : undefined}
            value={draft.cancellationPolicyPenalty}
            onChange={(n) => set({ cancellationPolicyPenalty: n ?? 0 })}
            errorMessage={fieldText('cancellationPolicyPenalty')}
          />
          <Select
            label={t('policies.cancellation.penalty_mode')}
            options={(['percent', 'amount'] as const).map((id) => ({
              id,
              label: t(`policies.cancellation.modes.${id}`),
            }))}
            selectedKey={draft.cancellationPolicyMode}
            onSelectionChange={(v) => set({ cancellationPolicyMode: v as 'percent' | 'amount' })}
          />
        </div>
      ) : null}
      <Select
        label={t('policies.cancellation.guarantee')}
        options={(['none', 'percent_based', 'amount'] as const).map((id) => ({
          id,
          label: t(`policies.cancellation.guarantees.${id}`),
        }))}
        selectedKey={draft.guaranteePaymentPolicy}
        onSelectionChange={(v) =>
          set({ guaranteePaymentPolicy: v as CancellationPolicyBody['guaranteePaymentPolicy'] })
        }
      />
      {draft.guaranteePaymentPolicy !== 'none' ? (
        <NumberField
          name="guaranteePaymentAmount"
          label={t('policies.cancellation.guarantee_amount')}
          currency={draft.guaranteePaymentPolicy === 'amount' ? currency : undefined}
          value={draft.guaranteePaymentAmount ?? null}
          onChange={(n) => set({ guaranteePaymentAmount: n ?? 0 })}
          errorMessage={fieldText('guaranteePaymentAmount')}
        />
      ) : null}
    </FormFrame>
  );
}
