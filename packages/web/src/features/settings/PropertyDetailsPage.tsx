import { useQueryClient } from '@tanstack/react-query';
import {
  type PropertyDetailsDraft,
  propertyDetailsBodyOf,
  propertyDetailsFormInput,
  timeZoneOptions,
  toggleFacility,
} from '@tern/core/admin';
import { knownCurrencies } from '@tern/core/bookingEngine';
import { HOTEL_TYPES, type HotelType, type PropertyDetails } from '@tern/sdk';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ComboBox } from '../../components/ComboBox';
import { EmptyState } from '../../components/EmptyState';
import { FormFrame } from '../../components/FormFrame';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { LoadingSkeleton } from '../../components/Skeleton';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { LogoField } from './LogoField';
import { PositionPicker } from './PositionPicker';
import { SettingsFrame } from './SettingsFrame';
import '../admin/admin.css';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { QueryErrorState } from '../errors/QueryErrorState';

const KEY = 'propertyDetails';

/**
 * `/settings/property-details` (document 2 §2 property details page, §3, §5, §8): a spinner, then every field of
 * the selected property — what resellers see on its page and in search once saved. Title and currency required.
 */
export function PropertyDetailsPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const id = property?.id ?? null;
  const details = useApiQuery(
    [KEY, id],
    (client, signal) => client.propertySettings.get({ params: { id: id! } }, { signal }),
    { enabled: id !== null },
  );
  const options = useApiQuery(['facilityOptions'], (client, signal) =>
    client.propertySettings.facilityOptions(undefined, { signal }),
  );
  return (
    <SettingsFrame>
      <div className="page admin stack">
        <PageHeading>{t('property_details.heading')}</PageHeading>
        {!property ? (
          <EmptyState title={t('promo_codes.no_property')} />
        ) : details.isPending || options.isPending ? (
          <LoadingSkeleton label={t('general.loading')} />
        ) : details.error || options.error ? (
          <QueryErrorState query={details.error ? details : options} />
        ) : (
          <DetailsEditor key={details.data.id} details={details.data} categories={options.data.categories} />
        )}
      </div>
    </SettingsFrame>
  );
}

type Draft = PropertyDetailsDraft;

/** Each field's label (`property_details.*`), as the summary of errors names it. */
const FIELD_LABELS: Partial<Record<keyof Draft, string>> = {
  title: 'title',
  currency: 'currency',
  orderNumberPrefix: 'order_number_prefix',
  email: 'email',
  phone: 'phone',
  replyToName: 'reply_to_name',
  replyToEmail: 'reply_to_email',
  address: 'address',
  city: 'city',
  state: 'state',
  zipCode: 'zip',
  country: 'country',
  timezone: 'timezone',
  description: 'description',
  importantInformation: 'important_information',
  facilities: 'facilities',
};
type Categories = { code: string; label: string; facilities: { code: string; label: string }[] }[];

/**
 * The form, started afresh from what each save returned (its machine ends at `saved`), saying beside its Save
 * button that the last save went through until the next edit.
 */
function DetailsEditor({ details, categories }: { details: PropertyDetails; categories: Categories }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState({ details, round: 0 });
  return (
    <DetailsForm
      key={current.round}
      details={current.details}
      categories={categories}
      saved={current.round > 0}
      onSaved={(saved) => {
        queryClient.setQueryData([KEY, saved.id], saved);
        setCurrent((c) => ({ details: saved, round: c.round + 1 }));
      }}
    />
  );
}

