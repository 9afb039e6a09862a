import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ComboBox } from '../../../components/ComboBox';
import { TextField } from '../../../components/TextField';
import { useCountryField } from './useCountryField';

export interface GuestRow {
  name: string;
  surname: string;
  nationality: string;
}

export interface GuestRoom {
  key: string;
  unitTitle: string;
  rateTitle: string;
  /** adults + children + infants of the chosen rate: the most rows the room takes. */
  maxGuests: number;
  guests: GuestRow[];
  /** Core's rules: a row may be added while below the occupancy; any row but the first removed. */
  canAdd: boolean;
  canRemove: (guest: number) => boolean;
}

export interface GuestRoomsProps {
  rooms: GuestRoom[];
  onGuestChange: (room: number, guest: number, field: keyof GuestRow, value: string) => void;
  onAddGuest: (room: number) => void;
  onRemoveGuest: (room: number, guest: number) => void;
  /** Pasted text with tabs or new lines fills rows from this one on (core's paste-to-fill). */
  onPaste: (room: number, guest: number, text: string) => void;
}

/** True for text that fills several rows or columns (a spreadsheet selection), not a single name. */
export function isTabular(text: string): boolean {
  return /[\t\n\r]/.test(text.trim());
}

/**
 * The guest forms (document 1 §2 checkout): one block per booked room with a row per guest — first name,
 * last name, nationality. Rows can be added while below the room's occupancy; any row but the first can
 * be removed; pasting spreadsheet rows into a name fills the rows. A room left with more rows than it
 * takes (a confirmed paste) says how many to remove; core's checkout holds the booking until then.
 */
export function GuestRooms({ rooms, onGuestChange, onAddGuest, onRemoveGuest, onPaste }: GuestRoomsProps) {
  const { t } = useTranslation();
  return (
    <div className="guest-rooms">
      <p className="muted">{t('guests.paste_hint')}</p>
      {rooms.map((room, roomIndex) => (
        <fieldset key={room.key} className="guest-room">
          <legend className="guest-room__legend">
            {t('guests.room', { number: roomIndex + 1, unit: room.unitTitle })}
            <span className="guest-room__rate muted">
              {' '}
              {t('guests.room_for', { rate: room.rateTitle, count: room.maxGuests })}
            </span>
          </legend>
          {room.guests.map((guest, guestIndex) => (
            <GuestRowFields
              // biome-ignore lint/suspicious/noArrayIndexKey: guest rows are positional.
              key={guestIndex}
              guest={guest}
              roomIndex={roomIndex}
              guestIndex={guestIndex}
              onChange={(field, value) => onGuestChange(roomIndex, guestIndex, field, value)}
              onRemove={room.canRemove(guestIndex) ? () => onRemoveGuest(roomIndex, guestIndex) : undefined}
              onPaste={(event) => {
                const text = event.clipboardData.getData('text/plain');
                if (!isTabular(text)) return;
                event.preventDefault();
                onPaste(roomIndex, guestIndex, text);
              }}
            />
          ))}
          {room.guests.length > room.maxGuests ? (
            // R088: a confirmed paste can leave more rows than the room takes; the booking waits for fewer.
            <Alert variant="error">
              {t('guests.too_many', { max: room.maxGuests, count: room.guests.length - room.maxGuests })}
            </Alert>
          ) : null}
          {room.canAdd ? (
            <Button variant="secondary" onPress={() => onAddGuest(roomIndex)}>
              {t('guests.add')}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <p className="muted">{t('guests.no_name_hint')}</p>
    </div>
  );
}

function GuestRowFields({
  guest,
  roomIndex,
  guestIndex,
  onChange,
  onRemove,
  onPaste,
}: {
  guest: GuestRow;
  roomIndex: number;
  guestIndex: number;
  onChange: (field: keyof GuestRow, value: string) => void;
  onRemove?: () => void;
  onPaste: (event: ClipboardEvent<HTMLDivElement>) => void;
}) {
  const { t } = useTranslation();
  const country = useCountryField(guest.nationality, (code) => onChange('nationality', code));
  const label = t('guests.guest', { number: guestIndex + 1 });
  return (
    // The paste listener sits on the row: it catches pastes into either name field.
    // biome-ignore lint/a11y/useSemanticElements: a group of fields named for the guest.
    <div className="guest-row" role="group" aria-label={label} onPaste={onPaste}>
      <span className="guest-row__number" aria-hidden="true">
        {guestIndex + 1}
      </span>
      <TextField
        label={t('guests.name')}
        value={guest.name}
        onChange={(v) => onChange('name', v)}
        autoComplete="off"
        name={`room-${roomIndex}-guest-${guestIndex}-name`}
      />
      <TextField
        label={t('guests.surname')}
        value={guest.surname}
        onChange={(v) => onChange('surname', v)}
        autoComplete="off"
        name={`room-${roomIndex}-guest-${guestIndex}-surname`}
      />
      <ComboBox label={t('guests.nationality')} menuTrigger="focus" {...country} />
      {onRemove ? (
        <Button
          variant="quiet"
          className="guest-row__remove"
          onPress={onRemove}
          aria-label={t('guests.remove', { number: guestIndex + 1 })}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      ) : (
        <span className="guest-row__remove" />
      )}
    </div>
  );
}
