import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StoreNotice, useStoreRouter } from './router';

/** Document 3 §8: an item no longer sold, at checkout or after the payment (with the reason, if given). */
export const soldOutNotice = (...reasons: string[]): StoreNotice => ({
  tone: 'error',
  title: 'checkout.error_title',
  lines: ['store_messages.sold_out', ...reasons],
});

/** Document 3 §8: a checkout (or payment) with nothing in the cart. */
export const emptyCartNotice: StoreNotice = { tone: 'info', lines: ['store_messages.basket_is_empty'] };

/**
 * The notice the navigation here carried (`navigate(…, { notice })`): said once — the history entry forgets it,
 * so a reload or a way back does not say it again — focused, so it is read first, and closed by its button.
 */
export function StoreNoticeRegion() {
  const { t } = useTranslation();
  const { route } = useStoreRouter();
  const [notice, setNotice] = useState(route.notice);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!route.notice) return;
    setNotice(route.notice);
    window.history.replaceState(null, '', window.location.href);
  }, [route.notice]);
  useEffect(() => {
    if (notice) region.current?.focus();
  }, [notice]);

  if (!notice) return null;
  const close = () => {
    setNotice(null);
    document.getElementById('main')?.focus();
  };
  return (
    <div
      ref={region}
      tabIndex={-1}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className={notice.tone === 'error' ? 'store-notice store-error' : 'store-notice store-notice--info'}
    >
      {notice.title ? <p className="store-notice__title">{t(notice.title)}</p> : null}
      {notice.lines.map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
      <button type="button" className="store-link" onClick={close}>
        {t('common.dismiss_notice')}
      </button>
    </div>
  );
}
