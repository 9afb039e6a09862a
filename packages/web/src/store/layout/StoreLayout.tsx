import type { StoreLocale } from '@tern/sdk/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart } from '../cart/CartContext';
import { ConsentBanner } from '../consent/ConsentBanner';
import { useStore } from '../context';
import { LANGUAGE_NAMES, STORE_LOCALES } from '../i18n';
import { StoreLink, useStorePath, useStoreRouter } from '../router';
import { useStoreFonts } from './fonts';
import { storeLook } from './look';

const MAIN_ID = 'main';

/** The drawer shown for 5 s after an add (document 3 §2.2): a chunk of its own, loaded with the cart's machine. */
const CartDrawer = lazy(() => import('../cart/CartDrawer').then((m) => ({ default: m.CartDrawer })));

/**
 * The public gift store's frame (document 3 §2.2, §10): a skip link, the store's nav bar (its logo or title,
 * "use gift card" on the store page and "buy" on the use page, the cart with its count, the language menu unless
 * the property speaks Icelandic only), the page, and a footer with the terms. The store's settings style it all
 * (`storeLook`: fonts, tag colour, corners).
 */
export function StoreLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { storefront } = useStore();
  const { route } = useStoreRouter();
  const path = useStorePath();
  const { settings, store, property } = storefront;
  useStoreFonts(settings);
  // The footer's "Cookie settings" asks for the analytics consent again.
  const [consentAsked, setConsentAsked] = useState(0);
  const analytics = settings.gaTrackingId.trim() !== '';
  return (
    <div className="store" style={storeLook(settings)}>
      <a className="store-skip" href={`#${MAIN_ID}`}>
        {t('common.skip_to_content')}
      </a>
      <header className="store-header">
        <nav aria-label={t('nav.label')} className="store-nav">
          <StoreLink
            to={path('')}
            className="store-nav__home"
            aria-label={t('nav.home', { store: store.name })}
          >
            {settings.logoUrl ? (
              <img src={settings.logoUrl} alt="" className="store-nav__logo" />
            ) : (
              <span className="store-nav__title">{store.name}</span>
            )}
          </StoreLink>
          <div className="store-nav__actions">
            {route.page === 'store' ? (
              <StoreLink to={path('/useGiftCard')} className="store-button store-button--quiet">
                {t('nav.use_gift_card')}
              </StoreLink>
            ) : null}
            {route.page === 'storeUseGiftCard' ? (
              <StoreLink to={path('')} className="store-button store-button--quiet">
                {t('nav.buy')}
              </StoreLink>
            ) : null}
            <CartLink />
            {property.icelandicOnly ? null : <LanguageMenu />}
          </div>
        </nav>
      </header>
      <CartDrawerWhenLoaded />
      <main id={MAIN_ID} tabIndex={-1} className="store-main">
        {children}
      </main>
      <footer className="store-footer">
        <span>{property.title}</span>
        <StoreLink to={path('/terms')}>{t('nav.terms')}</StoreLink>
        {analytics ? (
          <button
            type="button"
            className="store-footer__button"
            onClick={() => setConsentAsked((n) => n + 1)}
          >
            {t('consent.settings')}
          </button>
        ) : null}
      </footer>
      <ConsentBanner gaTrackingId={settings.gaTrackingId} reopen={consentAsked} />
    </div>
  );
}

/** The cart, with the count of its cards. */
function CartLink() {
  const { t } = useTranslation();
  const { count } = useCart();
  const path = useStorePath();
  return (
    <StoreLink to={path('/cart')} className="store-cart-link" aria-label={t('nav.cart_count', { count })}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2ZM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42a.25.25 0 0 1-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2H1Zm16 16c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2Z"
        />
      </svg>
      <span className="store-cart-link__count" aria-hidden="true">
        {count}
      </span>
    </StoreLink>
  );
}

function CartDrawerWhenLoaded() {
  const { actor } = useCart();
  return actor ? (
    <Suspense fallback={null}>
      <CartDrawer actor={actor} />
    </Suspense>
  ) : null;
}

/** The language menu: a labelled select; choosing puts `?locale=xx` in the address (kept from page to page). */
function LanguageMenu() {
  const { t } = useTranslation();
  const { locale } = useStore();
  const { route, navigate } = useStoreRouter();
  const choose = (next: StoreLocale) => {
    const search = new URLSearchParams(route.search);
    search.set('locale', next);
    navigate(`${window.location.pathname}?${search}`, { replace: true });
  };
  return (
    <label className="store-language">
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={locale} onChange={(event) => choose(event.target.value as StoreLocale)}>
        {STORE_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
