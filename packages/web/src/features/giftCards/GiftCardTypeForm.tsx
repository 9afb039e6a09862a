import { formDrawerInput, isFormDirty } from '@tern/core/admin';
import type { Day } from '@tern/core/dates';
import {
  changeGiftcardType,
  type GiftCardTypeForm as Form,
  giftCardTypeBodyOf,
  giftCardTypeFormOf,
  isPdfDesignDirty,
  multiPropertyAllowed,
  needsRatePlans,
  newGiftCardTypeForm,
  pickupAllowed,
  type StoreChoice,
  typeFieldEditable,
  typeFormDiscount,
  typePropertiesOf,
  validateGiftCardTypeForm,
} from '@tern/core/giftCards';
import {
  type ExpirationUnit,
  GIFT_CARD_MULTI,
  type GiftCardType,
  type GiftcardType,
  type GroupStore,
} from '@tern/sdk';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { DateField } from '../../components/DateField';
import { useDrawerCloseGuard } from '../../components/Drawer';
import { FormFrame } from '../../components/FormFrame';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { useGroupStores, useStores } from '../settings/storesData';
import { GiftCardPdfEditor } from './GiftCardPdfEditor';
import { TypePhotos } from './GiftCardTypeFormPhotos';
import { TypeRatePlans } from './GiftCardTypeFormPlans';
import { savePdfDesign, usePdfEditor } from './usePdfEditor';

/**
 * The type drawer (document 3 §2.3, §5): core's `formDrawerMachine` with the type rules
 * (`validateGiftCardTypeForm`), tabs General and PDF. Fields a locked type keeps are disabled
 * (`typeFieldEditable`); an archived type is shown read-only.
 */
