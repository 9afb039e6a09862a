import { useQueryClient } from '@tanstack/react-query';
import {
  moveRows,
  newStoreValues,
  type StoreFormValues,
  type StoreTypeRow,
  storeBodyOf,
  storeSettingsMachine,
  storeTabClosable,
} from '@tern/core/giftCards';
import { STORE_CORNER_STYLES, STORE_FONTS, type Store, storePublicPath, UPLOAD_TYPES } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import {
  FileTrigger,
  GridList,
  GridListItem,
  Button as RACButton,
  useDragAndDrop,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { NumberField } from '../../components/NumberField';
import { PageHeading } from '../../components/PageHeading';
import { Select } from '../../components/Select';
import { LoadingSkeleton } from '../../components/Skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { useApiQuery } from '../../data/useApiQuery';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { QueryErrorState } from '../errors/QueryErrorState';
import { SettingsFrame } from './SettingsFrame';
import { STORES_KEY, useStores } from './storesData';
import { UploadList } from './UploadList';
import { useImageUpload } from './useImageUpload';
import './stores.css';

const NEW_TAB = 'new';

/**
 * `/settings/stores` (document 2 §2–§5, §8, §9): the selected property's gift-card stores, one tab each, and an
 * add control for a new one (its tab closes until it is saved; a saved store's does not). Each tab is core's
 * M16 `storeSettingsMachine`: every change is saved 500 ms after the last one, a saved store's new slug asks
 * first, the slug-taken refusal has its own notification.
 */
export function StoresPage() {
  const { t } = useTranslation();
  const { property } = useSelectedProperty();
  const id = property?.id ?? null;
  const stores = useStores(id);
  /** The new store's tab: open or not, and its id once saved (it keeps its tab and its machine). */
  const [fresh, setFresh] = useState<{ storeId: string | null; name: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const saved = (stores.data?.items ?? []).filter((s) => s.id !== fresh?.storeId);
  const current = selected ?? saved[0]?.id ?? (fresh ? NEW_TAB : null);
  const add = () => {
    if (!fresh) setFresh({ storeId: null, name: '' });
    setSelected(NEW_TAB);
  };
  const closeNew = () => {
    setFresh(null);
    setSelected(null);
  };
  return (
    <SettingsFrame>
      <div className="page admin stack">
        <PageHeading>{t('stores.heading')}</PageHeading>
        {!property ? (
          <EmptyState title={t('stores.no_property')} />
        ) : stores.isPending ? (
          <LoadingSkeleton label={t('stores.loading')} />
        ) : stores.error ? (
          <QueryErrorState query={stores} />
        ) : (
          <>
            <div className="stores__toolbar">
              <Button variant="secondary" onPress={add}>
                {t('stores.add')}
              </Button>
              {fresh && storeTabClosable(fresh.storeId) ? (
                <Button variant="quiet" onPress={closeNew}>
                  {t('stores.close_tab')}
                </Button>
              ) : null}
            </div>
            {saved.length === 0 && !fresh ? <p>{t('stores.none')}</p> : null}
            {current ? (
              <Tabs selectedKey={current} onSelectionChange={setSelected}>
                <TabList label={t('stores.tabs_label')}>
                  {[
                    ...saved.map((s) => (
                      <Tab key={s.id} id={s.id}>
                        {s.name}
                      </Tab>
                    )),
                    ...(fresh
                      ? [
                          <Tab key={NEW_TAB} id={NEW_TAB}>
                            {fresh.name || t('stores.new_tab')}
                          </Tab>,
                        ]
                      : []),
                  ]}
                </TabList>
                {saved.map((s) => (
                  <TabPanel key={s.id} id={s.id}>
                    <SavedStore propertyId={property.id} storeId={s.id} />
                  </TabPanel>
                ))}
                {fresh ? (
                  <TabPanel id={NEW_TAB}>
                    <StoreForm
                      propertyId={property.id}
                      store={null}
                      onSaved={(store) => setFresh({ storeId: store.id, name: store.name })}
                    />
                  </TabPanel>
                ) : null}
              </Tabs>
            ) : null}
          </>
        )}
      </div>
    </SettingsFrame>
  );
}

/** A saved store's tab: the store with every setting, then its form. */
function SavedStore({ propertyId, storeId }: { propertyId: string; storeId: string }) {
  const { t } = useTranslation();
  const store = useApiQuery([STORES_KEY, 'one', storeId], (client, signal) =>
    client.stores.get({ params: { id: storeId }, query: { propertyId } }, { signal }),
  );
  if (store.isPending) return <LoadingSkeleton label={t('stores.loading')} />;
  if (store.error) return <QueryErrorState query={store} />;
  return <StoreForm propertyId={propertyId} store={store.data} />;
}

/** One store's settings on core's M16 machine. */
function StoreForm({
  propertyId,
  store,
  onSaved,
}: {
  propertyId: string;
  store: Store | null;
  onSaved?: (store: Store) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      storeSettingsMachine.provide({
        actors: {
          save: fromPromise(({ input }) =>
            input.storeId
              ? client.stores.update({
                  params: { id: input.storeId },
                  body: { propertyId, store: storeBodyOf(input.values, true) },
                })
              : client.stores.create({ body: { propertyId, store: storeBodyOf(input.values, false) } }),
          ),
        },
      }),
    [client, propertyId],
  );
  const [snapshot, send, actor] = useMachine(logic, {
    input: store ? { store } : { store: null, values: newStoreValues() },
  });
  useEffect(() => {
    const saved = actor.on('store.saved', ({ store: s }) => {
      // Document 2 §7: the list is read again after a save.
      queryClient.setQueryData([STORES_KEY, 'one', s.id], s);
      void queryClient.invalidateQueries({ queryKey: [STORES_KEY, 'list'] });
      onSaved?.(s);
    });
    return () => saved.unsubscribe();
  }, [actor, queryClient, onSaved]);
  const { values: v, errors, showErrors, refusal, savedSlug } = snapshot.context;
  // Changes wait to be saved while debouncing, on the slug question and after a refused save: leaving asks.
  const leaveDialog = useLeaveGuard(
    snapshot.matches('debouncing') || snapshot.matches('confirmSlug') || snapshot.matches('error'),
  );
  const set = (values: Partial<StoreFormValues>) => send({ type: 'form.change', values });
  const error = (field: string) => {
    const key = showErrors ? errors[field] : undefined;
    return key ? t(key) : null;
  };
  const fonts = STORE_FONTS.map((f) => ({ id: f, label: f }));
  const status = snapshot.matches('saving')
    ? 'saving'
    : snapshot.matches('debouncing')
      ? 'debouncing'
      : snapshot.matches('saved')
        ? 'saved'
        : showErrors && Object.values(errors).some(Boolean)
          ? 'invalid'
          : 'editing';
  return (
    <form
      className="store-form stack"
      onSubmit={(e) => e.preventDefault()}
      aria-busy={snapshot.hasTag('busy')}
    >
      <p className="store-form__status" role="status">
        {t(`stores.state.${status}`)}
      </p>
      {snapshot.matches('error') ? (
        <ErrorState
          title={t(refusal === 'slugTaken' ? 'stores.slug_taken' : 'general.error_message')}
          retryLabel={t('stores.retry')}
          onRetry={() => send({ type: 'user.retry' })}
        >
          {t(refusal === 'slugTaken' ? 'stores.slug_taken_description' : 'general.error_description')}
        </ErrorState>
      ) : null}
      <fieldset className="store-form__section">
        <legend>{t('stores.sections.store')}</legend>
        <TextField
          label={t('stores.fields.name')}
          value={v.name}
          onChange={(name) => set({ name })}
          isRequired
          errorMessage={error('name')}
        />
        <TextField
          label={t('stores.fields.slug')}
          value={v.slugName}
          onChange={(slugName) => set({ slugName })}
          isRequired
          errorMessage={error('slugName')}
          description={t('stores.fields.slug_hint', { path: storePublicPath(v.slugName || '…') })}
        />
        <Checkbox
          isSelected={v.status === 'active'}
          onChange={(on) => set({ status: on ? 'active' : 'inactive' })}
        >
          {t('stores.fields.status')}
        </Checkbox>
        {store || savedSlug ? (
          <a href={storePublicPath(savedSlug ?? v.slugName)} target="_blank" rel="noreferrer">
            {t('stores.open_store')}
          </a>
        ) : null}
      </fieldset>
      <fieldset className="store-form__section">
        <legend>{t('stores.sections.look')}</legend>
        <Select
          label={t('stores.fields.title_font')}
          options={fonts}
          selectedKey={v.titleFont || null}
          onSelectionChange={(f) => set({ titleFont: f as StoreFormValues['titleFont'] })}
          errorMessage={error('titleFont')}
        />
        <Select
          label={t('stores.fields.text_font')}
          options={fonts}
          selectedKey={v.textFont || null}
          onSelectionChange={(f) => set({ textFont: f as StoreFormValues['textFont'] })}
          errorMessage={error('textFont')}
        />
        <Select
          label={t('stores.fields.corner_style')}
          options={STORE_CORNER_STYLES.map((c) => ({ id: c, label: t(`stores.fields.corner_styles.${c}`) }))}
          selectedKey={v.cornerStyle}
          onSelectionChange={(c) => set({ cornerStyle: c as StoreFormValues['cornerStyle'] })}
        />
        <div className="store-form__colour">
          <TextField
            label={t('stores.fields.tag_color')}
            value={v.tagColor}
            onChange={(tagColor) => set({ tagColor })}
            isRequired
            errorMessage={error('tagColor')}
          />
          <span className="store-form__swatch" style={{ background: v.tagColor }} aria-hidden="true" />
        </div>
        <ImageField
          propertyId={propertyId}
          label={t('stores.fields.logo')}
          url={v.logoUrl}
          onChange={(logoUrl) => set({ logoUrl })}
        />
        <ImageField
          propertyId={propertyId}
          label={t('stores.fields.banner')}
          url={v.photoUrl}
          onChange={(photoUrl) => set({ photoUrl })}
        />
      </fieldset>
      <fieldset className="store-form__section">
        <legend>{t('stores.sections.texts')}</legend>
        <TextField
          label={t('stores.fields.banner_title')}
          value={v.bannerTitle}
          onChange={(bannerTitle) => set({ bannerTitle })}
          isRequired
          errorMessage={error('bannerTitle')}
        />
        <TextArea
          label={t('stores.fields.banner_paragraph')}
          value={v.bannerParagraph}
          onChange={(bannerParagraph) => set({ bannerParagraph })}
          isRequired
          errorMessage={error('bannerParagraph')}
        />
        <TextArea
          label={t('stores.fields.terms')}
          value={v.termsAndConditions}
          onChange={(termsAndConditions) => set({ termsAndConditions })}
          isRequired
          errorMessage={error('termsAndConditions')}
        />
        <TextArea
          label={t('stores.fields.booking_terms')}
          value={v.bookingTermsAndConditions}
          onChange={(bookingTermsAndConditions) => set({ bookingTermsAndConditions })}
        />
        <TextField
          label={t('stores.fields.ga')}
          value={v.gaTrackingId}
          onChange={(gaTrackingId) => set({ gaTrackingId })}
        />
        <TextField
          label={t('stores.fields.confirmation_email')}
          type="email"
          inputMode="email"
          value={v.purchaseConfirmationEmail}
          onChange={(purchaseConfirmationEmail) => set({ purchaseConfirmationEmail })}
          errorMessage={error('purchaseConfirmationEmail')}
        />
      </fieldset>
      <fieldset className="store-form__section">
        <legend>{t('stores.sections.pickup')}</legend>
        <Checkbox
          isSelected={v.allowPickupAtHotel}
          onChange={(allowPickupAtHotel) => set({ allowPickupAtHotel })}
        >
          {t('stores.fields.pickup')}
        </Checkbox>
        <TextArea
          label={t('stores.fields.pickup_info')}
          value={v.allowPickupAtHotelInfo}
          onChange={(allowPickupAtHotelInfo) => set({ allowPickupAtHotelInfo })}
          isRequired={v.allowPickupAtHotel}
          isDisabled={!v.allowPickupAtHotel}
          errorMessage={error('allowPickupAtHotelInfo')}
        />
        <Checkbox
          isSelected={v.allowCancellation}
          onChange={(allowCancellation) => set({ allowCancellation })}
        >
          {t('stores.fields.cancellation')}
        </Checkbox>
        <NumberField
          label={t('stores.fields.cancellation_days')}
          keypad="whole"
          value={v.cancellationDeadlineDays}
          onChange={(cancellationDeadlineDays) => set({ cancellationDeadlineDays })}
          isRequired={v.allowCancellation}
          isDisabled={!v.allowCancellation}
          errorMessage={error('cancellationDeadlineDays')}
        />
      </fieldset>
      {store || savedSlug ? (
        <fieldset className="store-form__section">
          <legend>{t('stores.sections.types')}</legend>
          <StoreTypes rows={v.types} onChange={(types) => set({ types })} />
        </fieldset>
      ) : null}
      <AlertDialog
        title={t('stores.slug_confirm.title')}
        isOpen={snapshot.matches('confirmSlug')}
        // Escape and the cancel button answer through onCancel; the confirm button through onConfirm.
        onOpenChange={() => {}}
        confirmLabel={t('stores.slug_confirm.confirm')}
        cancelLabel={t('stores.slug_confirm.cancel')}
        onConfirm={() => send({ type: 'slug.confirm' })}
        onCancel={() => send({ type: 'slug.cancel' })}
      >
        {t('stores.slug_confirm.text', {
          from: storePublicPath(savedSlug ?? ''),
          to: storePublicPath(v.slugName.trim()),
        })}
      </AlertDialog>
      {leaveDialog}
    </form>
  );
}

/**
 * The store's gift card types by priority (document 2 §4: a drag renumbers from 1): react-aria's drag and drop
 * (mouse, or the keyboard from a row's handle: Enter picks it up, arrows choose the place, Enter drops), and
 * move-up and move-down buttons.
 */
function StoreTypes({
  rows,
  onChange,
}: {
  rows: readonly StoreTypeRow[];
  onChange: (rows: StoreTypeRow[]) => void;
}) {
  const { t } = useTranslation();
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) =>
      onChange(
        moveRows(
          rows,
          [...e.keys].map(String),
          String(e.target.key),
          e.target.dropPosition === 'before' ? 'before' : 'after',
        ),
      ),
  });
  const move = (index: number, by: -1 | 1) => {
    const target = rows[index + by];
    if (target) onChange(moveRows(rows, [rows[index]!.id], target.id, by < 0 ? 'before' : 'after'));
  };
  const items = rows.map((row, index) => ({ ...row, priority: index + 1 }));
  return (
    <>
      <p className="field__description">{t('stores.types_hint')}</p>
      <GridList
        aria-label={t('stores.types_label')}
        className="store-types"
        items={items}
        dragAndDropHooks={dragAndDropHooks}
        keyboardNavigationBehavior="tab"
        dependencies={[rows]}
        renderEmptyState={() => <p>{t('stores.types_none')}</p>}
      >
        {(row) => (
          <GridListItem id={row.id} textValue={row.title} className="store-types__row">
            <RACButton slot="drag" className="photo-row__handle" aria-label={row.title}>
              <span aria-hidden="true">⠿</span>
            </RACButton>
            <span className="store-types__priority">{t('stores.priority', { priority: row.priority })}</span>
            <span className="store-types__title">{row.title}</span>
            <span className="store-types__hotels">{row.hotelNames.join(', ')}</span>
            <Button
              variant="quiet"
              aria-label={t('stores.move_up', { title: row.title })}
              isDisabled={row.priority === 1}
              onPress={() => move(row.priority - 1, -1)}
            >
              ↑
            </Button>
            <Button
              variant="quiet"
              aria-label={t('stores.move_down', { title: row.title })}
              isDisabled={row.priority === rows.length}
              onPress={() => move(row.priority - 1, 1)}
            >
              ↓
            </Button>
          </GridListItem>
        )}
      </GridList>
    </>
  );
}

