import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Group,
  Input,
  Label,
  NumberField as RACNumberField,
  Text,
} from 'react-aria-components';
import './Field.css';
import './NumberField.css';

export interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  description?: ReactNode;
  errorMessage?: string | null;
  /** Names of the − and + buttons ("Fewer adults", "More adults"). */
  decrementLabel: string;
  incrementLabel: string;
  isDisabled?: boolean;
  className?: string;
}

/** A whole number with − and + steppers (guests, children); arrow keys step, the bounds are enforced. */
export function NumberField({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  description,
  errorMessage,
  decrementLabel,
  incrementLabel,
  isDisabled,
  className,
}: NumberFieldProps) {
  return (
    <RACNumberField
      className={['field', 'number-field', className ?? ''].filter(Boolean).join(' ')}
      value={value}
      onChange={(next) => {
        if (Number.isFinite(next)) onChange(next);
      }}
      minValue={minValue}
      maxValue={maxValue}
      step={1}
      formatOptions={{ maximumFractionDigits: 0 }}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      isDisabled={isDisabled}
    >
      <Label className="field__label">{label}</Label>
      <Group className="field__control number-field__group">
        <Button slot="decrement" className="number-field__step" aria-label={decrementLabel}>
          <span aria-hidden="true">−</span>
        </Button>
        <Input className="field__input number-field__input" />
        <Button slot="increment" className="number-field__step" aria-label={incrementLabel}>
          <span aria-hidden="true">+</span>
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </RACNumberField>
  );
}