/** Each field's label (`gift_cards.fields.*`), as the summary of errors names it. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  giftcardType: 'kind',
  title: 'title',
  price: 'price',
  netPrice: 'net_price',
  limit: 'limit',
  expirationType: 'expiration_type',
  expirationDuration: 'expiration_duration',
  expirationDurationUnit: 'expiration_unit',
  absoluteExpirationDate: 'absolute_date',
  lengthOfStay: 'length_of_stay',
  reservationValue: 'reservation_value',
  description: 'description',
};

export function GiftCardTypeFormDrawer({
  propertyId,
  propertyCount,
  today,
  type,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  propertyCount: number;
  today: Day;
  type: GiftCardType | null;
  onCancel: () => void;
  onSaved: (saved: GiftCardType, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  // Prices are in the property's currency: its decimals (ISK none, KWD 3).
  const { property, properties } = useSelectedProperty();
  const currency = property?.currency;
  // The stores the form offers (below, once the kind and hotels are known); the rules read the latest.
  const storesNow = useRef<StoreChoice[]>([]);
  const [tab, setTab] = useState('general');
  // A photo on its way holds the save back (its address is not known yet).
  const [uploading, setUploading] = useState(false);
  const readOnly = type?.status === 'archived';
  const [input] = useState(() =>
    formDrawerInput<Form>({
      values: type ? giftCardTypeFormOf(type) : newGiftCardTypeForm(),
      validate: (v) =>
        validateGiftCardTypeForm(v, {
          propertyId,
          today,
          stores: storesNow.current,
          multiProperty: multiPropertyAllowed(type !== null, propertyCount),
          editing: type,
        }),
    }),
  );
  // The PDF tab's design lives here: the drawer's Save saves it too, and Cancel asks before dropping it.
  const pdf = usePdfEditor(propertyId, type?.id ?? null);
  const pdfDirty = useSelector(pdf, (s) => isPdfDesignDirty(s.context));
  const [discarding, setDiscarding] = useState(false);
  const form = useFormDrawer<Form, GiftCardType>(
    input,
    async (values) => {
      const { publish, ...body } = giftCardTypeBodyOf(values, propertyId, storesNow.current);
      if (!type) return client.giftCards.createType({ body: { ...body, publish } });
      if (isPdfDesignDirty(pdf.getSnapshot().context)) {
        const refused = await savePdfDesign(pdf);
        if (refused !== null) throw refused === 'invalid' ? new Error(t('gift_card_pdfs.invalid')) : refused;
      }
      // The template a PDF save chose is the one the type prints with (the form's is the type's as opened).
      const pdfTemplateId = pdf.getSnapshot().context.savedTemplateId ?? body.pdfTemplateId;
      return client.giftCards.updateType({ params: { id: type.id }, body: { ...body, pdfTemplateId } });
    },
    (saved) => onSaved(saved, type === null),
  );
  const { texts, frame } = useFormFrame(
    form,
    Object.fromEntries(
      Object.entries(FIELD_LABELS).map(([field, key]) => [field, t(`gift_cards.fields.${key}`)]),
    ),
  );
  const { values: v, busy } = form;
  // A multi-property type's group stores (document 2 I2: those of its hotels the user works at, by hotel); the
  // property's own stores otherwise (document 3 §7). Pickup needs every chosen one to allow it.
  const multi = v.giftcardType === GIFT_CARD_MULTI;
  const mine = properties.map((p) => p.id);
  const hotels = typePropertiesOf(v, propertyId).filter((id) => id !== propertyId && mine.includes(id));
  const group = useGroupStores(propertyId, hotels, multi);
  const own = useStores(propertyId);
  const storeList: GroupStore[] = multi
    ? (group.data?.items ?? [])
    : (own.data?.items ?? []).map((s) => ({ ...s, propertyId, propertyTitle: '' }));
  const stores: StoreChoice[] = storeList.map((s) => ({
    id: s.id,
    allowPickupAtHotel: s.allowPickupAtHotel,
    propertyId: s.propertyId,
  }));
  storesNow.current = stores;
  const storeBox = (s: GroupStore) => (
    <Checkbox
      key={s.id}
      isSelected={v.storeIds.includes(s.id)}
      onChange={(on) =>
        set({ storeIds: on ? [...v.storeIds, s.id] : v.storeIds.filter((id) => id !== s.id) })
      }
      isDisabled={off('storeIds')}
    >
      {s.name}
    </Checkbox>
  );
  const set = form.change as (values: Partial<Form>) => void;
  const off = (field: keyof Form) => readOnly || !typeFieldEditable(field, type);
  const discount = typeFormDiscount(v);
  const rates = needsRatePlans(v.giftcardType);
  const submit = () => {
    if (readOnly || uploading) return;
    // A PDF design with errors is not sent: its tab shows them.
    if (pdfDirty && Object.keys(pdf.getSnapshot().context.errors).length > 0) {
      setTab('pdf');
      pdf.send({ type: 'design.save' });
      return;
    }
    form.submit();
  };
  // Cancel, Escape, a click outside and the drawer's close button ask first while either tab has unsaved changes.
  const discarded = useRef(false);
  const mayClose = () => {
    if (readOnly || discarded.current || !(pdfDirty || isFormDirty(form.snapshot.context))) return true;
    setDiscarding(true);
    return false;
  };
  useDrawerCloseGuard(mayClose);
  const discard = () => {
    discarded.current = true;
    onCancel();
  };
  // Multi-property is offered to a user of two properties or more, on a new type only (document 3 §4).
  const kinds: GiftcardType[] =
    multiPropertyAllowed(type !== null, propertyCount) || type?.giftcardType === 1 ? [0, 1, 2] : [0, 2];
  return (
    <FormFrame
      {...frame}
      onSubmit={submit}
      dirty={!readOnly && (pdfDirty || frame.dirty)}
      actions={
        <>
          <Button variant="secondary" onPress={() => mayClose() && onCancel()}>
            {t(readOnly ? 'gift_cards.close' : 'gift_cards.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="submit" isDisabled={busy || uploading}>
              {t(type ? 'gift_cards.save' : 'gift_cards.create')}
            </Button>
          )}
        </>
      }
    >
      {readOnly ? <Alert variant="info">{t('gift_cards.archived_note')}</Alert> : null}
      {!readOnly && type?.locked ? <Alert variant="info">{t('gift_cards.locked_note')}</Alert> : null}
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList label={t('gift_cards.form_tabs_label')}>
          <Tab id="general">{t('gift_cards.form_tabs.general')}</Tab>
          <Tab id="pdf">{t('gift_cards.form_tabs.pdf')}</Tab>
        </TabList>
        <TabPanel id="general">
          <div className="stack">
            <div className="admin-form__grid">
              <Select
                name="giftcardType"
                label={t('gift_cards.fields.kind')}
                options={kinds.map((k) => ({ id: String(k), label: t(`gift_cards.fields.kinds.${k}`) }))}
                selectedKey={v.giftcardType === null ? null : String(v.giftcardType)}
                onSelectionChange={(k) => set(changeGiftcardType(v, Number(k) as GiftcardType, propertyId))}
                isDisabled={off('giftcardType')}
                errorMessage={texts.field('giftcardType')}
              />
              <TextField
                name="title"
                label={t('gift_cards.fields.title')}
                value={v.title}
                onChange={(title) => set({ title })}
                isRequired
                isDisabled={off('title')}
                errorMessage={texts.field('title')}
              />
              <NumberField
                name="price"
                label={t('gift_cards.fields.price')}
                currency={currency}
                value={v.price}
                onChange={(n) => set({ price: n })}
                isRequired
                isDisabled={off('price')}
                errorMessage={texts.field('price')}
              />
              <NumberField
                name="netPrice"
                label={t('gift_cards.fields.net_price')}
                currency={currency}
                description={
                  discount
                    ? t('gift_cards.fields.discount', { value: discount.value })
                    : t('gift_cards.fields.net_price_hint')
                }
                value={v.netPrice}
                onChange={(n) => set({ netPrice: n })}
                isDisabled={off('netPrice')}
                errorMessage={texts.field('netPrice')}
              />
              <NumberField
                name="limit"
                label={t('gift_cards.fields.limit')}
                keypad="whole"
                value={v.limit}
                onChange={(n) => set({ limit: n })}
                isRequired
                isDisabled={off('limit')}
                errorMessage={texts.field('limit')}
              />
              <Select
                label={t('gift_cards.fields.expiration_type')}
                options={[0, 1].map((k) => ({
                  id: String(k),
                  label: t(`gift_cards.fields.expiration_types.${k}`),
                }))}
                selectedKey={String(v.expirationType)}
                onSelectionChange={(k) => set({ expirationType: Number(k) as 0 | 1 })}
                isDisabled={off('expirationType')}
              />
              {v.expirationType === 0 ? (
                <>
                  <NumberField
                    name="expirationDuration"
                    label={t('gift_cards.fields.expiration_duration')}
                    keypad="whole"
                    value={v.expirationDuration}
                    onChange={(n) => set({ expirationDuration: n })}
                    isRequired
                    isDisabled={off('expirationDuration')}
                    errorMessage={texts.field('expirationDuration')}
                  />
                  <Select
                    name="expirationDurationUnit"
                    label={t('gift_cards.fields.expiration_unit')}
                    options={(['hours', 'days', 'months'] as const).map((u) => ({
                      id: u,
                      label: t(`gift_cards.units.${u}`),
                    }))}
                    selectedKey={v.expirationDurationUnit}
                    onSelectionChange={(u) => set({ expirationDurationUnit: u as ExpirationUnit })}
                    isDisabled={off('expirationDurationUnit')}
                    errorMessage={texts.field('expirationDurationUnit')}
                  />
                </>
              ) : (
                <DateField
                  name="absoluteExpirationDate"
                  label={t('gift_cards.fields.absolute_date')}
                  calendarLabel={t('gift_cards.fields.calendar', {
                    field: t('gift_cards.fields.absolute_date'),
                  })}
                  value={v.absoluteExpirationDate}
                  onChange={(absoluteExpirationDate) => set({ absoluteExpirationDate })}
                  isRequired
                  isDisabled={off('absoluteExpirationDate')}
                  errorMessage={texts.field('absoluteExpirationDate')}
                />
              )}
              {rates ? (
                <>
                  <NumberField
                    name="lengthOfStay"
                    label={t('gift_cards.fields.length_of_stay')}
                    keypad="whole"
                    value={v.lengthOfStay}
                    onChange={(n) => set({ lengthOfStay: n })}
                    isRequired
                    isDisabled={off('lengthOfStay')}
                    errorMessage={texts.field('lengthOfStay')}
                  />
                  <Select
                    name="reservationValue"
                    label={t('gift_cards.fields.reservation_value')}
                    options={[0, 1].map((k) => ({
                      id: String(k),
                      label: t(`gift_cards.fields.reservation_values.${k}`),
                    }))}
                    selectedKey={v.reservationValue === null ? null : String(v.reservationValue)}
                    onSelectionChange={(k) => set({ reservationValue: Number(k) as 0 | 1 })}
                    isDisabled={off('reservationValue')}
                    errorMessage={texts.field('reservationValue')}
                  />
                </>
              ) : null}
            </div>
            <TextArea
              label={t('gift_cards.fields.description')}
              value={v.description}
              onChange={(description) => set({ description })}
              isRequired
              isDisabled={off('description')}
              errorMessage={texts.field('description')}
            />
            {rates ? (
              <TypeRatePlans
                propertyId={propertyId}
                form={v}
                disabled={off('ratePlans')}
                error={texts.field}
                set={set}
              />
            ) : null}
            <fieldset className="field">
              <legend className="field__label">{t('stores.type_stores')}</legend>
              {storeList.length === 0 ? (
                <p className="field__description">{t('stores.type_no_store')}</p>
              ) : null}
              {multi
                ? [...new Set(storeList.map((s) => s.propertyId))].map((hotel) => {
                    const ofHotel = storeList.filter((s) => s.propertyId === hotel);
                    return (
                      <fieldset key={hotel} className="field">
                        <legend className="field__description">
                          {ofHotel[0]?.propertyTitle} · {t('stores.type_stores')}
                        </legend>
                        {ofHotel.map(storeBox)}
                      </fieldset>
                    );
                  })
                : storeList.map(storeBox)}
            </fieldset>
            {texts.field('storeIds') ? (
              <p className="field__error" role="alert">
                {texts.field('storeIds')}
              </p>
            ) : null}
            <Checkbox
              isSelected={v.offerLetterDelivery}
              onChange={(offerLetterDelivery) => set({ offerLetterDelivery })}
              isDisabled={off('offerLetterDelivery')}
            >
              {t('gift_cards.fields.letter')}
            </Checkbox>
            <Checkbox
              isSelected={v.offerPickupAtHotel && pickupAllowed(v.storeIds, stores)}
              onChange={(offerPickupAtHotel) => set({ offerPickupAtHotel })}
              isDisabled={off('offerPickupAtHotel') || !pickupAllowed(v.storeIds, stores)}
            >
              {t('gift_cards.fields.pickup')}
            </Checkbox>
            <p className="field__description">{t('gift_cards.fields.pickup_hint')}</p>
            <TypePhotos
              propertyId={propertyId}
              photos={v.photos}
              disabled={off('photos')}
              error={texts.field('photos')}
              onChange={(photos) => set({ photos })}
              onUploading={setUploading}
            />
            {type === null ? (
              <Checkbox isSelected={v.publish} onChange={(publish) => set({ publish })}>
                {t('gift_cards.fields.publish')}
              </Checkbox>
            ) : null}
          </div>
        </TabPanel>
        <TabPanel id="pdf">
          <GiftCardPdfEditor propertyId={propertyId} type={type} readOnly={readOnly} editor={pdf} />
        </TabPanel>
      </Tabs>
      <AlertDialog
        title={t('gift_card_pdfs.discard_title')}
        isOpen={discarding}
        onOpenChange={setDiscarding}
        confirmLabel={t('gift_card_pdfs.discard')}
        cancelLabel={t('gift_card_pdfs.keep_editing')}
        onConfirm={discard}
        destructive
      >
        {t('gift_card_pdfs.discard_question')}
      </AlertDialog>
    </FormFrame>
  );
}
