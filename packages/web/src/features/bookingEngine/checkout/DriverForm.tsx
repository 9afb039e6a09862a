import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/TextField';
import { countryName } from '../countries';

export interface DriverValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface DriverFormProps {
  value: DriverValues;
  onChange: (field: keyof DriverValues, value: string) => void;
  /** Message keys by field (core's checkout validation: `validation_messages.required`). */
  errors: Partial<Record<string, string>>;
  age: number;
  country: string;
}

export const driverFieldOrder: (keyof DriverValues)[] = ['firstName', 'lastName', 'email', 'phone'];

/** Each driver field's label (a form frame's summary names the fields by them). */
export const driverLabels = (t: TFunction): Record<keyof DriverValues, string> => ({
  firstName: t('driver.first_name'),
  lastName: t('driver.last_name'),
  email: t('driver.email'),
  phone: t('driver.phone'),
});

/** The driver form for cars (document 1 §2): names, e-mail and phone required; age and country as searched. */
export function DriverForm({ value, onChange, errors, age, country }: DriverFormProps) {
  const { t } = useTranslation();
  const error = (field: keyof DriverValues) => (errors[field] ? t(errors[field]!) : null);
  const labels = driverLabels(t);
  return (
    <div className="form-grid">
      <TextField
        label={labels.firstName}
        value={value.firstName}
        onChange={(v) => onChange('firstName', v)}
        errorMessage={error('firstName')}
        isRequired
        autoComplete="given-name"
        name="firstName"
      />
      <TextField
        label={labels.lastName}
        value={value.lastName}
        onChange={(v) => onChange('lastName', v)}
        errorMessage={error('lastName')}
        isRequired
        autoComplete="family-name"
        name="lastName"
      />
      <TextField
        label={labels.email}
        type="email"
        inputMode="email"
        value={value.email}
        onChange={(v) => onChange('email', v)}
        errorMessage={error('email')}
        isRequired
        autoComplete="email"
        name="email"
      />
      <TextField
        label={labels.phone}
        type="tel"
        inputMode="tel"
        value={value.phone}
        onChange={(v) => onChange('phone', v)}
        errorMessage={error('phone')}
        isRequired
        autoComplete="tel"
        name="phone"
      />
      <TextField label={t('driver.age')} value={String(age)} isDisabled name="driver-age" />
      <TextField label={t('driver.country')} value={countryName(country)} isDisabled name="driver-country" />
    </div>
  );
}
