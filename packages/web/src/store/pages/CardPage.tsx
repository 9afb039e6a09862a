import { CART_LINE_MAX } from '@tern/core/giftCards';
import { storeCardMachine } from '@tern/core/store';
import type { ApiError } from '@tern/sdk/errors';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { useCartActor } from '../cart/CartContext';
import { useSnapshot } from '../cart/useSnapshot';
import { LoadFailed, useStore } from '../context';
import { storeInspect } from '../live';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import { CardPrice, CardValidity } from './CardFacts';

/** How long 'Gift certificate not found!' shows before the store page (document 3 §8). */
const NOT_FOUND_MS = 3000;

/**
 * A card's page (document 3 §2.2, screen 54; core's M36 `storeCardMachine`): its gallery, price, validity and
 * description, a quantity (1 to 10, not past the stock) and "add to cart", which hands the card to the cart's
 * machine (M30: its limits, then the drawer for 5 s). An unknown card says 'Gift certificate not found!' and
 * goes back to the store.
 */
export function CardPage() {
  const { t } = useTranslation();
  const { api } = useStore();
  const { route, navigate } = useStoreRouter();
  const path = useStorePath();
  const cart = useCartActor();
  // The card's machine hands an add to the cart's, which may start after it (its chunk loads beside this page's).
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const typeId = route.params.giftCardId ?? '';
  const storeSlug = route.slug;
  const home = path('');

  const actor = useMemo(
    () =>
      createActor(
        storeCardMachine.provide({
          actors: {
            // An address whose last segment is no card id at all (400 on the id) names no card either.
            loadType: fromPromise(({ input, signal }) =>
              api.type(input.storeSlug, input.typeId, signal).catch((error: unknown) => {
                throw (error as ApiError).status === 400
                  ? Object.assign(error as ApiError, { status: 404 })
                  : error;
              }),
            ),
          },
          actions: {
            addToCart: (_, params) => cartRef.current?.send({ type: 'cart.add', ...params }),
            goToStore: () => {
              window.setTimeout(() => navigate(home, { replace: true }), NOT_FOUND_MS);
            },
          },
        }),
        { input: { storeSlug, typeId }, inspect: storeInspect },
      ),
    [api, navigate, home, storeSlug, typeId],
  );
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const snapshot = useSnapshot(actor);
  const cartSnapshot = useCartProblem(cart);

  if (snapshot.matches('notFound'))
    return (
      <div className="store-status">
        <p role="alert" className="store-error">
          {t('store_messages.card_not_found')}
        </p>
        <StoreLink to={home}>{t('common.back_to_store')}</StoreLink>
      </div>
    );
  if (snapshot.matches('failed'))
    return (
      <div className="store-status">
        <LoadFailed onRetry={() => actor.send({ type: 'user.retry' })} />
      </div>
    );
  const type = snapshot.context.type;
  if (!type)
    return (
      <p className="store-status" role="status">
        {t('common.loading')}
      </p>
    );
  return (
    <article className="store-detail" aria-labelledby="card-title">
      <Gallery title={type.title} photos={type.photos} />
      <div className="store-detail__body">
        <h1 id="card-title">{type.title}</h1>
        <CardPrice type={type} />
        <CardValidity type={type} />
        <AddToCart
          stock={type.stock}
          quantity={snapshot.context.quantity}
          ready={cart !== null}
          onQuantity={(quantity) => actor.send({ type: 'quantity.change', quantity })}
          onAdd={() => actor.send({ type: 'card.add' })}
        />
        {cartSnapshot ? (
          <div role="alert" className="store-error">
            <p>
              <strong>{t('store_messages.error_occurred')}</strong>
            </p>
            <p>{t(cartSnapshot.key, cartSnapshot.params)}</p>
          </div>
        ) : null}
        {/* The server sanitises the description (document 3 §3: rich text). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (storefrontType.description). */}
        <div className="store-detail__description" dangerouslySetInnerHTML={{ __html: type.description }} />
      </div>
    </article>
  );
}

/** The cart's refusal of the last add ('An error occurred.' with the spec's words), if any. */
function useCartProblem(cart: ReturnType<typeof useCartActor>) {
  const [problem, setProblem] = useState<{ key: string; params?: Record<string, string | number> } | null>(
    null,
  );
  useEffect(() => {
    if (!cart) return;
    const subscription = cart.subscribe((s) => setProblem(s.context.problem));
    return () => subscription.unsubscribe();
  }, [cart]);
  return problem;
}

function AddToCart({
  stock,
  quantity,
  ready,
  onQuantity,
  onAdd,
}: {
  stock: number;
  quantity: number;
  ready: boolean;
  onQuantity: (quantity: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const most = Math.max(0, Math.min(CART_LINE_MAX, stock));
  if (most === 0) return <p className="store-tag store-tag--muted">{t('store.sold_out')}</p>;
  return (
    <div className="store-add">
      <label htmlFor={id}>{t('card.quantity')}</label>
      <select
        id={id}
        value={Math.min(quantity, most)}
        onChange={(event) => onQuantity(Number(event.target.value))}
      >
        {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button type="button" className="store-button" disabled={!ready} onClick={onAdd}>
        {t('card.add_to_cart')}
      </button>
      <p className="store-muted">{t('card.left', { count: stock })}</p>
    </div>
  );
}

function Gallery({ title, photos }: { title: string; photos: { url: string; position: number }[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const sorted = [...photos].sort((a, b) => a.position - b.position);
  if (sorted.length === 0) return null;
  const shown = sorted[Math.min(index, sorted.length - 1)]!;
  const count = sorted.length;
  return (
    <section className="store-gallery" aria-label={t('card.gallery', { title })}>
      <img
        src={shown.url}
        alt={t('card.photo', { index: index + 1, count })}
        className="store-gallery__photo"
      />
      {count > 1 ? (
        <div className="store-gallery__controls">
          <button
            type="button"
            className="store-button store-button--quiet"
            onClick={() => setIndex((index - 1 + count) % count)}
          >
            {t('card.previous_photo')}
          </button>
          <span aria-live="polite">{t('card.photo', { index: index + 1, count })}</span>
          <button
            type="button"
            className="store-button store-button--quiet"
            onClick={() => setIndex((index + 1) % count)}
          >
            {t('card.next_photo')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