/** The logo or the banner: an upload of the property (shown, replaced, removed); saved with the store. */
function ImageField({
  propertyId,
  label,
  url,
  onChange,
}: {
  propertyId: string;
  label: string;
  url: string | null;
  onChange: (url: string | null) => void;
}) {
  const { t } = useTranslation();
  const uploads = useImageUpload(propertyId, (image) => onChange(image.publicUrl));
  return (
    <fieldset className="store-form__image">
      <legend className="field__label">{label}</legend>
      {url ? <img src={`${url}?w=575`} alt={label} className="store-form__preview" /> : null}
      <div className="photos-editor__toolbar">
        <FileTrigger
          acceptedFileTypes={[...UPLOAD_TYPES]}
          onSelect={(files) => files && uploads.upload([...files])}
        >
          <Button variant="secondary" aria-label={`${t('stores.fields.upload')}: ${label}`}>
            {t('stores.fields.upload')}
          </Button>
        </FileTrigger>
        {url ? (
          <Button
            variant="quiet"
            aria-label={`${t('stores.fields.remove_image')}: ${label}`}
            onPress={() => onChange(null)}
          >
            {t('stores.fields.remove_image')}
          </Button>
        ) : null}
      </div>
      <UploadList entries={uploads.entries} onDismiss={uploads.dismiss} />
    </fieldset>
  );
}
