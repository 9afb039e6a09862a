import type { PayerField, StoreCheckoutEvent, storeCheckoutMachine } from '@tern/core/store';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { StoreLink, useStorePath } from '../router';
import { Field } from './Field';

type Snapshot = SnapshotFrom<typeof storeCheckoutMachine>;

const payerFields: Array<[PayerField, string, string, string?]> = [
  ['firstName', 'checkout.first_name', 'given-name'],
  ['lastName', 'checkout.last_name', 'family-name'],
  ['address', 'checkout.address', 'street-address'],
  ['phoneCountryCode', 'checkout.phone_country_code', 'tel-country-code', 'tel'],
  ['phone', 'checkout.phone', 'tel-national', 'tel'],
  ['email', 'checkout.payer_email', 'email', 'email'],
];

/** Step 2 (M31 `paymentInfo`): the payer and, when the store has terms, the tick; then the hold. */
export function PaymentStep({
  snapshot,
  send,
  busy,
}: {
  snapshot: Snapshot;
  send: (event: StoreCheckoutEvent) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const path = useStorePath();
  const { payer, payerErrors, hasTerms, termsAccepted, termsError } = snapshot.context;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'checkout.submit' });
      }}
    >
      <fieldset className="store-fieldset">
        <legend>{t('checkout.payer')}</legend>
        {payerFields.map(([field, label, autoComplete, type]) => (
          <Field
            key={field}
            label={t(label)}
            name={`payer.${field}`}
            autoComplete={autoComplete}
            type={type ?? 'text'}
            value={payer[field]}
            error={payerErrors[field]}
            onValue={(value) => send({ type: 'payer.change', field, value })}
          />
        ))}
      </fieldset>
      {hasTerms ? (
        <div className="store-field">
          <label className="store-check">
            <input
              type="checkbox"
              name="terms"
              checked={termsAccepted}
              aria-invalid={termsError || undefined}
              aria-describedby={termsError ? 'terms-error' : undefined}
              onChange={(e) => send({ type: 'terms.set', accepted: e.target.checked })}
            />
            {t('checkout.terms')}
          </label>
          <StoreLink to={path('/terms')} target="_blank">
            {t('checkout.read_terms')}
          </StoreLink>
          {termsError ? (
            <p id="terms-error" className="store-field__error">
              {t('store_messages.check_terms')}
            </p>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="store-button" disabled={busy} aria-disabled={busy}>
        {busy ? t('checkout.submitting') : t('checkout.submit')}
      </button>
    </form>
  );
}
