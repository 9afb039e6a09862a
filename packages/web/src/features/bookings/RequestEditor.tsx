import type { BookingRecord } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import { EditorActions } from './EditorActions';

export interface RequestEdit {
  specialRequest: string;
  reservationName?: string;
  externalReferenceId?: string;
}

/**
 * Edit the special request, the reservation name and the agency's reference (document 1 §7
 * update_special_request). Only the fields that changed besides the request are sent.
 */
export function RequestEditor({
  booking,
  busy,
  onSave,
  onCancel,
}: {
  booking: BookingRecord;
  busy: boolean;
  onSave: (edit: RequestEdit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [request, setRequest] = useState(booking.specialRequest ?? '');
  const [name, setName] = useState(booking.reservationName ?? '');
  const [reference, setReference] = useState(booking.externalReferenceId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      specialRequest: request,
      ...(name.trim() !== (booking.reservationName ?? '') ? { reservationName: name } : {}),
      ...(reference.trim() !== (booking.externalReferenceId ?? '') ? { externalReferenceId: reference } : {}),
    });
  };
  return (
    <form className="booking-edit" aria-label={t('bookings.edit_request')} onSubmit={submit}>
      <TextField
        label={t('bookings.details.special_request')}
        value={request}
        onChange={setRequest}
        maxLength={2000}
      />
      <TextField
        label={t('bookings.details.reservation_name')}
        value={name}
        onChange={setName}
        maxLength={100}
      />
      <TextField
        label={t('bookings.details.external_reference')}
        value={reference}
        onChange={setReference}
        maxLength={100}
      />
      <EditorActions save={t('bookings.save_request')} busy={busy} onCancel={onCancel} />
    </form>
  );
}
