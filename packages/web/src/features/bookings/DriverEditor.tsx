import { type DriverForm as DriverValues, driverFormOf } from '@tern/core/bookings';
import type { BookedUnit } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFrame, problemsOf } from '../../components/FormFrame';
import { DriverForm, driverFieldOrder, driverLabels } from '../bookingEngine/checkout/DriverForm';
import { EditorActions, type EditorProps } from './EditorActions';

/**
 * Edit a booked car's driver (document 1 §4, R125): names, e-mail and phone, required as at checkout; the
 * age and country stay as booked (they set the price). On the form frame: what is missing beside its field and
 * in the summary, a refusal in the summary; leaving the page with a field changed asks first.
 */
export function DriverEditor({
  unit,
  errors,
  busy,
  failure,
  onSave,
  onCancel,
}: EditorProps & {
  unit: BookedUnit;
  errors: Record<string, string>;
  onSave: (driver: DriverValues) => void;
}) {
  const { t } = useTranslation();
  const [initial] = useState(() => driverFormOf(unit));
  const [value, setValue] = useState(initial);
  const booked = unit.drivers[0];
  return (
    <FormFrame
      className="booking-edit"
      aria-label={t('bookings.edit_driver')}
      onSubmit={() => onSave(value)}
      busy={busy}
      dirty={driverFieldOrder.some((field) => value[field] !== initial[field])}
      problems={problemsOf(driverFieldOrder, driverLabels(t), (field) =>
        errors[field] ? t(errors[field]) : null,
      )}
      failure={failure}
      actions={<EditorActions save={t('bookings.save_driver')} busy={busy} onCancel={onCancel} />}
    >
      <DriverForm
        value={value}
        onChange={(field, text) => setValue((current) => ({ ...current, [field]: text }))}
        errors={errors}
        age={booked?.age ?? 0}
        country={booked?.address.countryCode ?? ''}
      />
    </FormFrame>
  );
}
