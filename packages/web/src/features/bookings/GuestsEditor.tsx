import { guestSpaces } from '@tern/core/bookingEngine';
import { bookedUnits, guestRowsOf } from '@tern/core/bookings';
import type { BookedUnit, BookingRecord, Guest } from '@tern/sdk';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ComboBox } from '../../components/ComboBox';
import { FormFrame, problemsOf } from '../../components/FormFrame';
import { TextField } from '../../components/TextField';
import { useCountryField } from '../bookingEngine/checkout/useCountryField';
import { EditorActions, type EditorProps } from './EditorActions';

export interface GuestsEditorProps extends EditorProps {
  booking: BookingRecord;
  /** The machine's `formErrors`: `unitId` (too many rows) or `unitId.index.nationality`. */
  errors: Record<string, string>;
  onSave: (edits: Record<string, Guest[]>) => void;
}

const nationalityOf = (unitId: string, index: number) => `${unitId}.${index}.nationality`;

/**
 * The summary's list of the guests' errors (keyed as `validateGuestEdits` gives them): a room with too many rows
 * by the room's title, a nationality not from the list by its guest and room.
 */
function guestProblems(units: BookedUnit[], errors: Record<string, string>, t: TFunction) {
  const labels: Record<string, string> = {};
  const messages: Record<string, string> = {};
  for (const field of Object.keys(errors)) {
    const [, unitId = field, index] = /^(.*)\.(\d+)\.nationality$/.exec(field) ?? [];
    const unit = units.find((u) => u.id === unitId);
    if (!unit) continue;
    labels[field] =
      index === undefined
        ? unit.title
        : `${t('guests.guest', { number: Number(index) + 1 })} (${unit.title})`;
    messages[field] =
      index === undefined
        ? t('bookings.guest_errors.too_many', { count: guestSpaces(unit.occupancy) })
        : t('bookings.guest_errors.nationality');
  }
  return problemsOf(Object.keys(messages), labels, (field) => messages[field]);
}

/**
 * Edit the guests of each booked room (document 1 §4, R118, R125): a row per guest with first name, last
 * name and nationality, up to the room's adults + children + infants; any row but the first can go. On the
 * form frame: a nationality not from the list beside its field and in the summary, a refusal in the summary;
 * leaving the page with rows changed asks first.
 */
export function GuestsEditor({ booking, errors, busy, failure, onSave, onCancel }: GuestsEditorProps) {
  const { t } = useTranslation();
  const units = bookedUnits(booking);
  const [initial] = useState<Record<string, Guest[]>>(() =>
    Object.fromEntries(units.map((unit) => [unit.id, guestRowsOf(unit)])),
  );
  const [rows, setRows] = useState(initial);
  const update = (unitId: string, next: (guests: Guest[]) => Guest[]) =>
    setRows((current) => ({ ...current, [unitId]: next(current[unitId] ?? []) }));
  const problems = guestProblems(units, errors, t);
  return (
    <FormFrame
      className="booking-edit"
      aria-label={t('bookings.edit_guests')}
      onSubmit={() => onSave(rows)}
      busy={busy}
      dirty={JSON.stringify(rows) !== JSON.stringify(initial)}
      problems={problems}
      failure={failure}
      actions={<EditorActions save={t('bookings.save_guests')} busy={busy} onCancel={onCancel} />}
    >
      {units.map((unit, index) => (
        <RoomGuests
          key={unit.id}
          unit={unit}
          number={index + 1}
          guests={rows[unit.id] ?? []}
          errorOf={(field) => problems.find((problem) => problem.field === field)?.message ?? null}
          onChange={(next) => update(unit.id, next)}
        />
      ))}
      <p className="muted">{t('guests.no_name_hint')}</p>
    </FormFrame>
  );
}

function RoomGuests({
  unit,
  number,
  guests,
  errorOf,
  onChange,
}: {
  unit: BookedUnit;
  number: number;
  guests: Guest[];
  errorOf: (field: string) => string | null;
  onChange: (next: (guests: Guest[]) => Guest[]) => void;
}) {
  const { t } = useTranslation();
  const max = guestSpaces(unit.occupancy);
  const tooMany = errorOf(unit.id);
  return (
    <fieldset className="guest-room" data-field={unit.id}>
      <legend className="guest-room__legend">
        {t('guests.room', { number, unit: unit.title })}
        <span className="muted"> {t('guests.room_for', { rate: unit.roomRateTitle, count: max })}</span>
      </legend>
      {tooMany ? <p className="field__error">{tooMany}</p> : null}
      {guests.map((guest, index) => (
        <GuestRow
          // biome-ignore lint/suspicious/noArrayIndexKey: guest rows are positional.
          key={index}
          number={index + 1}
          guest={guest}
          name={nationalityOf(unit.id, index)}
          nationalityError={errorOf(nationalityOf(unit.id, index))}
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
  name,
  guest,
  nationalityError,
  onChange,
  onRemove,
}: {
  number: number;
  /** The nationality's name: its error's key. */
  name: string;
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
        name={name}
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
