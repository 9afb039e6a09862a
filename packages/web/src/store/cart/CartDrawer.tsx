import { cartCount } from '@tern/core/store';
import { useTranslation } from 'react-i18next';
import { StoreLink, useStorePath } from '../router';
import type { CartActor } from './cartActor';
import { useSnapshot } from './useSnapshot';

/**
 * The cart drawer (document 3 §2.2, M30's `drawer` region): open for 5 s after a card is added, or until closed.
 * Not modal: the page stays usable; its arrival is announced (a live region) and focus is left where it was.
 */
export function CartDrawer({ actor }: { actor: CartActor }) {
  const { t } = useTranslation();
  const path = useStorePath();
  const snapshot = useSnapshot(actor);
  const open = snapshot.matches({ drawer: 'open' });
  const count = cartCount(snapshot.context.cart);
  return (
    <div aria-live="polite">
      {open ? (
        <aside className="store-drawer" aria-labelledby="store-drawer-title">
          <h2 id="store-drawer-title">{t('cart.drawer_title')}</h2>
          <p>{t('nav.cart_count', { count })}</p>
          <div className="store-drawer__actions">
            <StoreLink
              to={path('/cart')}
              className="store-button"
              onClick={() => actor.send({ type: 'drawer.close' })}
            >
              {t('cart.view_cart')}
            </StoreLink>
            <button
              type="button"
              className="store-button store-button--quiet"
              onClick={() => actor.send({ type: 'drawer.close' })}
            >
              {t('cart.continue')}
            </button>
          </div>
        </aside>
      ) : null}
    </div>
  );
}
