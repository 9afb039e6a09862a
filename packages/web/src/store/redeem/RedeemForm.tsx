import { formatMoney } from '@tern/core/format';
import {
  type BookerField,
  bookerFields,
  type RedemptionEvent,
  type RedemptionPayerField,
  rateOf,
  redemptionPayerFields,
} from '@tern/core/redemption';
import { type FormEvent, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../features/bookingEngine/countries';
import { Field } from '../checkout/Field';
import type { RedemptionSnapshot } from './flow';

const INPUT: Partial<Record<BookerField | RedemptionPayerField, { type: string; autoComplete: string }>> = {
  name: { type: 'text', autoComplete: 'given-name' },
  surname: { type: 'text', autoComplete: 'family-name' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  hotelName: { type: 'text', autoComplete: 'organization' },
};

/**
 * The redemption's booking checkout (document 3 §5 Booking checkout, R315; M34's `checkoutForm`): the booker's
 * name, surname, e-mail, nationality and phone; the hotel name for a marketing campaign's gift; for an upsell the
 * address and, when someone else pays, the payer's fields; the party within the rate's limits; then the booking
 * (a plain rate) or the payment of the upsell's price. Errors are core's rules' words beside each field.
 */
export function RedeemForm({
  snapshot,
  send,
  locale,
}: {
  snapshot: RedemptionSnapshot;
  send: (event: RedemptionEvent) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { context } = snapshot;
  const rate = rateOf(context.rooms, context.choice);
  const upsell = rate?.upsell ?? false;
  const marketing = context.card?.marketingCampaign ?? false;
  const busy = snapshot.hasTag('busy') || snapshot.matches('providerPayment');
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { booker, payer } = context.formErrors;
  const shown = bookerFields.filter(
    (f) => (f !== 'hotelName' || marketing) && (f !== 'address' || upsell) && f !== 'nationality',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  const nationalityError = booker.nationality;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="store-form">
      <fieldset className="store-fieldset">
        <legend>{t('redeem.booker')}</legend>
        {shown.map((field) => (
          <Field
            key={field}
            name={field}
            label={t(`redeem.${field}`)}
            value={context.form.booker[field]}
            onValue={(value) => send({ type: 'booker.change', field, value })}
            error={booker[field]}
            required
            {...INPUT[field]}
          />
        ))}
        <div className="store-field">
          <label htmlFor={`${id}-nationality`}>{t('redeem.nationality')}</label>
          <select
            id={`${id}-nationality`}
            name="nationality"
            value={context.form.booker.nationality.toUpperCase()}
            onChange={(e) => send({ type: 'booker.change', field: 'nationality', value: e.target.value })}
            aria-invalid={nationalityError ? true : undefined}
            aria-describedby={nationalityError ? `${id}-nationality-error` : undefined}
            required
          >
            <option value="">{t('redeem.choose')}</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          {nationalityError ? (
            <p id={`${id}-nationality-error`} className="store-field__error">
              {t(nationalityError)}
            </p>
          ) : null}
        </div>
      </fieldset>
      <fieldset className="store-fieldset">
        <legend>{t('redeem.party')}</legend>
        <div className="store-field">
          <label htmlFor={`${id}-adults`}>{t('redeem.adults')}</label>
          <select
            id={`${id}-adults`}
            value={context.form.adults}
            onChange={(e) =>
              send({ type: 'party.change', adults: Number(e.target.value), children: context.form.children })
            }
          >
            {Array.from({ length: Math.max(1, rate?.maxAdults ?? 1) }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        {rate && rate.maxChildren > 0 ? (
          <div className="store-field">
            <label htmlFor={`${id}-children`}>{t('redeem.children')}</label>
            <select
              id={`${id}-children`}
              value={context.form.children}
              onChange={(e) =>
                send({ type: 'party.change', adults: context.form.adults, children: Number(e.target.value) })
              }
            >
              {Array.from({ length: rate.maxChildren + 1 }, (_, i) => i).map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </div>
        ) : null}
        <Field
          label={t('redeem.notes')}
          value={context.form.notes}
          onValue={(value) => send({ type: 'notes.change', value })}
          multiline
          name="notes"
        />
      </fieldset>
      {upsell ? (
        <fieldset className="store-fieldset">
          <legend>{t('redeem.payment')}</legend>
          <p>
            {t('redeem.upsell_total', {
              price: formatMoney(rate?.upsellPrice, rate?.currency ?? '', locale),
            })}
          </p>
          <label className="store-check">
            <input
              type="checkbox"
              checked={context.form.payerIsBooker}
              onChange={(e) => send({ type: 'payer.self', payerIsBooker: e.target.checked })}
            />
            {t('redeem.payer_is_booker')}
          </label>
          {context.form.payerIsBooker
            ? null
            : redemptionPayerFields.map((field) => (
                <Field
                  key={field}
                  name={`payer-${field}`}
                  label={t(`redeem.payer_${field}`)}
                  value={context.form.payer[field]}
                  onValue={(value) => send({ type: 'payer.change', field, value })}
                  error={payer[field]}
                  required
                  {...INPUT[field]}
                />
              ))}
        </fieldset>
      ) : null}
      <div className="store-actions">
        <button type="submit" className="store-button" disabled={busy}>
          {busy ? t('redeem.submitting') : t(upsell ? 'redeem.submit_upsell' : 'redeem.submit')}
        </button>
        <button
          type="button"
          className="store-button store-button--quiet"
          onClick={() => send({ type: 'form.back' })}
          disabled={busy}
        >
          {t('redeem.back_to_rooms')}
        </button>
      </div>
    </form>
  );
}
