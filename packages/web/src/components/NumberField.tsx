import { currencyDecimals } from '@tern/core/bookingEngine';
import { numberError, parseNumber } from '@tern/core/format';
import { type ReactNode, useState } from 'react';
import { Button, Group, Input, Label, NumberField as RACNumberField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { FieldHelp } from './FieldHelp';
import './Field.css';
import './NumberField.css';
import { TextField } from './TextField';

/** A value as the field shows it: an amount with its currency's decimals (`1.50` EUR) when that is the same number. */
function textOf(value: number | null, places?: number): string {
  if (value === null || Number.isNaN(value)) return '';
  const fixed = places === undefined ? String(value) : value.toFixed(places);
  return Number(fixed) === value ? fixed : String(value);
}

/**
 * A number field's value as a form that keeps typed text holds it (promo codes, the bulk edit): empty for none,
 * and what core's `parseNumber` reads back as the same number (`NaN` too).
 */
export const numberText = (value: number | null): string => (value === null ? '' : String(value));
const same = (a: number | null, b: number | null) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

export interface NumberFieldProps {
  label: string;
  /** `null` while empty, `NaN` while what is typed is not a number (the form's rules say so by the field). */
  value: number | null;
  onChange: (value: number | null) => void;
  /** The decimals allowed: 0 for a count; omitted, any (or the currency's). */
  decimals?: number;
  /**
   * An amount's currency (ISO 4217): at most its decimals are allowed (core's `currencyDecimals`: ISK 0, EUR 2,
   * KWD 3) and a value set from outside shows them (`1.50`).
   */
  currency?: string;
  /**
   * The phone's keyboard: digits alone for a count (`whole`: the form's rules say, in their words, that "1,5" is
   * not one), digits and a decimal separator (the default), or the full keyboard where a minus sign may be typed
   * (`signed`: the number pads have none).
   */
  keypad?: 'whole' | 'decimal' | 'signed';
  description?: ReactNode;
  errorMessage?: string | null;
  placeholder?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** The form's name of the field (its input's `name`: a form frame's summary finds the field by it). */
  name?: string;
}

/**
 * A number typed as text and read by core's `parseNumber` (a decimal comma or point, spaces between thousands,
 * the decimals allowed): what is typed stays as typed ("1," on the way to "1,5"), the value goes up parsed (`NaN`
 * when it is no number), and a value changed from outside (a sell mode switch, a reset) replaces the text. While
 * the form shows an error, text that is no number is worded by the field ("Use at most 2 decimals").
 */
export function NumberField({
  value,
  onChange,
  decimals: given,
  currency,
  keypad = 'decimal',
  ...props
}: NumberFieldProps) {
  const { t } = useTranslation();
  const places = currency ? currencyDecimals(currency) : undefined;
  const decimals = given ?? places;
  const [text, setText] = useState(() => textOf(value, places));
  const [shown, setShown] = useState(value);
  if (!same(shown, value)) {
    setShown(value);
    if (!same(parseNumber(text, decimals), value)) setText(textOf(value, places));
  }
  // The form says when its field is in error; the field says why when what is typed is no number.
  const unread = props.errorMessage ? numberError(text, decimals) : null;
  return (
    <TextField
      {...props}
      inputMode={keypad === 'whole' ? 'numeric' : keypad === 'signed' ? 'text' : 'decimal'}
      value={text}
      onChange={(next) => {
        const parsed = parseNumber(next, decimals);
        setText(next);
        setShown(parsed);
        onChange(parsed);
      }}
      errorMessage={unread ? t(unread, { count: decimals }) : (props.errorMessage ?? null)}
    />
  );
}

export interface StepperFieldProps {
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
  /** The form's name of the field (its input's `name`). */
  name?: string;
}

/** A whole number with − and + steppers (guests, children); arrow keys step, the bounds are enforced. */
export function StepperField({
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
  name,
}: StepperFieldProps) {
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
      name={name}
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
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACNumberField>
  );
}
