import type { cardFrameMachine } from '@tern/core/bookingEngine';
import { useSelector } from '@xstate/react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { Alert } from '../../../components/Alert';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { useErrorText } from '../../errors/useErrorText';
import { CardFrame } from './CardFrame';

/** The vault answers only to the page that shows its form: it is told this page's origin. */
export function withParent(url: string): string {
  const form = new URL(url, window.location.href);
  form.searchParams.set('parent', window.location.origin);
  return form.toString();
}

export type CardFrameActor = ActorRefFrom<typeof cardFrameMachine>;

/**
 * The card section of checkout, shown while a chosen rate needs a card: the vault's frame (400 × 220),
 * drawn from core's card-frame machine (the checkout machine's `cardFrame` child).
 */
export function CardSection({
  actor,
  frame,
  onFailed,
  onReload,
}: {
  actor: CardFrameActor;
  frame: Ref<HTMLIFrameElement>;
  onFailed: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => s.value);
  const formUrl = useSelector(actor, (s) => s.context.formUrl);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <section className="checkout-section" aria-labelledby="card-heading">
      <h2 id="card-heading">{t('payment_page.card')}</h2>
      <p className="muted">{t('payment_page.card_intro')}</p>
      {state === 'loadingForm' ? <LoadingSkeleton label={t('payment_page.card_loading')} /> : null}
      {state === 'failed' ? (
        <ErrorState title={t('payment_page.card_failed')} onRetry={onReload}>
          {errorText(error)}
        </ErrorState>
      ) : null}
      {formUrl && state !== 'failed' ? (
        <div className="card-frame__wrap">
          <CardFrame ref={frame} src={withParent(formUrl)} onError={onFailed} />
          {state === 'frameLoading' ? (
            <p className="muted card-frame__status">{t('payment_page.card_loading')}</p>
          ) : null}
        </div>
      ) : null}
      {state === 'ready' && error ? <Alert variant="error">{errorText(error)}</Alert> : null}
    </section>
  );
}