/** The details form: core's `formDrawerMachine` with the details rule (`propertyDetailsFormInput`); it only draws it. */
function DetailsForm({
  details,
  categories,
  saved,
  onSaved,
}: {
  details: PropertyDetails;
  categories: Categories;
  saved: boolean;
  onSaved: (saved: PropertyDetails) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const zones = useMemo(() => timeZoneOptions(new Date()), []);
  const [input] = useState(() => propertyDetailsFormInput(details));
  const form = useFormDrawer<Draft, PropertyDetails>(
    input,
    (values) =>
      client.propertySettings.update({ params: { id: details.id }, body: propertyDetailsBodyOf(values) }),
    onSaved,
  );
  const { values: draft, busy } = form;
  const [zoneInput, setZoneInput] = useState(
    () => zones.find((z) => z.id === details.timezone)?.label ?? details.timezone,
  );
  const label = (field: keyof Draft) => t(`property_details.${FIELD_LABELS[field]}`);
  const { texts, frame } = useFormFrame(
    form,
    Object.fromEntries(Object.keys(FIELD_LABELS).map((field) => [field, label(field as keyof Draft)])),
  );
  const set = (patch: Partial<Draft>) => form.change(patch);
  const text = (field: keyof Draft, more: { type?: string; required?: boolean } = {}) => (
    <TextField
      label={label(field)}
      name={field}
      value={String(draft[field] ?? '')}
      onChange={(value) => set({ [field]: value } as Partial<Draft>)}
      isRequired={more.required ?? false}
      {...(more.type === 'email' ? { type: 'email', inputMode: 'email' as const } : {})}
      {...(more.type === 'tel' ? { type: 'tel', inputMode: 'tel' as const } : {})}
      errorMessage={texts.field(field)}
    />
  );

  return (
    <FormFrame
      {...frame}
      notice={saved ? t('property_details.saved_changes_message') : null}
      actions={
        <Button type="submit" isDisabled={busy}>
          {t('admin.save')}
        </Button>
      }
    >
      <section className="stack" aria-labelledby="details-basics">
        <h2 id="details-basics">{t('property_details.basics')}</h2>
        <div className="admin-form__grid">
          {text('title', { required: true })}
          <Select
            name="currency"
            label={label('currency')}
            options={knownCurrencies.map((c) => ({ id: c, label: c }))}
            selectedKey={draft.currency}
            onSelectionChange={(currency) => set({ currency })}
            errorMessage={texts.field('currency')}
          />
          {text('orderNumberPrefix')}
          {details.kind === 'accommodation' ? (
            <Select
              label={t('property_details.property_type')}
              options={HOTEL_TYPES.map((id) => ({ id, label: t(`admin.property_types.${id}`) }))}
              selectedKey={draft.propertyType ?? null}
              onSelectionChange={(type) => set({ propertyType: type as HotelType })}
            />
          ) : null}
        </div>
      </section>
      <section className="stack" aria-labelledby="details-contact">
        <h2 id="details-contact">{t('property_details.contact')}</h2>
        <div className="admin-form__grid">
          {text('email', { type: 'email' })}
          {text('phone', { type: 'tel' })}
          {text('replyToName')}
          {text('replyToEmail', { type: 'email' })}
          {text('address')}
          {text('city')}
          {text('state')}
          {text('zipCode')}
          {text('country')}
          <ComboBox
            label={label('timezone')}
            items={zones
              .filter((z) => z.label.toLowerCase().includes(zoneInput.toLowerCase()))
              .slice(0, 80)
              .map((z) => ({ id: z.id, label: z.label }))}
            inputValue={zoneInput}
            onInputChange={setZoneInput}
            selectedKey={draft.timezone ?? null}
            onSelectionChange={(zone) => {
              if (!zone) return;
              set({ timezone: zone });
              setZoneInput(zones.find((z) => z.id === zone)?.label ?? zone);
            }}
            menuTrigger="input"
          />
        </div>
      </section>
      <section className="stack" aria-labelledby="details-content">
        <h2 id="details-content">{t('property_details.content')}</h2>
        <TextArea
          label={label('description')}
          name="description"
          value={draft.description}
          onChange={(description) => set({ description })}
        />
        <TextArea
          label={label('importantInformation')}
          name="importantInformation"
          value={draft.importantInformation}
          onChange={(importantInformation) => set({ importantInformation })}
        />
      </section>
      <LogoField propertyId={details.id} title={details.title} />
      <section className="stack" aria-labelledby="details-facilities">
        <h2 id="details-facilities">{t('property_details.facilities')}</h2>
        {texts.field('facilities') ? <p className="field__error">{texts.field('facilities')}</p> : null}
        <div className="facility-groups" data-field="facilities">
          {categories.map((category) => (
            <fieldset key={category.code}>
              <legend>{t(`facility_categories.${category.code}`, { defaultValue: category.label })}</legend>
              {category.facilities.map((f) => (
                <Checkbox
                  key={f.code}
                  isSelected={draft.facilities.includes(f.code)}
                  onChange={(on) => set({ facilities: toggleFacility(draft.facilities, f.code, on) })}
                >
                  {t(`facilities.${f.code}`, { defaultValue: f.label })}
                </Checkbox>
              ))}
            </fieldset>
          ))}
        </div>
      </section>
      <PositionPicker
        value={
          draft.latitude != null && draft.longitude != null
            ? { latitude: draft.latitude, longitude: draft.longitude }
            : null
        }
        onChange={(p) => set({ latitude: p.latitude, longitude: p.longitude })}
      />
    </FormFrame>
  );
}
