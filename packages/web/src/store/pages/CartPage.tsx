import { cartCount } from '@tern/core/store';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartActor } from '../cart/CartContext';
import type { CartActor } from '../cart/cartActor';
import { useSnapshot } from '../cart/useSnapshot';
import { useStore } from '../context';
import { StoreLink, useStorePath } from '../router';
import { useMoney } from './CardFacts';

/**
 * The cart page (document 3 §2.2, §5 Cart, screen 56; core's M30): each line with its photo, title, the
 * server's price (the promo code's where it applies), its quantity (one fewer below 1 removes it) and total; the
 * promo code box; the total; "checkout". Prices are always the server's last answer (`store.cartPrices`).
 */
export function CartPage() {
  const { t } = useTranslation();
  const actor = useCartActor();
  return (
    <section aria-labelledby="cart-title" className="store-cart">
      <h1 id="cart-title">{t('cart.title')}</h1>
      {actor ? <CartContents actor={actor} /> : <p role="status">{t('common.loading')}</p>}
    </section>
  );
}

function CartContents({ actor }: { actor: CartActor }) {
  const { t } = useTranslation();
  const { storefront } = useStore();
  const money = useMoney();
  const path = useStorePath();
  const snapshot = useSnapshot(actor);
  const { cart, prices, problem, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  if (cart.lines.length === 0)
    return (
      <>
        <p>{t('store_messages.basket_is_empty')}</p>
        <StoreLink to={path('')} className="store-button">
          {t('common.back_to_store')}
        </StoreLink>
      </>
    );
  return (
    <>
      <ul className="store-lines" aria-label={t('cart.title')}>
        {cart.lines.map((line) => {
          const type = storefront.types.find((candidate) => candidate.id === line.typeId);
          const priced = prices?.items.find((item) => item.id === line.typeId);
          const title = type?.title ?? line.typeId;
          const photo = type ? [...type.photos].sort((a, b) => a.position - b.position)[0] : undefined;
          return (
            <li key={line.typeId} className="store-line">
              {photo ? <img src={photo.url} alt="" className="store-line__photo" /> : null}
              <div className="store-line__main">
                <h2 className="store-line__title">
                  <StoreLink to={path(`/${line.typeId}`)}>{title}</StoreLink>
                </h2>
                {priced ? (
                  <p>
                    {t('cart.unit_price')}: <strong>{money(priced.netPrice)}</strong>
                    {priced.promoCodeApplied ? (
                      <>
                        {' '}
                        <span className="store-tag">{t('cart.promo_applied')}</span>{' '}
                        <s aria-hidden="true">{money(priced.price)}</s>
                        <span className="visually-hidden">
                          {t('store.was', { price: money(priced.price) })}
                        </span>
                      </>
                    ) : null}
                  </p>
                ) : null}
              </div>
              <fieldset className="store-line__quantity">
                <legend className="visually-hidden">{t('cart.quantity_of', { title })}</legend>
                <button
                  type="button"
                  className="store-icon-button"
                  aria-label={t('cart.decrease', { title })}
                  onClick={() => actor.send({ type: 'line.decrease', typeId: line.typeId })}
                >
                  −
                </button>
                <output aria-live="polite">{line.quantity}</output>
                <button
                  type="button"
                  className="store-icon-button"
                  aria-label={t('cart.increase', { title })}
                  onClick={() => actor.send({ type: 'line.increase', typeId: line.typeId })}
                >
                  +
                </button>
              </fieldset>
              <p className="store-line__total">
                <span className="visually-hidden">{t('cart.line_total')}: </span>
                {priced ? money(priced.netPrice * line.quantity) : '—'}
              </p>
              <button
                type="button"
                className="store-button store-button--quiet"
                onClick={() => actor.send({ type: 'line.remove', typeId: line.typeId })}
              >
                {t('cart.remove', { title })}
              </button>
            </li>
          );
        })}
      </ul>
      {problem ? (
        <div role="alert" className="store-error">
          <p>
            <strong>{t('store_messages.error_occurred')}</strong> {t(problem.key, problem.params)}
          </p>
        </div>
      ) : null}
      {error ? (
        <div role="alert" className="store-error">
          <p>{t('errors.load_failed')}</p>
          <button type="button" className="store-button" onClick={() => actor.send({ type: 'user.retry' })}>
            {t('common.try_again')}
          </button>
        </div>
      ) : null}
      <PromoCode actor={actor} />
      <div className="store-total">
        <p>
          {t('cart.total')}: <strong>{prices ? money(prices.total) : '—'}</strong>
        </p>
        <p role="status" className="store-muted">
          {busy ? t('cart.updating') : t('nav.cart_count', { count: cartCount(cart) })}
        </p>
        <StoreLink to={path('/checkout')} className="store-button">
          {t('cart.checkout')}
        </StoreLink>
      </div>
    </>
  );
}

/** The promo code box: applies a code (the server says whether it does), shows the one applied or why not. */
function PromoCode({ actor }: { actor: CartActor }) {
  const { t } = useTranslation();
  const id = useId();
  const snapshot = useSnapshot(actor);
  const { cart, promoError } = snapshot.context;
  const [code, setCode] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'promo.apply', code });
  };
  return (
    <form className="store-promo" onSubmit={apply}>
      <label htmlFor={id}>{t('cart.promo_code')}</label>
      <div className="store-promo__row">
        <input
          id={id}
          value={code}
          maxLength={50}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="store-button">
          {t('cart.apply')}
        </button>
        {cart.promoCode ? (
          <button
            type="button"
            className="store-button store-button--quiet"
            onClick={() => actor.send({ type: 'promo.apply', code: '' })}
          >
            {t('cart.remove_code')}
          </button>
        ) : null}
      </div>
      <p id={`${id}-status`} role="status">
        {promoError ? (
          <span className="store-error-text">
            {promoError.code === 'promo_code_invalid'
              ? t('store_messages.promo_invalid')
              : t('errors.load_failed')}
          </span>
        ) : cart.promoCode ? (
          t('cart.code_applied', { code: cart.promoCode })
        ) : null}
      </p>
    </form>
  );
}
