import { type CampaignErrors, campaignSaveMachine, type OptionDraft } from '@tern/core/campaigns';
import { type Day, todayIn } from '@tern/core/dates';
import type { Campaign, GiftCardType } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { DateField } from '../../components/DateField';
import { FormActions } from '../../components/FormFrame';
import { RadioGroup } from '../../components/RadioGroup';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useApiQuery } from '../../data/useApiQuery';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { TypePhotos } from '../giftCards/GiftCardTypeFormPhotos';
import { liveInspect } from '../qa/liveInspect';

/** The gift card types an option may give: any but archived (design 7), all of them (100 a status). */
function useOfferedTypes(propertyId: string) {
  return useApiQuery(['giftCampaigns', 'types', propertyId], async (client, signal) => {
    const lists = await Promise.all(
      (['published', 'created'] as const).map((status) =>
        client.giftCards.listTypes({ query: { propertyId, status, limit: 100 } }, { signal }),
      ),
    );
    return lists.flatMap((list) => list.items);
  });
}

/**
 * The campaign drawer (screen 80; document 3 §5; R322, R323, R327): name, description, "publish when created" (on
 * create), and the options — name, description, the cards' expiry, one photo of the property (chosen or uploaded
 * as a gift card type's), the gift card type. Core's M41 holds the values and saves them in order; its actor reports to the visualizer's Live (`liveInspect`).
 */
export function CampaignDrawer({
  propertyId,
  timeZone,
  campaign,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  timeZone: string;
  campaign: Campaign | null;
  onCancel: () => void;
  onSaved: (campaign: Campaign, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const types = useOfferedTypes(propertyId);
  const logic = useMemo(
    () =>
      campaignSaveMachine.provide({
        actors: {
          saveCampaign: fromPromise(({ input }) =>
            input.step.kind === 'createCampaign'
              ? client.campaigns.create({ body: input.step.body })
              : client.campaigns.update({ params: { id: input.campaignId! }, body: input.step.body }),
          ),
          saveOption: fromPromise(({ input }) => {
            const { step, campaignId: id } = input;
            if (step.kind === 'createOption')
              return client.campaigns.createOption({ params: { id }, body: step.body });
            if (step.kind === 'updateOption')
              return client.campaigns.updateOption({
                params: { id, optionId: step.optionId },
                body: step.body,
              });
            return client.campaigns.removeOption({
              params: { id, optionId: step.optionId },
              query: { propertyId },
            });
          }),
        },
      }),
    [client, propertyId],
  );
  const today: Day = todayIn(timeZone);
  const [snapshot, send] = useMachine(logic, {
    input: { propertyId, today, campaign },
    inspect: liveInspect,
  });
  const { draft, errors, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const saved = useRef(false);
  useEffect(() => {
    if (snapshot.status === 'done' && !saved.current) {
      saved.current = true;
      onSaved(snapshot.output, campaign === null);
    }
  }, [snapshot, campaign, onSaved]);
  const err = (field: string) => (errors[field] ? t(errors[field]) : null);
  const typeOptions = (types.data ?? []).map((g: GiftCardType) => ({ id: g.id, label: g.title }));
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'save' });
      }}
    >
      {error ? (
        <Alert variant="error" title={t('general.error_message')}>
          {errorText(error)}
        </Alert>
      ) : null}
      <TextField
        label={t('gift_campaigns.drawer.name')}
        name="name"
        value={draft.name}
        onChange={(name) => send({ type: 'draft.change', patch: { name } })}
        isRequired
        errorMessage={err('name')}
      />
      <TextArea
        label={t('gift_campaigns.drawer.description')}
        name="description"
        value={draft.description}
        onChange={(description) => send({ type: 'draft.change', patch: { description } })}
        isRequired
        errorMessage={err('description')}
      />
      {campaign === null ? (
        <RadioGroup
          label={t('gift_campaigns.drawer.publish')}
          name="publish"
          options={[
            { id: 'no', label: t('gift_campaigns.drawer.no') },
            { id: 'yes', label: t('gift_campaigns.drawer.yes') },
          ]}
          value={draft.publish ? 'yes' : 'no'}
          onChange={(value) => send({ type: 'draft.change', patch: { publish: value === 'yes' } })}
        />
      ) : null}
      <section className="stack" aria-label={t('gift_campaigns.drawer.options')}>
        <h3>{t('gift_campaigns.drawer.options')}</h3>
        {err('options') ? (
          <p className="field__error" role="alert">
            {err('options')}
          </p>
        ) : null}
        {draft.options.map((option, index) => (
          <OptionFields
            key={option.key}
            option={option}
            index={index}
            errors={errors}
            propertyId={propertyId}
            typeOptions={typeOptions}
            onChange={(patch) => send({ type: 'option.change', key: option.key, patch })}
            onRemove={() => send({ type: 'option.remove', key: option.key })}
          />
        ))}
        <Button
          variant="secondary"
          onPress={() => send({ type: 'option.add', giftCardTypeId: typeOptions[0]?.id })}
        >
          {t('gift_campaigns.drawer.add_option')}
        </Button>
      </section>
      <FormActions>
        <Button variant="quiet" onPress={onCancel}>
          {t('gift_campaigns.cancel')}
        </Button>
        {snapshot.matches({ form: 'error' }) ? (
          <Button variant="secondary" onPress={() => send({ type: 'user.retry' })}>
            {t('gift_campaigns.drawer.retry')}
          </Button>
        ) : null}
        <Button type="submit" isDisabled={busy}>
          {t(busy ? 'gift_campaigns.drawer.saving' : 'gift_campaigns.drawer.save')}
        </Button>
      </FormActions>
      <AlertDialog
        title={t('gift_campaigns.drawer.confirm_remove_title')}
        isOpen={snapshot.matches({ form: 'confirmingRemoval' })}
        onOpenChange={() => {}}
        confirmLabel={t('gift_campaigns.drawer.remove')}
        onConfirm={() => send({ type: 'confirm' })}
        cancelLabel={t('gift_campaigns.cancel')}
        onCancel={() => send({ type: 'cancel' })}
        destructive
      >
        {t('gift_campaigns.drawer.confirm_remove')}
      </AlertDialog>
    </form>
  );
}

