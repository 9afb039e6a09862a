import type { VaultCard } from '@tern/core';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import type { Kind } from '../api';
import { CardFrame } from './CardFrame';
import { useCardFrame } from './useCardFrame';

/** The vault answers only to the page that shows its form: it is told this page's origin. */
function withParent(url: string): string {
  const form = new URL(url, window.location.href);
  form.searchParams.set('parent', window.location.origin);
  return form.toString();
}

/**
 * The card section of checkout, shown while a chosen rate needs a card: the vault's frame (400 × 220)
 * run by core's card-frame machine. The checkout asks for the card through `requestCard`.
 */
export function CardSection({
  kind,
  propertyId,
  requestCard,
}: {
  kind: Kind;
  propertyId: string;
  /** Set while the section is shown: asks the vault for the card (rejects with its error). */
  requestCard: RefObject<(() => Promise<VaultCard>) | null>;
}) {
  const { t } = useTranslation();
  const card = useCardFrame(kind, propertyId);
  const state = card.snapshot.value;
  const { formUrl, error } = card.snapshot.context;

  useEffect(() => {
    requestCard.current = card.requestCard;
    return () => {
      requestCard.current = null;
    };
  }, [card.requestCard, requestCard]);

  return (
    <section className="checkout-section" aria-labelledby="card-heading">
      <h2 id="card-heading">{t('payment_page.card')}</h2>
      <p className="muted">{t('payment_page.card_intro')}</p>
      {state === 'loadingForm' ? <Spinner label={t('payment_page.card_loading')} /> : null}
      {state === 'failed' ? (
        <Alert
          variant="error"
          title={t('payment_page.card_failed')}
          action={
            <Button variant="secondary" onPress={card.reload}>
              {t('general.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {formUrl && state !== 'failed' ? (
        <div className="card-frame__wrap">
          <CardFrame ref={card.frame} src={withParent(formUrl)} onError={card.failed} />
          {state === 'frameLoading' ? (
            <p className="muted card-frame__status">{t('payment_page.card_loading')}</p>
          ) : null}
        </div>
      ) : null}
      {state === 'ready' && error ? (
        <Alert variant="error">{t('payment_page.card_error', { message: error })}</Alert>
      ) : null}
    </section>
  );
}
