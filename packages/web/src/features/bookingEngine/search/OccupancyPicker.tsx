import { type Occupancy, occupancyLimits, withChildren } from '@tern/core/bookingEngine';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { StepperField } from '../../../components/NumberField';
import { PopoverButton } from '../../../components/PopoverButton';
import { Select } from '../../../components/Select';

export interface OccupancyPickerProps {
  value: Occupancy;
  onChange: (value: Occupancy) => void;
  showLabel?: boolean;
  className?: string;
}

/** The occupancy dropdown (document 1 §2, §5): adults, children and one age per child. */
export function OccupancyPicker({ value, onChange, showLabel, className }: OccupancyPickerProps) {
  const { t } = useTranslation();
  const adults = t('occupancy.adults_count', { count: value.adults });
  const children = t('occupancy.children_count', { count: value.children });
  const ageOptions = Array.from(
    { length: occupancyLimits.childAge.max - occupancyLimits.childAge.min + 1 },
    (_, i) => {
      const age = occupancyLimits.childAge.min + i;
      return { id: String(age), label: t('occupancy.age_years', { count: age }) };
    },
  );
  return (
    <PopoverButton
      label={t('occupancy.label')}
      value={t('occupancy.summary', { adults, children })}
      showLabel={showLabel}
      className={className}
      panel={(close) => (
        <div className="occupancy">
          <StepperField
            label={t('occupancy.adults')}
            value={value.adults}
            minValue={occupancyLimits.adults.min}
            maxValue={occupancyLimits.adults.max}
            onChange={(adultsCount) => onChange({ ...value, adults: adultsCount })}
            decrementLabel={t('occupancy.fewer', { what: t('occupancy.adults').toLowerCase() })}
            incrementLabel={t('occupancy.more', { what: t('occupancy.adults').toLowerCase() })}
          />
          <StepperField
            label={t('occupancy.children')}
            description={t('occupancy.children_description')}
            value={value.children}
            minValue={occupancyLimits.children.min}
            maxValue={occupancyLimits.children.max}
            onChange={(count) => onChange(withChildren(value, count))}
            decrementLabel={t('occupancy.fewer', { what: t('occupancy.children').toLowerCase() })}
            incrementLabel={t('occupancy.more', { what: t('occupancy.children').toLowerCase() })}
          />
          {value.childrenAge.length > 0 ? (
            <div className="occupancy__ages">
              {value.childrenAge.map((age, index) => (
                <Select
                  // biome-ignore lint/suspicious/noArrayIndexKey: one select per child, by position.
                  key={index}
                  label={t('occupancy.child_age', { number: index + 1 })}
                  options={ageOptions}
                  selectedKey={String(age)}
                  onSelectionChange={(key) => {
                    const ages = [...value.childrenAge];
                    ages[index] = Number(key);
                    onChange({ ...value, childrenAge: ages });
                  }}
                />
              ))}
            </div>
          ) : null}
          <Button variant="secondary" onPress={close} fullWidth>
            {t('occupancy.done')}
          </Button>
        </div>
      )}
    />
  );
}
