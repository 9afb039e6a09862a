import {
  emptyUnitForm,
  ROOM_KINDS,
  type RoomKind,
  type UnitForm,
  type UnitFormErrors,
  validateUnitForm,
} from '@tern/core/rates';
import { type FieldError, MAX_PHOTOS, type Unit } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/Checkbox';
import { FormFrame } from '../../../components/FormFrame';
import { NumberField } from '../../../components/NumberField';
import { Select } from '../../../components/Select';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
import { useApiQuery } from '../../../data/useApiQuery';
import { useServices } from '../../../session/SessionContext';
import { QueryErrorState } from '../../errors/QueryErrorState';
import { useErrorText, useFieldErrorText } from '../../errors/useErrorText';
import { PhotosEditor } from '../PhotosPage';
import { UNIT_PHOTOS_KEY, UPLOAD_SIZE } from '../useImageUpload';
import { useRoomFacilities } from './roomsData';

/** A saved unit as the form edits it. */
export function formOfUnit(unit: Unit): UnitForm {
  return {
    title: unit.title,
    roomKind: unit.roomKind,
    countOfRooms: unit.countOfRooms,
    occAdults: unit.occAdults,
    occChildren: unit.occChildren,
    occInfants: unit.occInfants,
    defaultOccupancy: unit.defaultOccupancy,
    content: { description: unit.content.description },
    facilities: unit.facilities.flatMap((group) => group.facilityCodes),
  };
}

/** The fields of the General tab; the others are on Content. */
/** Each field's label (`rooms_and_rates.unit.*`), as the summary of errors names it. */
const LABELS: Readonly<Record<string, string>> = {
  title: 'title',
  roomKind: 'room_kind',
  countOfRooms: 'count_of_rooms',
  occAdults: 'occ_adults',
  occChildren: 'occ_children',
  occInfants: 'occ_infants',
  defaultOccupancy: 'default_occupancy',
  description: 'description',
};
const GENERAL: readonly string[] = [
  'title',
  'roomKind',
  'countOfRooms',
  'occAdults',
  'occChildren',
  'occInfants',
  'defaultOccupancy',
];

export interface UnitFormProps {
  propertyId: string;
  /** The unit edited; `null` for a new one. */
  unit: Unit | null;
  onCancel: () => void;
  onSaved: (unit: Unit) => void;
}

/**
 * The unit drawer's form (document 2 §2, §3 "Unit (room type)", §5): tabs General (title, room or dorm, rooms,
 * occupancy, default occupancy) and Content (description, facilities, the unit's photos). Core's rules check it
 * before sending (R185, R186); a refused save shows the server's words beside the field, or as a notification.
 */
