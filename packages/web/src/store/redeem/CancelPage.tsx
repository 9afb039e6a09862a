import { formatInstantShortMonth } from '@tern/core/format';
import { cancelGiftCardMachine, cancelQueryOf } from '@tern/core/redemption';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Field } from '../checkout/Field';
import { useStartedActor } from '../checkout/useStartedActor';
import { useStore } from '../context';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import { Heading, StayFacts } from './RedeemPage';
import '../checkout/checkout.css';
import './redeem.css';

/** The server's refusals the page says in the visitor's language (others: the server's own words). */
const REFUSALS: Record<string, string> = {
  booking_not_found: 'redeem.cancel_not_found',
  gift_card_booking_started: 'redeem.reason_stay_started',
  cancellation_deadline_passed: 'redeem.reason_past_deadline',
  cancellation_not_allowed: 'redeem.reason_cancellation_closed',
};

/**
 * Screen 63, the public cancel page `/{slug}/cancelGiftCard?reservation_id&checkin_date&checkout_date&last_name`
 * (document 3 §2.2, R320; core's M35 `cancelGiftCardMachine`): the stay the link names (`cancelPreview`), whether
 * it may be cancelled, the confirm, then "cancelled" with links to the store and to use gift card — the card is
 * usable again. A wrong name or reservation, a stay begun, a deadline passed: the server's refusal, said clearly.
 */
export function CancelPage() {
  const { t } = useTranslation();
  const { api, locale } = useStore();
  const { route } = useStoreRouter();
  const path = useStorePath();
  const [snapshot, actor] = useStartedActor(() => ({
    machine: cancelGiftCardMachine.provide({
      actors: {
        cancelPreview: fromPromise(({ input, signal }) => api.cancelPreview(input, signal)),
        cancel: fromPromise(({ input, signal }) => api.cancel(input, signal)),
      },
    }),
    input: { query: cancelQueryOf((name) => route.search.get(name)) },
  }));
  const { context } = snapshot;
  const send = actor.send;
  const refusal = context.error
    ? context.error.code && REFUSALS[context.error.code]
      ? t(REFUSALS[context.error.code]!)
      : context.error.message
    : null;
  const step = String(snapshot.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  const cancellation = context.cancellation;
  return (
    <div className="store-checkout redeem" aria-busy={snapshot.hasTag('busy')}>
      <Heading
        step={snapshot.matches('cancelled') ? 'cancelled' : snapshot.matches('form') ? 'form' : 'stay'}
      >
        {snapshot.matches('cancelled') ? t('redeem.cancelled_title') : t('redeem.cancel_title')}
      </Heading>
      {snapshot.hasTag('busy') ? (
        <p role="status">{snapshot.matches('cancelling') ? t('redeem.cancelling') : t('redeem.finding')}</p>
      ) : null}
      {refusal && !snapshot.hasTag('busy') ? (
        <div role="alert" className="store-error" key={step}>
          <p>{refusal}</p>
        </div>
      ) : null}
      {snapshot.matches('form') ? (
        <form onSubmit={submit} noValidate className="store-form">
          <Field
            name="reservationId"
            label={t('redeem.reservation')}
            value={context.reservationId}
            onValue={(value) => send({ type: 'field.change', field: 'reservationId', value })}
            required
          />
          <Field
            name="lastName"
            label={t('redeem.last_name')}
            value={context.lastName}
            onValue={(value) => send({ type: 'field.change', field: 'lastName', value })}
            autoComplete="family-name"
            required
          />
          {context.notice ? <p className="store-field__error">{t(context.notice)}</p> : null}
          <button type="submit" className="store-button">
            {t('redeem.find')}
          </button>
        </form>
      ) : null}
      {cancellation && !snapshot.matches('form') ? <StayFacts stay={cancellation.stay} /> : null}
      {snapshot.matches('confirming') && cancellation ? (
        <>
          {cancellation.cancellable ? (
            <p>
              {cancellation.deadline
                ? t('redeem.deadline', {
                    // On the hotel's clock, in the visitor's language.
                    time: formatInstantShortMonth(cancellation.deadline, cancellation.timeZone, locale),
                  })
                : t('redeem.cancel_question')}
            </p>
          ) : (
            <p role="alert">{t(`redeem.reason_${cancellation.reason ?? 'cancellation_closed'}`)}</p>
          )}
          <div className="store-actions">
            {cancellation.cancellable ? (
              <button type="button" className="store-button" onClick={() => send({ type: 'cancel.confirm' })}>
                {t('redeem.cancel_confirm')}
              </button>
            ) : null}
            <button
              type="button"
              className="store-button store-button--quiet"
              onClick={() => send({ type: 'cancel.back' })}
            >
              {t('redeem.cancel_other')}
            </button>
          </div>
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="store-button" onClick={() => send({ type: 'user.retry' })}>
          {t('common.try_again')}
        </button>
      ) : null}
      {snapshot.matches('cancelled') ? (
        <>
          <p>{t('redeem.cancelled')}</p>
          <div className="store-actions">
            <StoreLink to={path('')} className="store-button">
              {t('common.back_to_store')}
            </StoreLink>
            <StoreLink to={path('/useGiftCard')} className="store-button store-button--quiet">
              {t('redeem.use_title')}
            </StoreLink>
          </div>
        </>
      ) : null}
    </div>
  );
}