function OptionFields({
  option,
  index,
  errors,
  propertyId,
  typeOptions,
  onChange,
  onRemove,
}: {
  option: OptionDraft;
  index: number;
  errors: CampaignErrors;
  propertyId: string;
  typeOptions: { id: string; label: string }[];
  onChange: (patch: Partial<Omit<OptionDraft, 'key' | 'id'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const number = index + 1;
  const err = (field: string) => {
    const key = errors[`options.${index}.${field}`];
    return key ? t(key) : null;
  };
  return (
    <fieldset className="stack admin-fieldset">
      <legend>{t('gift_campaigns.drawer.option_legend', { number })}</legend>
      <TextField
        label={t('gift_campaigns.drawer.option_name')}
        name={`options.${index}.name`}
        value={option.name}
        onChange={(name) => onChange({ name })}
        isRequired
        errorMessage={err('name')}
      />
      <TextArea
        label={t('gift_campaigns.drawer.option_description')}
        name={`options.${index}.description`}
        value={option.description}
        onChange={(description) => onChange({ description })}
        isRequired
        errorMessage={err('description')}
      />
      <DateField
        label={t('gift_campaigns.drawer.option_expiry')}
        calendarLabel={t('gift_campaigns.drawer.option_expiry_calendar')}
        name={`options.${index}.expirationDate`}
        value={option.expirationDate || null}
        onChange={(day) => onChange({ expirationDate: day ?? '' })}
        isRequired
        errorMessage={err('expirationDate')}
      />
      <Select
        label={t('gift_campaigns.drawer.option_type')}
        options={typeOptions}
        selectedKey={option.giftCardTypeId || null}
        onSelectionChange={(giftCardTypeId) => onChange({ giftCardTypeId })}
        errorMessage={err('giftCardTypeId')}
      />
      <TypePhotos
        propertyId={propertyId}
        label={t('gift_campaigns.drawer.option_photo')}
        photos={option.photoUrl ? [{ url: option.photoUrl }] : []}
        disabled={false}
        max={1}
        error={err('photoUrl')}
        onChange={(photos) => onChange({ photoUrl: photos[0]?.url ?? '' })}
        onUploading={() => {}}
      />
      <Button variant="quiet" onPress={onRemove}>
        {t('gift_campaigns.drawer.remove_option', { number })}
      </Button>
    </fieldset>
  );
}
