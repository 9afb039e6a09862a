import { currencyDecimals } from '@tern/core/bookingEngine';
import {
  type DerivedModifier,
  MODIFIER_TYPES,
  type RatePlanForm,
  type RatePlanFormErrors,
} from '@tern/core/rates';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { NumberField } from '../../../components/NumberField';
import { Select } from '../../../components/Select';

export interface PlanOptionsProps {
  form: RatePlanForm;
  errors: RatePlanFormErrors;
  onRate: (index: number, rate: number | null) => void;
  onSteps: (index: number, steps: DerivedModifier[]) => void;
}

/**
 * The plan's options (§3): per room, one rate; per person, a row per occupancy from the most persons down to 1.
 * Manual mode gives each occupancy its rate; derived mode the primary's rate and, for the others, steps from it
 * (the four modifier types, applied in order); auto mode shows the steps core computed from the auto settings.
 */
export function PlanOptions({ form, errors, onRate, onSteps }: PlanOptionsProps) {
  const { t } = useTranslation();
  const { currency } = form;
  const persons = (count: number) => t('rooms_and_rates.plan.persons', { count });
  const rateError = (i: number, primary: boolean) => {
    const key = errors.optionErrors?.[i] ?? (primary ? errors.options : undefined);
    return key ? t(key) : null;
  };
  if (form.sellMode === 'per_room') {
    const i = Math.max(
      0,
      form.options.findIndex((o) => o.isPrimary),
    );
    const option = form.options[i];
    return (
      <NumberField
        decimals={currencyDecimals(currency)}
        label={t('rooms_and_rates.plan.room_rate', { currency })}
        name={`options.${i}`}
        value={option?.rate ?? null}
        onChange={(rate) => onRate(i, rate)}
        isDisabled={form.inheritRate}
        description={form.inheritRate ? t('rooms_and_rates.inherited_price') : undefined}
        errorMessage={rateError(i, true)}
      />
    );
  }
  return (
    <ul className="rooms-options" aria-label={t('rooms_and_rates.plan.options')}>
      {form.options.map((option, i) => {
        const who = persons(option.occupancy);
        const ownRate = option.isPrimary || form.rateMode === 'manual';
        return (
          <li key={option.occupancy} className="rooms-options__row">
            <p className="rooms-options__who">
              {t('rooms_and_rates.plan.option', { persons: who })}
              {option.isPrimary ? (
                <span className="rooms-options__primary"> ({t('rooms_and_rates.plan.primary')})</span>
              ) : null}
            </p>
            {ownRate ? (
              <NumberField
                decimals={currencyDecimals(currency)}
                label={t('rooms_and_rates.plan.rate_for', { persons: who, currency })}
                name={`options.${i}`}
                value={option.rate}
                onChange={(rate) => onRate(i, rate)}
                isDisabled={option.isPrimary && form.inheritRate}
                errorMessage={rateError(i, option.isPrimary)}
              />
            ) : form.rateMode === 'auto' ? (
              <p>
                {option.derivedOption.rate.length === 0
                  ? t('rooms_and_rates.plan.no_steps')
                  : option.derivedOption.rate
                      .map(([type, value]) =>
                        t(`rooms_and_rates.plan.step_text.${type}`, { value, currency }),
                      )
                      .join(', ')}
              </p>
            ) : (
              <StepsEditor
                name={`options.${i}`}
                steps={option.derivedOption.rate}
                who={who}
                currency={currency}
                error={rateError(i, false)}
                onChange={(steps) => onSteps(i, steps)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A derived option's steps: a modifier type and a value each, added and removed. */
function StepsEditor({
  name,
  steps,
  who,
  currency,
  error,
  onChange,
}: {
  /** The option's field name (a form frame's summary finds the steps by it). */
  name: string;
  steps: DerivedModifier[];
  who: string;
  currency: string;
  error: string | null;
  onChange: (steps: DerivedModifier[]) => void;
}) {
  const { t } = useTranslation();
  const replace = (index: number, step: DerivedModifier) =>
    onChange(steps.map((s, i) => (i === index ? step : s)));
  return (
    <fieldset className="rooms-steps" data-field={name}>
      <legend>{t('rooms_and_rates.plan.steps', { persons: who })}</legend>
      {steps.length === 0 ? <p>{t('rooms_and_rates.plan.no_steps')}</p> : null}
      {steps.map(([type, value], i) => {
        const index = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the list.
          <div key={i} className="rooms-steps__row">
            <Select
              label={t('rooms_and_rates.plan.step_type', { index, persons: who })}
              options={MODIFIER_TYPES.map((id) => ({ id, label: t(`rooms_and_rates.plan.modifiers.${id}`) }))}
              selectedKey={type}
              onSelectionChange={(next) => replace(i, [next as DerivedModifier[0], value])}
            />
            <NumberField
              decimals={type.endsWith('percent') ? undefined : currencyDecimals(currency)}
              label={t('rooms_and_rates.plan.step_value', { index, persons: who })}
              description={type.endsWith('percent') ? '%' : currency}
              value={value}
              onChange={(next) => replace(i, [type, next ?? Number.NaN])}
            />
            <Button
              variant="quiet"
              onPress={() => onChange(steps.filter((_, j) => j !== i))}
              aria-label={t('rooms_and_rates.plan.remove_step', { index, persons: who })}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </div>
        );
      })}
      {error ? <p className="field__error">{error}</p> : null}
      <Button variant="secondary" onPress={() => onChange([...steps, ['increase_by_percent', 0]])}>
        {t('rooms_and_rates.plan.add_step', { persons: who })}
      </Button>
    </fieldset>
  );
}
