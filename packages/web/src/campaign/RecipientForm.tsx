import type { PublicCampaignEvent, publicCampaignMachine, RecipientField } from '@tern/core/campaigns';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { Field } from '../store/checkout/Field';
import '../store/checkout/checkout.css';

/** The refusals the page words itself (the server's meaning, in the visitor's language); else the generic error. */
const EXPLAINED = new Set(['campaign_already_picked', 'sold_out', 'campaign_not_found']);

/** The recipient form of the chosen gift (document 3 §3 "Gift recipient", R324): name, e-mail, a numeric id. */
export function RecipientForm({
  snapshot,
  send,
}: {
  snapshot: SnapshotFrom<typeof publicCampaignMachine>;
  send: (event: PublicCampaignEvent) => void;
}) {
  const { t } = useTranslation();
  const { form, errors, error } = snapshot.context;
  const busy = snapshot.matches('submitting');
  const field = (name: RecipientField) => ({
    name,
    value: form[name],
    error: errors[name],
    onValue: (value: string) => send({ type: 'field.change', field: name, value }),
    disabled: busy,
  });
  return (
    <form
      className="campaign-form"
      noValidate
      aria-label={t('campaign.form')}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'recipient.submit' });
      }}
    >
      <h2>{t('campaign.form')}</h2>
      {error ? (
        <div role="alert" className="store-error">
          <strong>{t('campaign.error_title')}</strong>
          <p>
            {error.code && EXPLAINED.has(error.code)
              ? t(`api_errors.${error.code}`)
              : t('campaign.load_failed')}
          </p>
        </div>
      ) : null}
      <Field label={t('campaign.name')} autoComplete="name" {...field('name')} />
      <Field label={t('campaign.email')} type="email" autoComplete="email" {...field('email')} />
      <Field
        label={`${t('campaign.government_id')} (${t('campaign.government_id_hint')})`}
        inputMode="numeric"
        pattern="[0-9]*"
        {...field('governmentIssuedId')}
      />
      <button type="submit" className="store-button" disabled={busy}>
        {t(busy ? 'campaign.submitting' : 'campaign.submit')}
      </button>
    </form>
  );
}
