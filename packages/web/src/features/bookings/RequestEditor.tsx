import type { BookingRecord } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFrame } from '../../components/FormFrame';
import { TextField } from '../../components/TextField';
import { EditorActions, type EditorProps } from './EditorActions';

export interface RequestEdit {
  specialRequest: string;
  reservationName?: string;
  externalReferenceId?: string;
}

/**
 * Edit the special request, the reservation name and the agency's reference (document 1 §7
 * update_special_request). Only the fields that changed besides the request are sent. On the form frame: a
 * refusal in its summary; leaving the page with a field changed asks first.
 */
export function RequestEditor({
  booking,
  busy,
  failure,
  onSave,
  onCancel,
}: EditorProps & { booking: BookingRecord; onSave: (edit: RequestEdit) => void }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState(booking.specialRequest ?? '');
  const [name, setName] = useState(booking.reservationName ?? '');
  const [reference, setReference] = useState(booking.externalReferenceId ?? '');
  const nameChanged = name.trim() !== (booking.reservationName ?? '');
  const referenceChanged = reference.trim() !== (booking.externalReferenceId ?? '');
  return (
    <FormFrame
      className="booking-edit"
      aria-label={t('bookings.edit_request')}
      onSubmit={() =>
        onSave({
          specialRequest: request,
          ...(nameChanged ? { reservationName: name } : {}),
          ...(referenceChanged ? { externalReferenceId: reference } : {}),
        })
      }
      busy={busy}
      dirty={request !== (booking.specialRequest ?? '') || nameChanged || referenceChanged}
      problems={[]}
      failure={failure}
      actions={<EditorActions save={t('bookings.save_request')} busy={busy} onCancel={onCancel} />}
    >
      <TextField
        label={t('bookings.details.special_request')}
        name="specialRequest"
        value={request}
        onChange={setRequest}
        maxLength={2000}
      />
      <TextField
        label={t('bookings.details.reservation_name')}
        name="reservationName"
        value={name}
        onChange={setName}
        maxLength={100}
      />
      <TextField
        label={t('bookings.details.external_reference')}
        name="externalReferenceId"
        value={reference}
        onChange={setReference}
        maxLength={100}
      />
    </FormFrame>
  );
}