export function UnitFormPanel({ propertyId, unit, onCancel, onSaved }: UnitFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const { client } = useServices();
  const [loaded] = useState<UnitForm>(() => (unit ? formOfUnit(unit) : emptyUnitForm()));
  const [form, setForm] = useState<UnitForm>(loaded);
  const [tab, setTab] = useState('general');
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors: UnitFormErrors = tried ? validateUnitForm(form) : {};
  const set = (patch: Partial<UnitForm>) => setForm((f) => ({ ...f, ...patch }));
  const message = (field: keyof UnitFormErrors) => {
    const key = errors[field];
    return key ? t(key) : (serverErrors[field] ?? null);
  };
  const count = (field: 'countOfRooms' | 'occAdults' | 'occChildren' | 'occInfants' | 'defaultOccupancy') =>
    ({
      value: form[field],
      onChange: (value: number | null) => set({ [field]: value }),
      errorMessage: message(field),
    }) as const;

  const submit = async () => {
    setTried(true);
    const found = validateUnitForm(form);
    if (Object.keys(found).length > 0) {
      setTab(Object.keys(found).some((f) => GENERAL.includes(f)) ? 'general' : 'content');
      return;
    }
    setBusy(true);
    setFailure(null);
    const body = {
      propertyId,
      title: form.title,
      roomKind: form.roomKind,
      countOfRooms: form.countOfRooms!,
      occAdults: form.occAdults!,
      occChildren: form.occChildren!,
      occInfants: form.occInfants!,
      defaultOccupancy: form.defaultOccupancy,
      content: { description: form.content.description },
      facilities: form.facilities,
    };
    try {
      const saved = unit
        ? await client.roomsAndRates.updateUnit({ params: { roomTypeId: unit.id }, body })
        : await client.roomsAndRates.createUnit({ body });
      onSaved(saved);
    } catch (error) {
      const list = (error as { fields?: FieldError[] }).fields ?? [];
      setServerErrors(Object.fromEntries(list.map((f) => [f.field, fieldText(f)])));
      if (list.length > 0) setTab(list.some((f) => GENERAL.includes(f.field)) ? 'general' : 'content');
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const problems = [...new Set([...Object.keys(errors), ...Object.keys(serverErrors)])].flatMap((field) => {
    const words = message(field as keyof UnitFormErrors);
    const label = LABELS[field];
    return words ? [{ field, label: label ? t(`rooms_and_rates.unit.${label}`) : null, message: words }] : [];
  });
  return (
    <FormFrame
      onSubmit={() => void submit()}
      busy={busy}
      dirty={JSON.stringify(form) !== JSON.stringify(loaded)}
      problems={problems}
      failure={failure}
      actions={
        <>
          <Button variant="secondary" onPress={onCancel}>
            {t('rooms_and_rates.cancel')}
          </Button>
          <Button type="submit" isPending={busy}>
            {unit ? t('rooms_and_rates.save') : t('rooms_and_rates.create')}
          </Button>
        </>
      }
    >
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList label={t('rooms_and_rates.unit.tabs')}>
          <Tab id="general">{t('rooms_and_rates.unit.general')}</Tab>
          <Tab id="content">{t('rooms_and_rates.unit.content')}</Tab>
        </TabList>
        <TabPanel id="general">
          <div className="stack">
            <TextField
              label={t('rooms_and_rates.unit.title')}
              name="title"
              value={form.title}
              onChange={(title) => set({ title })}
              isRequired
              errorMessage={message('title')}
            />
            <Select
              name="roomKind"
              label={t('rooms_and_rates.unit.room_kind')}
              options={ROOM_KINDS.map((id) => ({ id, label: t(`rooms_and_rates.room_kinds.${id}`) }))}
              selectedKey={form.roomKind}
              onSelectionChange={(roomKind) => set({ roomKind: roomKind as RoomKind })}
              errorMessage={message('roomKind')}
            />
            <NumberField
              keypad="whole"
              label={t('rooms_and_rates.unit.count_of_rooms')}
              description={t('rooms_and_rates.unit.count_hint')}
              isRequired
              {...count('countOfRooms')}
            />
            <fieldset className="rooms-fieldset">
              <legend>{t('rooms_and_rates.unit.occupancy')}</legend>
              <div className="admin-form__grid">
                <NumberField
                  keypad="whole"
                  label={t('rooms_and_rates.unit.occ_adults')}
                  isRequired
                  {...count('occAdults')}
                />
                <NumberField
                  keypad="whole"
                  label={t('rooms_and_rates.unit.occ_children')}
                  isRequired
                  {...count('occChildren')}
                />
                <NumberField
                  keypad="whole"
                  label={t('rooms_and_rates.unit.occ_infants')}
                  isRequired
                  {...count('occInfants')}
                />
              </div>
            </fieldset>
            <NumberField
              keypad="whole"
              label={t('rooms_and_rates.unit.default_occupancy')}
              description={t('rooms_and_rates.unit.default_occupancy_hint')}
              {...count('defaultOccupancy')}
            />
          </div>
        </TabPanel>
        <TabPanel id="content">
          <div className="stack">
            <TextArea
              label={t('rooms_and_rates.unit.description')}
              value={form.content.description}
              onChange={(description) => set({ content: { description } })}
              errorMessage={serverErrors['content.description'] ?? null}
            />
            <UnitFacilities
              selected={form.facilities}
              onChange={(facilities) => set({ facilities })}
              errorMessage={serverErrors.facilities ?? null}
            />
            <UnitPhotos propertyId={propertyId} unit={unit} />
          </div>
        </TabPanel>
      </Tabs>
    </FormFrame>
  );
}

/** The room facilities, grouped by category (the grouped multi-select of §3). */
function UnitFacilities({
  selected,
  onChange,
  errorMessage,
}: {
  selected: string[];
  onChange: (codes: string[]) => void;
  errorMessage: string | null;
}) {
  const { t } = useTranslation();
  const options = useRoomFacilities();
  const chosen = new Set(selected);
  return (
    <section className="stack" aria-labelledby="unit-facilities">
      <h3 id="unit-facilities">{t('rooms_and_rates.unit.facilities')}</h3>
      {errorMessage ? <p className="field__error">{errorMessage}</p> : null}
      {options.isPending ? (
        <LoadingSkeleton label={t('rooms_and_rates.unit.facilities_loading')} />
      ) : options.error ? (
        <QueryErrorState query={options} />
      ) : (
        <div className="facility-groups">
          {options.data.categories.map((category) => (
            <fieldset key={category.code}>
              <legend>{t(`facility_categories.${category.code}`, { defaultValue: category.label })}</legend>
              {category.facilities.map((f) => (
                <Checkbox
                  key={f.code}
                  isSelected={chosen.has(f.code)}
                  onChange={(on) =>
                    onChange(on ? [...selected, f.code] : selected.filter((code) => code !== f.code))
                  }
                >
                  {t(`facilities.${f.code}`, { defaultValue: f.label })}
                </Checkbox>
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The unit's photos (document 2 §3 Unit): core's `photosMachine` on the unit, with the property photos' upload
 * list and grid; saved by their own button (`saveUnitPhotos`), apart from the unit's form. A new unit gets its
 * photos once created.
 */
function UnitPhotos({ propertyId, unit }: { propertyId: string; unit: Unit | null }) {
  const { t } = useTranslation();
  const unitId = unit?.id ?? null;
  const photos = useApiQuery(
    [UNIT_PHOTOS_KEY, unitId],
    (client, signal) => client.roomsAndRates.unitPhotos({ params: { roomTypeId: unitId! } }, { signal }),
    { enabled: unitId !== null },
  );
  return (
    <section className="stack" aria-labelledby="unit-photos">
      <h3 id="unit-photos">{t('rooms_and_rates.unit.photos')}</h3>
      {unitId === null ? (
        <p className="field__description">{t('rooms_and_rates.unit.photos_new')}</p>
      ) : photos.isPending ? (
        <LoadingSkeleton label={t('rooms_and_rates.unit.photos_loading')} />
      ) : photos.error ? (
        <QueryErrorState query={photos} />
      ) : (
        <PhotosEditor
          key={unitId}
          propertyId={propertyId}
          unitId={unitId}
          photos={photos.data}
          intro={t('rooms_and_rates.unit.photos_intro', { size: UPLOAD_SIZE, max: MAX_PHOTOS })}
        />
      )}
    </section>
  );
}
