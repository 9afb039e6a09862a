import { formatDay, formatMoney } from '@tern/core/format';
import { PURCHASE_STATUS_CHECKS_MAX, type PurchaseReturn, purchaseStatusMachine } from '@tern/core/store';
import type { StorePurchaseStatus } from '@tern/sdk/contract';
import { PAYMENT_RETURN_QUERY } from '@tern/sdk/sandboxPayments';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useCart } from '../cart/CartContext';
import { useStartedActor } from '../checkout/useStartedActor';
import { useStore } from '../context';
import { soldOutNotice } from '../notice';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import '../checkout/checkout.css';

/**
 * The store's confirmation, where the payment provider sends the visitor back (document 3 §2.2, §9; core's M33
 * `purchaseStatusMachine`): the signed return's `reference_number`, `property_id` and `digital_signature` are
 * handed to `store.purchaseStatus` after 3 s, then every 1 s, ten checks at most, until the cards are issued
 * (listed with their numbers), the purchase ended otherwise or the checks ran out. Once issued, the cart is
 * emptied. A payment that failed (expired, refunded, failed) empties the cart too and sends the visitor to the
 * store, which says so in the spec's words and why (document 3 §8 "Payment failure").
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const { route } = useStoreRouter();
  const path = useStorePath();
  const q = route.search;
  const query = {
    storeSlug: route.slug,
    referenceNumber: q.get(PAYMENT_RETURN_QUERY.referenceNumber) ?? '',
    propertyId: q.get(PAYMENT_RETURN_QUERY.propertyId) ?? '',
    digitalSignature: q.get(PAYMENT_RETURN_QUERY.digitalSignature) ?? '',
  };
  if (!query.referenceNumber || !query.propertyId || !query.digitalSignature)
    return (
      <main className="store-checkout">
        <h1>{t('confirmation.title')}</h1>
        <p>{t('confirmation.missing')}</p>
        <StoreLink to={path('')}>{t('confirmation.back_to_store')}</StoreLink>
      </main>
    );
  return <PurchaseStatus query={query} />;
}

function PurchaseStatus({ query }: { query: PurchaseReturn }) {
  const { t } = useTranslation();
  const { api, storefront, locale } = useStore();
  const { load } = useCart();
  const path = useStorePath();
  const { navigate } = useStoreRouter();
  const [snapshot] = useStartedActor(() => ({
    machine: purchaseStatusMachine.provide({
      actors: {
        purchaseStatus: fromPromise(({ input, signal }) =>
          api.purchaseStatus(
            input.storeSlug,
            {
              referenceNumber: input.referenceNumber,
              propertyId: input.propertyId,
              digitalSignature: input.digitalSignature,
            },
            signal,
          ),
        ),
      },
    }),
    input: query,
  }));
  const { status, checks, error } = snapshot.context;
  const issued = snapshot.matches('success');

  // The cards are bought: the cart that held them is emptied.
  useEffect(() => {
    if (issued) void load().then((cart) => cart.send({ type: 'cart.clear' }));
  }, [issued, load]);

  const failed = snapshot.matches('final') && status ? status.status : null;
  useEffect(() => {
    if (!failed) return;
    void load()
      .then((cart) => cart.send({ type: 'cart.clear' }))
      .then(() => navigate(path(''), { replace: true, notice: soldOutNotice(`confirmation.${failed}`) }));
  }, [failed, load, navigate, path]);

  return (
    <main className="store-checkout">
      <h1>{issued ? t('confirmation.success_title') : t('confirmation.title')}</h1>
      <p>{t('confirmation.reference', { reference: query.referenceNumber })}</p>
      {snapshot.matches('initialWait') || snapshot.matches('checking') || snapshot.matches('retryWait') ? (
        <div role="status">
          <p>
            {checks <= 1
              ? t('confirmation.waiting')
              : t('confirmation.still_waiting', { count: checks, max: PURCHASE_STATUS_CHECKS_MAX })}
          </p>
          {error ? <p>{t('confirmation.check_failed', { reason: error.message })}</p> : null}
        </div>
      ) : null}
      {issued && status ? <Issued status={status} locale={locale} /> : null}
      {snapshot.matches('gaveUp') ? (
        <p role="alert">{t('confirmation.gave_up', { reference: query.referenceNumber })}</p>
      ) : null}
      {snapshot.status === 'done' ? (
        <p>
          <StoreLink to={path('')} className="store-button">
            {t('confirmation.back_to_store')}
          </StoreLink>
        </p>
      ) : null}
      <p className="store-note">{storefront.property.title}</p>
    </main>
  );
}

function Issued({ status, locale }: { status: StorePurchaseStatus; locale: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cards-title">
      <p>{t('confirmation.property', { property: status.propertyTitle })}</p>
      <p>{t('confirmation.total', { total: formatMoney(status.total, status.currency, locale) })}</p>
      <h2 id="cards-title">{t('confirmation.cards')}</h2>
      <ul className="store-cards">
        {status.cards.map((card) => (
          <li key={card.generatedId}>
            <h3>{card.name}</h3>
            <dl>
              <dt>{t('confirmation.card_number')}</dt>
              <dd>{card.generatedId}</dd>
              <dt>{t('confirmation.recipient')}</dt>
              <dd>{card.nameOfPerson}</dd>
              <dt>{t('confirmation.price')}</dt>
              <dd>{formatMoney(card.price, card.currency, locale)}</dd>
              <dt>{t('confirmation.expires')}</dt>
              <dd>{card.expirationDate ? formatDay(card.expirationDate) : t('confirmation.no_expiry')}</dd>
              <dt>{t('confirmation.delivery')}</dt>
              <dd>{t(`checkout.delivery_${card.delivery}`)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="store-note">{t('confirmation.emailed')}</p>
    </section>
  );
}
