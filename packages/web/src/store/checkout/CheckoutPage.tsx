import { formatMoney } from '@tern/core/format';
import { type CheckoutType, cartTotal, storeCheckoutMachine } from '@tern/core/store';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useCartActor } from '../cart/CartContext';
import type { CartActor } from '../cart/cartActor';
import { useSnapshot } from '../cart/useSnapshot';
import { LoadFailed, useStore } from '../context';
import { emptyCartNotice, soldOutNotice } from '../notice';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import { PaymentStep } from './PaymentStep';
import { RecipientsStep } from './RecipientsStep';
import { useStartedActor } from './useStartedActor';
import './checkout.css';

/**
 * The store's checkout (document 3 §2.2, §5 Store checkout; core's M31 `storeCheckoutMachine`): two steps with
 * breadcrumbs — the recipients, then the payer and the terms — then the hold (`store.checkout`, one
 * Idempotency-Key per attempt) and the payment provider's page (`window.location.assign`). It starts from the
 * cart (M30) once the server has priced it, and follows it: a change of its cards goes back to step 1. An empty
 * cart, or a card sold out meanwhile (the cart and its promo code emptied), sends the visitor to the store, which
 * says why (document 3 §8).
 */
export function CheckoutPage() {
  const cart = useCartActor();
  const { t } = useTranslation();
  const snapshot = cart ? cart.getSnapshot() : null;
  if (!cart || !snapshot) return <Status words={t('common.loading')} />;
  return <PricedCart cart={cart} />;
}

function PricedCart({ cart }: { cart: CartActor }) {
  const { t } = useTranslation();
  const snapshot = useSnapshot(cart);
  const waiting = snapshot.matches({ cart: 'hasItems' }) && snapshot.context.prices === null;
  if (waiting && snapshot.matches({ cart: { hasItems: 'failed' } }))
    return (
      <main className="store-checkout">
        <LoadFailed onRetry={() => cart.send({ type: 'user.retry' })} />
      </main>
    );
  if (waiting || snapshot.matches({ cart: 'checking' })) return <Status words={t('common.loading')} />;
  return <Checkout cart={cart} />;
}

function Status({ words }: { words: string }) {
  return (
    <p className="store-status" role="status">
      {words}
    </p>
  );
}

