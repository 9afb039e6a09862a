import { guestSpaces } from '@tern/core/bookingEngine';
import { bookedUnits, guestRowsOf } from '@tern/core/bookings';
import type { BookedUnit, BookingRecord, Guest } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ComboBox } from '../../components/ComboBox';
import { TextField } from '../../components/TextField';
import { useCountryField } from '../bookingEngine/checkout/useCountryField';
import { EditorActions } from './EditorActions';

export interface GuestsEditorProps {
  booking: BookingRecord;
  /** The machine's `formErrors`: `unitId` (too many rows) or `unitId.index.nationality`. */
  errors: Record<string, string>;
  busy: boolean;
  onSave: (edits: Record<string, Guest[]>) => void;
  onCancel: () => void;
}

/**
 * Edit the guests of each booked room (document 1 §4, R118, R125): a row per guest with first name, last
 * name and nationality, up to the room's adults + children + infants; any row but the first can go.
 */
export function GuestsEditor({ booking, errors, busy, onSave, onCancel }: GuestsEditorProps) {
  const { t } = useTranslation();
  const units = bookedUnits(booking);
  const [rows, setRows] = useState<Record<string, Guest[]>>(() =>
    Object.fromEntries(units.map((unit) => [unit.id, guestRowsOf(unit)])),
  );
  const update = (unitId: string, next: (guests: Guest[]) => Guest[]) =>
    setRows((current) => ({ ...current, [unitId]: next(current[unitId] ?? []) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(rows);
  };
  return (
    <form className="booking-edit" aria-label={t('bookings.edit_guests')} onSubmit={submit}>
      {units.map((unit, index) => (
        <RoomGuests
          key={unit.id}
          unit={unit}
          number={index + 1}
          guests={rows[unit.id] ?? []}
          errors={errors}
          onChange={(next) => update(unit.id, next)}
        />
      ))}
      <p className="muted">{t('guests.no_name_hint')}</p>
      <EditorActions save={t('bookings.save_guests')} busy={busy} onCancel={onCancel} />
    </form>
  );
}

function RoomGuests({
  unit,
  number,
  guests,
  errors,
  onChange,
}: {
  unit: BookedUnit;
  number: number;
  guests: Guest[];
  errors: Record<string, string>;
  onChange: (next: (guests: Guest[]) => Guest[]) => void;
}) {
  const { t } = useTranslation();
  const max = guestSpaces(unit.occupancy);
  const tooMany = errors[unit.id] ? t('bookings.guest_errors.too_many', { count: max }) : null;
  return (
    <fieldset className="guest-room">
      <legend className="guest-room__legend">
        {t('guests.room', { number, unit: unit.title })}
        <span className="muted"> {t('guests.room_for', { rate: unit.roomRateTitle, count: max })}</span>
      </legend>
      {tooMany ? (
        <p className="field__error" role="alert">
          {tooMany}
        </p>
      ) : null}
      {guests.map((guest, index) => (
        <GuestRow
          // biome-ignore lint/suspicious/noArrayIndexKey: guest rows are positional.
          key={index}
          number={index + 1}
          guest={guest}
          nationalityError={
            errors[`${unit.id}.${index}.nationality`] ? t('bookings.guest_errors.nationality') : null
          }
          onChange={(patch) => onChange((all) => all.map((g, i) => (i === index ? { ...g, ...patch } : g)))}
          onRemove={index > 0 ? () => onChange((all) => all.filter((_, i) => i !== index)) : undefined}
        />
      ))}
      {guests.length < max ? (
        <Button
          variant="secondary"
          onPress={() => onChange((all) => [...all, { name: '', surname: '', nationality: '' }])}
          aria-label={t('bookings.add_guest_to', { unit: unit.title })}
        >
          {t('guests.add')}
        </Button>
      ) : null}
    </fieldset>
  );
}

function GuestRow({
  number,
  guest,
  nationalityError,
  onChange,
  onRemove,
}: {
  number: number;
  guest: Guest;
  nationalityError: string | null;
  onChange: (patch: Partial<Guest>) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const country = useCountryField(guest.nationality, (nationality) => onChange({ nationality }));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of fields named for the guest.
    <div className="guest-row" role="group" aria-label={t('guests.guest', { number })}>
      <span className="guest-row__number" aria-hidden="true">
        {number}
      </span>
      <TextField
        label={t('guests.name')}
        value={guest.name}
        onChange={(name) => onChange({ name })}
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        label={t('guests.surname')}
        value={guest.surname}
        onChange={(surname) => onChange({ surname })}
        autoComplete="off"
        maxLength={100}
      />
      <ComboBox
        label={t('guests.nationality')}
        menuTrigger="focus"
        errorMessage={nationalityError}
        {...country}
      />
      {onRemove ? (
        <Button
          variant="quiet"
          className="guest-row__remove"
          onPress={onRemove}
          aria-label={t('guests.remove', { number })}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      ) : (
        <span className="guest-row__remove" />
      )}
    </div>
  );
}
