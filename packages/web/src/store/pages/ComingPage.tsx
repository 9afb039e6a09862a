import { useTranslation } from 'react-i18next';
import { StoreLink, useStorePath, useStoreRouter } from '../router';

/**
 * A store page of a later issue (using a gift card, cancelling its booking, the redemption booking): says so
 * plainly, with the way back to the store.
 */
export function ComingPage() {
  const { t } = useTranslation();
  const { route } = useStoreRouter();
  const path = useStorePath();
  const use = route.page === 'storeUseGiftCard';
  return (
    <section className="store-status" aria-labelledby="coming-title">
      <h1 id="coming-title">{t(use ? 'coming.use_title' : 'coming.page_title')}</h1>
      <p>{t(use ? 'coming.use_text' : 'coming.page_text')}</p>
      <StoreLink to={path('')} className="store-button">
        {t('common.back_to_store')}
      </StoreLink>
    </section>
  );
}
