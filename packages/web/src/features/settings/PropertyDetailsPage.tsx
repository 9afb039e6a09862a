import { useQueryClient } from '@tanstack/react-query';
import { knownCurrencies, timeZoneOptions } from '@tern/core';
import type { FieldError } from '@tern/sdk';
import { HOTEL_TYPES, type HotelType, type PropertyDetails, type PropertyDetailsBody } from '@tern/sdk';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ComboBox } from '../../components/ComboBox';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { LogoField } from './LogoField';
import { PositionPicker } from './PositionPicker';
import { SettingsFrame } from './SettingsFrame';
import '../admin/admin.css';
import { useErrorText, useFieldErrorText } from '../errors/useErrorText';

const KEY = 'propertyDetails';

/**
 * `/settings/property-details` (document 2 §2 property details page, §3, §5, §8): a spinner, then every field of
 * the selected property — what resellers see on its page and in search once saved. Title and currency required.
 */
export function PropertyDetailsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
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
          <Spinner label={t('general.loading')} />
        ) : details.error || options.error ? (
          <Alert variant="error" title={t('general.error_message')}>
            {errorText(details.error ?? options.error)}
          </Alert>
        ) : (
          <DetailsForm key={details.data.id} details={details.data} categories={options.data.categories} />
        )}
      </div>
    </SettingsFrame>
  );
}

type Draft = Omit<PropertyDetailsBody, 'facilities' | 'content'> & {
  description: string;
  importantInformation: string;
  facilities: Set<string>;
};

function DetailsForm({
  details,
  categories,
}: {
  details: PropertyDetails;
  categories: { code: string; label: string; facilities: { code: string; label: string }[] }[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const zones = useMemo(() => timeZoneOptions(new Date()), []);
  const [draft, setDraft] = useState<Draft>(() => ({
    title: details.title,
    currency: details.currency,
    orderNumberPrefix: details.orderNumberPrefix,
    replyToName: details.replyToName,
    replyToEmail: details.replyToEmail,
    email: details.email,
    phone: details.phone,
    country: details.country,
    timezone: details.timezone,
    zipCode: details.zipCode,
    state: details.state,
    city: details.city,
    address: details.address,
    propertyType: details.propertyType,
    description: details.content.description,
    importantInformation: details.content.importantInformation,
    facilities: new Set(details.facilities.flatMap((g) => g.facilityCodes)),
    latitude: details.latitude,
    longitude: details.longitude,
  }));
  const [zoneInput, setZoneInput] = useState(
    () => zones.find((z) => z.id === details.timezone)?.label ?? details.timezone,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (field: keyof Draft, label: string, more: { type?: string; required?: boolean } = {}) => (
    <TextField
      label={t(`property_details.${label}`)}
      value={String(draft[field] ?? '')}
      onChange={(value) => set({ [field]: value } as Partial<Draft>)}
      isRequired={more.required ?? false}
      {...(more.type === 'email' ? { type: 'email', inputMode: 'email' as const } : {})}
      {...(more.type === 'tel' ? { type: 'tel', inputMode: 'tel' as const } : {})}
      errorMessage={errors[field] ?? null}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (draft.title.trim() === '') found.title = t('validation_messages.required');
    if (!draft.currency) found.currency = t('validation_messages.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const { description, importantInformation, facilities, ...fields } = draft;
    try {
      await client.propertySettings.update({
        params: { id: details.id },
        body: { ...fields, content: { description, importantInformation }, facilities: [...facilities] },
      });
      toast.success(t('property_details.saved_changes_message'));
      void queryClient.invalidateQueries({ queryKey: [KEY] });
    } catch (error) {
      const fieldErrors = (error as { fields?: FieldError[] }).fields ?? [];
      setErrors(Object.fromEntries(fieldErrors.map((f) => [f.field, fieldText(f)])));
      toast.error(t('general.error_message'), errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      <section className="stack" aria-labelledby="details-basics">
        <h2 id="details-basics">{t('property_details.basics')}</h2>
        <div className="admin-form__grid">
          {text('title', 'title', { required: true })}
          <Select
            label={t('property_details.currency')}
            options={knownCurrencies.map((c) => ({ id: c, label: c }))}
            selectedKey={draft.currency}
            onSelectionChange={(currency) => set({ currency })}
            errorMessage={errors.currency ?? null}
          />
          {text('orderNumberPrefix', 'order_number_prefix')}
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
          {text('email', 'email', { type: 'email' })}
          {text('phone', 'phone', { type: 'tel' })}
          {text('replyToName', 'reply_to_name')}
          {text('replyToEmail', 'reply_to_email', { type: 'email' })}
          {text('address', 'address')}
          {text('city', 'city')}
          {text('state', 'state')}
          {text('zipCode', 'zip')}
          {text('country', 'country')}
          <ComboBox
            label={t('property_details.timezone')}
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
          label={t('property_details.description')}
          value={draft.description}
          onChange={(description) => set({ description })}
        />
        <TextArea
          label={t('property_details.important_information')}
          value={draft.importantInformation}
          onChange={(importantInformation) => set({ importantInformation })}
        />
      </section>
      <LogoField propertyId={details.id} title={details.title} />
      <section className="stack" aria-labelledby="details-facilities">
        <h2 id="details-facilities">{t('property_details.facilities')}</h2>
        {errors.facilities ? <p className="field__error">{errors.facilities}</p> : null}
        <div className="facility-groups">
          {categories.map((category) => (
            <fieldset key={category.code}>
              <legend>{t(`facility_categories.${category.code}`, { defaultValue: category.label })}</legend>
              {category.facilities.map((f) => (
                <Checkbox
                  key={f.code}
                  isSelected={draft.facilities.has(f.code)}
                  onChange={(on) => {
                    const next = new Set(draft.facilities);
                    if (on) next.add(f.code);
                    else next.delete(f.code);
                    set({ facilities: next });
                  }}
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
      <div className="admin-form__actions">
        <Button type="submit" isDisabled={busy}>
          {t('admin.save')}
        </Button>
      </div>
    </form>
  );
}
