import { CONSENT_STORAGE_KEY, consentRecord, parseConsent, trackingAllowed } from '@tern/core/store';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAnalytics } from './analytics';

const stored = () => {
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
};

/**
 * Asks once for the visitor's consent to analytics (document 3 §1: a stored record with a tracking flag) in a
 * labelled region at the foot of every store page; the answer is kept in this browser and the tag loads only
 * when it says yes and the store has an analytics id. `reopen` (the footer's "Cookie settings") asks again.
 * A store without an analytics id asks nothing: there is nothing to consent to.
 */
export function ConsentBanner({ gaTrackingId, reopen }: { gaTrackingId: string; reopen: number }) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(stored);
  const [asking, setAsking] = useState(() => consent === null);
  useEffect(() => {
    if (reopen > 0) setAsking(true);
  }, [reopen]);
  useEffect(() => {
    if (trackingAllowed(consent, gaTrackingId)) loadAnalytics(gaTrackingId);
  }, [consent, gaTrackingId]);
  if (gaTrackingId.trim() === '' || !asking) return null;
  const decide = (tracking: boolean) => {
    const record = consentRecord(tracking, new Date());
    try {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, record);
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
    setConsent(parseConsent(record));
    setAsking(false);
  };
  return (
    <section className="store-consent" aria-label={t('consent.label')}>
      <p>{t('consent.text')}</p>
      <div className="store-consent__actions">
        <button type="button" className="store-button store-button--quiet" onClick={() => decide(false)}>
          {t('consent.decline')}
        </button>
        <button type="button" className="store-button" onClick={() => decide(true)}>
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