/** The checkout's machine over the cart as it stands when the page opens. */
function Checkout({ cart }: { cart: CartActor }) {
  const { t } = useTranslation();
  const { api, storefront, locale } = useStore();
  const path = useStorePath();
  const { navigate } = useStoreRouter();
  const slug = storefront.store.slug;
  const typesOf = (typeIds: string[]): CheckoutType[] =>
    storefront.types.filter((x) => typeIds.includes(x.id));

  const [snapshot, actor] = useStartedActor(() => {
    const { context } = cart.getSnapshot();
    return {
      machine: storeCheckoutMachine.provide({
        actors: {
          checkout: fromPromise(({ input, signal }) =>
            api.checkout(slug, input.body, input.idempotencyKey, signal),
          ),
        },
        actions: {
          redirect: (_, { url }) => window.location.assign(url),
          clearCart: () => cart.send({ type: 'cart.clear' }),
          clearPromo: () => cart.send({ type: 'promo.apply', code: '' }),
        },
      }),
      input: {
        cart: context.cart,
        types: typesOf(context.cart.lines.map((l) => l.typeId)),
        allowPickup: storefront.store.allowPickupAtHotel,
        hasTerms: storefront.settings.termsAndConditions.trim() !== '',
        locale,
        expectedTotal: context.prices?.total ?? 0,
      },
    };
  });

  // The cart followed: new cards (once priced) → step 1; new prices of the same cards → the expected total.
  // biome-ignore lint/correctness/useExhaustiveDependencies: typesOf reads the storefront, fixed for the page
  useEffect(() => {
    let lines = JSON.stringify(cart.getSnapshot().context.cart.lines);
    const subscription = cart.subscribe((next) => {
      const priced = next.matches({ cart: { hasItems: 'priced' } }) || next.matches({ cart: 'empty' });
      if (!priced) return;
      const { cart: now, prices } = next.context;
      const total = prices?.total ?? 0;
      if (JSON.stringify(now.lines) !== lines) {
        lines = JSON.stringify(now.lines);
        actor.send({
          type: 'cart.changed',
          cart: now,
          types: typesOf(now.lines.map((l) => l.typeId)),
          expectedTotal: total,
        });
      } else actor.send({ type: 'prices.changed', promoCode: now.promoCode, expectedTotal: total });
    });
    return () => subscription.unsubscribe();
  }, [cart, actor]);

  // A total the server no longer charges (409 price_changed): the cart is priced again, so the next submit
  // expects the new total (`prices.changed`).
  const priceChanged = snapshot.matches('error') && snapshot.context.error?.code === 'price_changed';
  useEffect(() => {
    if (priceChanged)
      cart.send({ type: 'promo.apply', code: cart.getSnapshot().context.cart.promoCode ?? '' });
  }, [priceChanged, cart]);

  // Nothing to buy (an empty cart, or a card sold out: the machine emptied the cart): the store says why.
  const leaving = snapshot.matches('soldOut')
    ? 'soldOut'
    : snapshot.matches('cartEmpty')
      ? 'cartEmpty'
      : null;
  useEffect(() => {
    if (leaving)
      navigate(path(''), {
        replace: true,
        notice: leaving === 'soldOut' ? soldOutNotice() : emptyCartNotice,
      });
  }, [leaving, navigate, path]);

  const { context } = snapshot;
  const step = snapshot.matches('recipientInfo') ? 1 : 2;
  const cartSnapshot = cart.getSnapshot();
  const prices = cartSnapshot.context.prices;
  const currency = storefront.property.currency;

  if (leaving) return <Status words={t('common.loading')} />;

  return (
    <main className="store-checkout">
      <h1>{t('checkout.title')}</h1>
      <nav aria-label={t('checkout.steps')} className="store-steps">
        <ol>
          <li aria-current={step === 1 ? 'step' : undefined}>
            {step === 2 && snapshot.can({ type: 'step.back' }) ? (
              <button type="button" className="store-link" onClick={() => actor.send({ type: 'step.back' })}>
                {t('checkout.step_recipients')}
              </button>
            ) : (
              t('checkout.step_recipients')
            )}
          </li>
          <li aria-current={step === 2 ? 'step' : undefined}>{t('checkout.step_payment')}</li>
        </ol>
      </nav>
      <section aria-label={t('checkout.summary')} className="store-summary">
        <h2>{t('checkout.summary')}</h2>
        <ul>
          {context.cart.lines.map((line) => (
            <li key={line.typeId}>
              {t('checkout.line', {
                quantity: line.quantity,
                title: storefront.types.find((x) => x.id === line.typeId)?.title ?? '',
              })}
            </li>
          ))}
        </ul>
        <p>
          {t('checkout.total')}:{' '}
          <strong>
            {formatMoney(prices ? prices.total : cartTotal(context.cart, prices), currency, locale)}
          </strong>
        </p>
        <StoreLink to={path('/cart')}>{t('checkout.back_to_cart')}</StoreLink>
      </section>
      {context.notice && snapshot.matches('paymentInfo') ? (
        <div role="alert" className="store-error">
          <p>{t(context.notice.key, context.notice.params)}</p>
        </div>
      ) : null}
      {snapshot.matches('error') ? (
        <div role="alert" className="store-error">
          <p>{t('checkout.error_title')}</p>
          <p>{t('store_messages.general_error')}</p>
          {context.error?.message ? <p>{context.error.message}</p> : null}
          <button type="button" className="store-button" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('checkout.retry')}
          </button>
          <button
            type="button"
            className="store-button store-button--quiet"
            onClick={() => actor.send({ type: 'error.dismiss' })}
          >
            {t('checkout.dismiss')}
          </button>
        </div>
      ) : null}
      {step === 1 ? (
        <RecipientsStep snapshot={snapshot} send={actor.send} storefront={storefront} />
      ) : snapshot.matches('redirecting') ? (
        <Status words={t('checkout.redirecting')} />
      ) : (
        <PaymentStep snapshot={snapshot} send={actor.send} busy={snapshot.hasTag('busy')} />
      )}
    </main>
  );
}
