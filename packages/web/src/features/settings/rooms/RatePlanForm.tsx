import { currencyDecimals } from '@tern/core/bookingEngine';
import {
  type RatePlanForm as Form,
  formOfRatePlan,
  INHERIT_FLAGS,
  MEAL_TYPES,
  maxPlanOccupancy,
  RATE_MODES,
  type RateMode,
  type RatePlanFormErrors,
  type RatePlanFormEvent,
  type RatePlanPlainField,
  type RateValidationKey,
  ratePlanFormMachine,
  type SaveRatePlanInput,
  SELL_MODES,
  type SellMode,
  type WeekRestrictions,
} from '@tern/core/rates';
import type { RatePlan, TernClient, Unit } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/Checkbox';
import { FormFrame, type FormProblem, problemsOf } from '../../../components/FormFrame';
import { NumberField } from '../../../components/NumberField';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { useServices } from '../../../session/SessionContext';
import { useErrorText } from '../../errors/useErrorText';
import { PlanOptions } from './PlanOptions';
import { WeekGrid, weekCellName } from './WeekGrid';

/** What the form offers (`ratePlanOptions`): the currency, cancellation policies and possible parents. */
export type PlanChoices = Awaited<ReturnType<TernClient['roomsAndRates']['ratePlanOptions']>>;

/** The week field each inherit flag takes from the parent. */
const INHERITED_WEEK = {
  inheritStopSell: 'stopSell',
  inheritMinStayThrough: 'minStayThrough',
  inheritMinStayArrival: 'minStayArrival',
  inheritMaxStay: 'maxStay',
  inheritClosedToDeparture: 'closedToDeparture',
  inheritClosedToArrival: 'closedToArrival',
} as const satisfies Partial<Record<(typeof INHERIT_FLAGS)[number], keyof WeekRestrictions>>;

/** The labels of the plan's own fields, as the form frame's summary names them. */
const FIELD_LABELS = {
  title: 'title',
  currency: 'currency',
  mealType: 'meal_type',
  sellMode: 'sell_mode',
  rateMode: 'rate_mode',
  primaryOccupancy: 'primary_occupancy',
  childrenFee: 'children_fee',
  infantFee: 'infant_fee',
  parentRatePlanId: 'parent_plan',
  maxSell: 'max_sell',
  maxAvailability: 'max_availability',
  availabilityOffset: 'availability_offset',
  decreaseValue: 'decrease_value',
  increaseValue: 'increase_value',
} as const;

/**
 * The form frame's summary of core's errors, each by the name of the field that shows it: the plan's own fields,
 * an option's rate or steps (`options.<i>`; a general options error by the primary's), a week row's first invalid
 * day (its cell).
 */
function planProblems(form: Form, errors: RatePlanFormErrors, t: TFunction): FormProblem[] {
  const { optionErrors = {}, weekErrors = {}, options, ...plain } = errors;
  const words: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const [field, key] of Object.entries(plain) as [keyof typeof FIELD_LABELS, RateValidationKey][]) {
    words[field] = t(key);
    if (field in FIELD_LABELS) labels[field] = t(`rooms_and_rates.plan.${FIELD_LABELS[field]}`);
  }
  const primary = Math.max(
    0,
    form.options.findIndex((o) => o.isPrimary),
  );
  const optionWords = { ...(options ? { [primary]: options } : {}), ...optionErrors };
  for (const [index, key] of Object.entries(optionWords)) {
    const option = form.options[Number(index)];
    words[`options.${index}`] = t(key);
    if (option)
      labels[`options.${index}`] = t('rooms_and_rates.plan.option', {
        persons: t('rooms_and_rates.plan.persons', { count: option.occupancy }),
      });
  }
  for (const [field, problem] of Object.entries(weekErrors)) {
    if (!problem) continue;
    const name = weekCellName(field, problem.day);
    words[name] = t(problem.key);
    labels[name] = t('rooms_and_rates.plan.week_cell', {
      field: t(`rooms_and_rates.plan.week.${field}`),
      day: t(`rooms_and_rates.days.long.${problem.day}`),
    });
  }
  return problemsOf(Object.keys(words), labels, (field) => words[field]);
}

/** Sends the form as the contract's body: a new plan, or the plan's changes. */
export async function saveRatePlan(client: TernClient, propertyId: string, { id, form }: SaveRatePlanInput) {
  const body = { ...form, propertyId };
  const saved = id
    ? await client.roomsAndRates.updateRatePlan({ params: { ratePlanId: id }, body })
    : await client.roomsAndRates.createRatePlan({ body });
  return saved;
}

