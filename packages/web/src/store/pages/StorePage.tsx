import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../context';
import { StoreNoticeRegion } from '../notice';
import { StoreLink, useStorePath } from '../router';
import { CardPrice, CardValidity, descriptionPreview } from './CardFacts';

/**
 * The store page (document 3 §2.1–§2.2, screen 52): the banner (photo, title, paragraph), a search by title and
 * the cards the store sells in its order — photo, title, a preview of the description, price with its discount,
 * validity — each leading to its page. Above them, what the page that sent the visitor here says (document 3 §8).
 */
export function StorePage() {
  const { t } = useTranslation();
  const { storefront } = useStore();
  const path = useStorePath();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const { settings, store } = storefront;
  const needle = query.trim().toLocaleLowerCase();
  const types = needle
    ? storefront.types.filter((type) => type.title.toLocaleLowerCase().includes(needle))
    : storefront.types;
  return (
    <>
      <StoreNoticeRegion />
      <section
        className={settings.photoUrl ? 'store-banner store-banner--photo' : 'store-banner'}
        style={settings.photoUrl ? { backgroundImage: `url("${settings.photoUrl}")` } : undefined}
        aria-labelledby="store-title"
      >
        <div className="store-banner__text">
          <h1 id="store-title">{settings.bannerTitle || store.name}</h1>
          {settings.bannerParagraph ? <p>{settings.bannerParagraph}</p> : null}
        </div>
      </section>
      <search className="store-search">
        <label htmlFor={searchId}>{t('store.search_label')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={t('store.search_placeholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </search>
      {types.length === 0 ? (
        <p role="status">{needle ? t('store.no_match', { query: query.trim() }) : t('store.no_cards')}</p>
      ) : (
        <ul className="store-cards" aria-label={t('store.list_label')}>
          {types.map((type) => {
            const photo = [...type.photos].sort((a, b) => a.position - b.position)[0];
            return (
              <li key={type.id} className="store-card">
                {photo ? <img src={photo.url} alt="" className="store-card__photo" loading="lazy" /> : null}
                <div className="store-card__body">
                  <h2 className="store-card__title">
                    <StoreLink to={path(`/${type.id}`)}>{type.title}</StoreLink>
                  </h2>
                  <p className="store-card__text">{descriptionPreview(type.description)}</p>
                  <CardPrice type={type} />
                  <CardValidity type={type} />
                  {type.stock <= 0 ? (
                    <p className="store-tag store-tag--muted">{t('store.sold_out')}</p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
