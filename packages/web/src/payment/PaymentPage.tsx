import { formatInstant, formatMoney } from '@tern/core/format';
import {
  type CardField,
  cardExpiryMonths,
  cardExpiryYears,
  isStoreLocale,
  storePaymentMachine,
} from '@tern/core/store';
import { type ChangeEvent, type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { Translator } from '../i18n/translator';
import { useStartedActor } from '../store/checkout/useStartedActor';
import { loadLocale } from '../store/i18n';
import type { sandboxApi } from './sandboxApi';

/**
 * The hosted payment page (document 3 §5 Payment form; core's M32 `storePaymentMachine`): who is paid and how
 * much, the card form — its button ready after 5 s, each error beside its field — and, once paid, the store's
 * signed return (`location.assign`).
 */
export function PaymentPage({
  sessionId,
  api,
  i18n,
}: {
  sessionId: string;
  api: typeof sandboxApi;
  i18n: Translator;
}) {
  const { t } = useTranslation();
  const [snapshot, actor] = useStartedActor(() => ({
    machine: storePaymentMachine.provide({
      actors: {
        loadSession: fromPromise(({ input, signal }) => api.session(input.sessionId, signal)),
        pay: fromPromise(({ input, signal }) => api.pay(input.sessionId, input.body, signal)),
      },
      actions: { goToReturn: (_, { url }) => window.location.assign(url) },
    }),
    input: { sessionId },
  }));
  const { session, form, errors, refusal } = snapshot.context;
  const locale = session && isStoreLocale(session.locale) ? session.locale : 'en';

  useEffect(() => {
    if (locale !== 'en') void loadLocale(i18n, locale).then(() => (document.documentElement.lang = locale));
  }, [i18n, locale]);

  if (snapshot.matches('loading'))
    return (
      <Frame>
        <p role="status">{t('common.loading')}</p>
      </Frame>
    );
  if (snapshot.matches('failed') && !session)
    return (
      <Frame>
        <p role="alert">{t('payment.failed')}</p>
        <button type="button" className="pay-button" onClick={() => actor.send({ type: 'user.retry' })}>
          {t('payment.retry')}
        </button>
      </Frame>
    );
  if (!session) return <Frame>{null}</Frame>;

  const amount = formatMoney(session.amount, session.currency, locale);
  const locked = snapshot.matches({ open: 'locked' });
  const busy = snapshot.hasTag('busy');
  const field = (name: CardField) => ({
    value: form[name],
    error: errors[name] ? t(errors[name]!) : undefined,
    onValue: (value: string) => actor.send({ type: 'field.change', field: name, value }),
  });

  return (
    <Frame>
      <h1>{t('payment.pay_to', { merchant: session.merchant })}</h1>
      <p className="pay-amount">
        {t('payment.amount')}: <strong>{amount}</strong>
      </p>
      <p className="pay-note">{t('payment.sandbox')}</p>
      {snapshot.matches('closed') ? (
        <p role="alert">{t('payment.closed')}</p>
      ) : snapshot.matches('paid') ? (
        <p role="status">{t('payment.paid')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'pay.submit' });
          }}
        >
          <p className="pay-note">
            {t('payment.expires', { time: formatInstant(session.expiresAt, 'UTC') })}
          </p>
          {snapshot.matches('declined') ? <p role="alert">{t('payment.declined')}</p> : null}
          {refusal?.code === 'invalid_card' && !snapshot.matches('declined') ? (
            <p role="alert">{t('payment.invalid')}</p>
          ) : null}
          {snapshot.matches('failed') ? <p role="alert">{t('payment.failed')}</p> : null}
          <CardInput
            label={t('payment.card_number')}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            {...field('cardNumber')}
          />
          <div className="pay-row">
            <CardSelect
              label={t('payment.expiry_month')}
              name="expiryMonth"
              options={cardExpiryMonths()}
              placeholder={t('payment.choose')}
              {...field('expiryMonth')}
            />
            <CardSelect
              label={t('payment.expiry_year')}
              name="expiryYear"
              options={cardExpiryYears()}
              placeholder={t('payment.choose')}
              {...field('expiryYear')}
            />
            <CardInput
              label={t('payment.cvc')}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              {...field('cvc')}
            />
          </div>
          {snapshot.matches('failed') ? (
            <button type="button" className="pay-button" onClick={() => actor.send({ type: 'user.retry' })}>
              {t('payment.retry')}
            </button>
          ) : (
            <button
              type="submit"
              className="pay-button"
              disabled={locked || busy}
              aria-describedby={locked ? 'pay-locked' : undefined}
            >
              {busy ? t('payment.paying') : t('payment.pay', { amount })}
            </button>
          )}
          {locked ? (
            <p id="pay-locked" className="pay-note">
              {t('payment.pay_locked')}
            </p>
          ) : null}
        </form>
      )}
      {session.cancelUrl && !snapshot.matches('paid') ? (
        <p>
          <a href={session.cancelUrl}>{t('payment.cancel')}</a>
        </p>
      ) : null}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <main className="pay">{children}</main>;
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}

/** What a card field's control carries: its name and value, and its error's link. */
interface Control {
  id: string;
  name: string;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** A label, the control, and its error beside it (named by `aria-describedby`). */
function Labelled({
  label,
  name,
  value,
  error,
  onValue,
  children,
}: FieldProps & { children: (control: Control) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="pay-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        value,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        onChange: (event) => onValue(event.target.value),
      })}
      {error ? (
        <p id={errorId} className="pay-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CardInput({
  inputMode,
  autoComplete,
  ...field
}: FieldProps & { inputMode: 'numeric'; autoComplete: string }) {
  return (
    <Labelled {...field}>
      {(control) => <input {...control} inputMode={inputMode} autoComplete={autoComplete} />}
    </Labelled>
  );
}

function CardSelect({
  options,
  placeholder,
  ...field
}: FieldProps & { options: Array<{ value: number; label: string }>; placeholder: string }) {
  return (
    <Labelled {...field}>
      {(control) => (
        <select {...control}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}