export interface RatePlanFormProps {
  propertyId: string;
  unit: Unit;
  /** The plan edited; `null` for a new one. */
  plan: RatePlan | null;
  choices: PlanChoices;
  onCancel: () => void;
  onSaved: (plan: RatePlan) => void;
}

/**
 * The rate plan drawer's form (document 2 §3 "Rate plan", §4 M19, §5, §9), driven by core's
 * `ratePlanFormMachine`: every field of §3, the defaults of §9 for a new plan, core's rules as messages once a
 * save was tried, and a refused save kept with the server's words until tried again or edited. On the form frame:
 * each error beside its field and in the summary; a refusal in the summary, tried again with the bar's submit
 * button or left for the form ("Back to the form"); leaving with the plan changed and not saved asks first.
 */
export function RatePlanFormPanel({ propertyId, unit, plan, choices, onCancel, onSaved }: RatePlanFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const savedPlan = useRef<RatePlan | null>(null);
  const logic = useMemo(
    () =>
      ratePlanFormMachine.provide({
        actors: {
          saveRatePlan: fromPromise(async ({ input }: { input: SaveRatePlanInput }) => {
            const saved = await saveRatePlan(client, propertyId, input);
            savedPlan.current = saved;
            return { id: saved.id };
          }),
        },
      }),
    [client, propertyId],
  );
  const currency = choices.currencies[0] ?? plan?.currency ?? '';
  const [snapshot, send] = useMachine(logic, {
    input: {
      unit: { id: unit.id, maxOccupancy: maxPlanOccupancy(unit) },
      currency,
      ...(plan ? { id: plan.id, form: formOfRatePlan(plan) } : {}),
    },
  });
  const { form, errors, showErrors, error } = snapshot.context;
  // The values the drawer opened with: the plan is changed while the form is another.
  const opened = useRef(form);
  // Told once: the machine ends in `saved`, and the drawer closes on it.
  const reported = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || !savedPlan.current || reported.current) return;
    reported.current = true;
    onSaved(savedPlan.current);
  }, [snapshot.status, onSaved]);

  const shown = (key: RateValidationKey | undefined) => (showErrors && key ? t(key) : null);
  const setField = <F extends RatePlanPlainField>(field: F, value: Form[F]) =>
    send({ type: 'field.set', field, value } as never);
  const busy = snapshot.hasTag('busy');
  const failed = snapshot.matches('failed');
  // The machine says what it takes: fields while editing (not while saving or on a refused save), a submit then.
  const editable = snapshot.can({ type: 'field.set', field: 'title', value: form.title });
  const submittable = busy || snapshot.can({ type: 'form.submit' });
  const parents = choices.parents.filter((p) => p.id !== plan?.id);
  const inherited = new Set(
    Object.entries(INHERITED_WEEK)
      .filter(([flag]) => form[flag as keyof typeof INHERITED_WEEK])
      .map(([, field]) => field),
  );

  return (
    <FormFrame
      // A refused save is sent again by the same button, now "Try again".
      onSubmit={() => send({ type: failed ? 'user.retry' : 'form.submit' })}
      busy={busy}
      dirty={form !== opened.current && snapshot.status !== 'done'}
      problems={showErrors ? planProblems(form, errors, t) : []}
      failure={failed && error ? errorText(error) : null}
      actions={
        <>
          <Button variant="secondary" onPress={onCancel}>
            {t('rooms_and_rates.cancel')}
          </Button>
          {failed ? (
            <Button variant="secondary" onPress={() => send({ type: 'user.edit' })}>
              {t('rooms_and_rates.plan.back')}
            </Button>
          ) : null}
          <Button type="submit" isPending={busy} isDisabled={!submittable && !failed}>
            {failed
              ? t('rooms_and_rates.plan.retry')
              : plan
                ? t('rooms_and_rates.save')
                : t('rooms_and_rates.create')}
          </Button>
        </>
      }
    >
      <fieldset className="stack rooms-fieldset" disabled={!editable}>
        <legend>{t('rooms_and_rates.plan.general')}</legend>
        <TextField
          label={t('rooms_and_rates.plan.title')}
          name="title"
          value={form.title}
          onChange={(title) => setField('title', title)}
          isRequired
          errorMessage={shown(errors.title)}
        />
        <div className="admin-form__grid">
          <Select
            label={t('rooms_and_rates.plan.currency')}
            name="currency"
            options={[...new Set([form.currency, ...choices.currencies])].map((c) => ({ id: c, label: c }))}
            selectedKey={form.currency}
            onSelectionChange={(c) => setField('currency', c)}
            errorMessage={shown(errors.currency)}
          />
          <Select
            label={t('rooms_and_rates.plan.meal_type')}
            name="mealType"
            options={MEAL_TYPES.map((id) => ({ id, label: t(`meal_types.${id}`) }))}
            selectedKey={form.mealType}
            onSelectionChange={(m) => setField('mealType', m as Form['mealType'])}
            errorMessage={shown(errors.mealType)}
          />
          <Select
            label={t('rooms_and_rates.plan.cancellation_policy')}
            options={[
              { id: '', label: t('rooms_and_rates.plan.no_policy') },
              ...choices.cancellationPolicies.map((p) => ({ id: p.id, label: p.title })),
            ]}
            selectedKey={form.cancellationPolicyId ?? ''}
            onSelectionChange={(id) => setField('cancellationPolicyId', id === '' ? null : id)}
          />
        </div>
      </fieldset>

      <fieldset className="stack rooms-fieldset" disabled={!editable}>
        <legend>{t('rooms_and_rates.plan.pricing')}</legend>
        <div className="admin-form__grid">
          <Select
            label={t('rooms_and_rates.plan.sell_mode')}
            name="sellMode"
            options={SELL_MODES.map((id) => ({ id, label: t(`rooms_and_rates.plan.sell_modes.${id}`) }))}
            selectedKey={form.sellMode}
            onSelectionChange={(m) => send({ type: 'sellMode.set', sellMode: m as SellMode })}
            errorMessage={shown(errors.sellMode)}
          />
          {form.sellMode === 'per_person' ? (
            <Select
              label={t('rooms_and_rates.plan.rate_mode')}
              name="rateMode"
              options={RATE_MODES.map((id) => ({ id, label: t(`rooms_and_rates.plan.rate_modes.${id}`) }))}
              selectedKey={form.rateMode}
              onSelectionChange={(m) => send({ type: 'rateMode.set', rateMode: m as RateMode })}
              errorMessage={shown(errors.rateMode)}
            />
          ) : null}
          {form.sellMode === 'per_person' ? (
            <Select
              label={t('rooms_and_rates.plan.primary_occupancy')}
              name="primaryOccupancy"
              options={form.options.map((o) => ({
                id: String(o.occupancy),
                label: t('rooms_and_rates.plan.persons', { count: o.occupancy }),
              }))}
              selectedKey={form.primaryOccupancy === null ? null : String(form.primaryOccupancy)}
              onSelectionChange={(o) => send({ type: 'primary.switch', occupancy: Number(o) })}
              errorMessage={shown(errors.primaryOccupancy)}
            />
          ) : null}
          <NumberField
            decimals={currencyDecimals(form.currency)}
            label={`${t('rooms_and_rates.plan.children_fee')} (${form.currency})`}
            name="childrenFee"
            value={form.childrenFee}
            onChange={(v) => setField('childrenFee', v ?? Number.NaN)}
            errorMessage={shown(errors.childrenFee)}
          />
          <NumberField
            decimals={currencyDecimals(form.currency)}
            label={`${t('rooms_and_rates.plan.infant_fee')} (${form.currency})`}
            name="infantFee"
            value={form.infantFee}
            onChange={(v) => setField('infantFee', v ?? Number.NaN)}
            errorMessage={shown(errors.infantFee)}
          />
        </div>
        {form.sellMode === 'per_room' ? (
          <p className="field__description">{t('rooms_and_rates.plan.rate_mode_hint')}</p>
        ) : (
          <p className="field__description">{t('rooms_and_rates.plan.primary_occupancy_hint')}</p>
        )}
        <PlanOptions
          form={form}
          errors={showErrors ? errors : {}}
          onRate={(index, rate) => send({ type: 'option.edit', index, rate })}
          onSteps={(index, derived) => send({ type: 'option.edit', index, derived })}
        />
        {form.sellMode === 'per_person' && form.rateMode === 'auto' ? (
          <AutoSettings form={form} errors={showErrors ? errors : {}} send={send} />
        ) : null}
      </fieldset>

      <fieldset className="stack rooms-fieldset" disabled={!editable}>
        <legend>{t('rooms_and_rates.plan.parent')}</legend>
        <Select
          label={t('rooms_and_rates.plan.parent_plan')}
          name="parentRatePlanId"
          options={[
            { id: '', label: t('rooms_and_rates.plan.no_parent') },
            ...parents.map((p) => ({ id: p.id, label: p.title })),
          ]}
          selectedKey={form.parentRatePlanId ?? ''}
          onSelectionChange={(id) => setField('parentRatePlanId', id === '' ? null : id)}
          errorMessage={shown(errors.parentRatePlanId)}
        />
        <p className="field__description">{t('rooms_and_rates.plan.inherit_hint')}</p>
        <div className="rooms-flags">
          {INHERIT_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              isSelected={form[flag]}
              isDisabled={form.parentRatePlanId === null}
              onChange={(value) => send({ type: 'inherit.set', flag, value })}
            >
              {t(`rooms_and_rates.plan.inherit.${flag}`)}
            </Checkbox>
          ))}
        </div>
      </fieldset>

      <fieldset className="stack rooms-fieldset" disabled={!editable}>
        <legend>{t('rooms_and_rates.plan.restrictions')}</legend>
        <p className="field__description">{t('rooms_and_rates.plan.restrictions_hint')}</p>
        <WeekGrid
          week={form}
          errors={showErrors ? errors.weekErrors : undefined}
          inherited={inherited}
          onChange={(field, day, value) => send({ type: 'week.set', field, day, value })}
        />
      </fieldset>

      <fieldset className="stack rooms-fieldset" disabled={!editable}>
        <legend>{t('rooms_and_rates.plan.availability')}</legend>
        <div className="admin-form__grid">
          <NumberField
            keypad="whole"
            label={t('rooms_and_rates.plan.max_sell')}
            name="maxSell"
            description={t('rooms_and_rates.plan.cap_hint')}
            value={form.maxSell}
            onChange={(v) => setField('maxSell', v)}
            errorMessage={shown(errors.maxSell)}
          />
          <NumberField
            keypad="whole"
            label={t('rooms_and_rates.plan.max_availability')}
            name="maxAvailability"
            description={t('rooms_and_rates.plan.cap_hint')}
            value={form.maxAvailability}
            onChange={(v) => setField('maxAvailability', v)}
            errorMessage={shown(errors.maxAvailability)}
          />
          <NumberField
            keypad="signed"
            label={t('rooms_and_rates.plan.availability_offset')}
            name="availabilityOffset"
            description={t('rooms_and_rates.plan.availability_offset_hint')}
            value={form.availabilityOffset}
            onChange={(v) => setField('availabilityOffset', v ?? Number.NaN)}
            errorMessage={shown(errors.availabilityOffset)}
          />
        </div>
      </fieldset>
    </FormFrame>
  );
}

