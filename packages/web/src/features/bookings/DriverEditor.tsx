import { type DriverForm as DriverValues, driverFormOf } from '@tern/core/bookings';
import type { BookedUnit } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverForm } from '../bookingEngine/checkout/DriverForm';
import { EditorActions } from './EditorActions';

/**
 * Edit a booked car's driver (document 1 §4, R125): names, e-mail and phone, required as at checkout; the
 * age and country stay as booked (they set the price).
 */
export function DriverEditor({
  unit,
  errors,
  busy,
  onSave,
  onCancel,
}: {
  unit: BookedUnit;
  errors: Record<string, string>;
  busy: boolean;
  onSave: (driver: DriverValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => driverFormOf(unit));
  const booked = unit.drivers[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value);
  };
  return (
    <form className="booking-edit" aria-label={t('bookings.edit_driver')} onSubmit={submit} noValidate>
      <DriverForm
        value={value}
        onChange={(field, text) => setValue((current) => ({ ...current, [field]: text }))}
        errors={errors}
        age={booked?.age ?? 0}
        country={booked?.address.countryCode ?? ''}
      />
      <EditorActions save={t('bookings.save_driver')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
