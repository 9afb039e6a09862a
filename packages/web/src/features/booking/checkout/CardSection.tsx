import { errorMessage } from '@tern/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { useServices } from '../../../session/SessionContext';
import { bookingApi, type Kind } from '../api';
import { CardFrame } from './CardFrame';
import type { useCardFrame } from './useCardFrame';

/** Where the vault's form is for this property (`card_capture_form_url`). */
export function useCardFormUrl(kind: Kind, id: string, needed: boolean) {
  const { client } = useServices();
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; url: string; origin: string }
    | { status: 'error'; error: unknown }
  >({ status: 'loading' });
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    bookingApi(client)
      .cardCaptureFormUrl(kind, id, controller.signal)
      .then(({ cardCaptureFormUrl, origin }) => {
        if (!controller.signal.aborted)
          setState({ status: 'ready', url: withParent(cardCaptureFormUrl), origin });
      })
      .catch((error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }));
    return () => controller.abort();
  }, [client, kind, id, needed]);
  return state;
}

/** The vault answers only to the page that shows its form: it is told this page's origin. */
function withParent(url: string): string {
  const form = new URL(url, window.location.href);
  form.searchParams.set('parent', window.location.origin);
  return form.toString();
}

/** The card section of checkout: the vault's frame (400 × 220) while the rate needs a card. */
export function CardSection({
  form,
  frame,
  error,
}: {
  form: ReturnType<typeof useCardFormUrl>;
  frame: ReturnType<typeof useCardFrame>;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="checkout-section" aria-labelledby="card-heading">
      <h2 id="card-heading">{t('payment_page.card')}</h2>
      <p className="muted">{t('payment_page.card_intro')}</p>
      {form.status === 'loading' ? <Spinner label={t('payment_page.card_loading')} /> : null}
      {form.status === 'error' ? (
        <Alert variant="error" title={t('payment_page.card_failed')}>
          {errorMessage(form.error)}
        </Alert>
      ) : null}
      {form.status === 'ready' ? (
        <div className="card-frame__wrap">
          <CardFrame ref={frame.frame} src={form.url} onLoad={() => undefined} />
          {frame.status === 'loading' ? (
            <p className="muted card-frame__status">{t('payment_page.card_loading')}</p>
          ) : null}
        </div>
      ) : null}
      {error ? <Alert variant="error">{t('payment_page.card_error', { message: error })}</Alert> : null}
    </section>
  );
}