/** The auto-rate settings (§3, M19): one mode ('%' or the currency), the decrease and increase per person. */
function AutoSettings({
  form,
  errors,
  send,
}: {
  form: Form;
  errors: { decreaseValue?: RateValidationKey; increaseValue?: RateValidationKey };
  send: (event: RatePlanFormEvent) => void;
}) {
  const { t } = useTranslation();
  const { autoRateSettings: auto } = form;
  return (
    <div className="stack">
      <h3>{t('rooms_and_rates.plan.auto')}</h3>
      <p className="field__description">{t('rooms_and_rates.plan.auto_hint')}</p>
      <div className="admin-form__grid">
        <Select
          label={t('rooms_and_rates.plan.auto_mode')}
          options={[
            { id: '%', label: t('rooms_and_rates.plan.auto_percent') },
            { id: form.currency, label: form.currency },
          ]}
          selectedKey={auto.mode}
          onSelectionChange={(mode) => send({ type: 'auto.set', settings: { mode } })}
        />
        <NumberField
          decimals={auto.mode === '%' ? undefined : currencyDecimals(form.currency)}
          label={t('rooms_and_rates.plan.decrease_value')}
          name="decreaseValue"
          value={auto.decreaseValue}
          onChange={(v) => send({ type: 'auto.set', settings: { decreaseValue: v ?? Number.NaN } })}
          errorMessage={errors.decreaseValue ? t(errors.decreaseValue) : null}
        />
        <NumberField
          decimals={auto.mode === '%' ? undefined : currencyDecimals(form.currency)}
          label={t('rooms_and_rates.plan.increase_value')}
          name="increaseValue"
          value={auto.increaseValue}
          onChange={(v) => send({ type: 'auto.set', settings: { increaseValue: v ?? Number.NaN } })}
          errorMessage={errors.increaseValue ? t(errors.increaseValue) : null}
        />
      </div>
    </div>
  );
}
