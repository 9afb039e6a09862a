import { frameParams, inventoryFrameMachine } from '@tern/core/rates';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeading } from '../../components/PageHeading';
import { Spinner } from '../../components/Spinner';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { calendarUrl, isFrameFailed } from './frameMessages';
import './inventory.css';

/**
 * `/inventory` (document 2 §2 inventory page, M22): once a property is selected and a one-time token for it has
 * loaded (`POST /auth/one_time_token`), Tern's own inventory calendar opens in a frame on its own path with the
 * token and the property id. Another property loads a new token; a refused token — the call's, or the frame's
 * when it could not use it or its session ended — shows `general.error_message` with a retry, which asks for a
 * new token (a token opens the calendar once).
 */
export function InventoryPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client } = useServices();
  const { property } = useSelectedProperty();
  const propertyId = property?.id ?? null;
  const logic = useMemo(
    () =>
      inventoryFrameMachine.provide({
        actors: {
          loadToken: fromPromise(async ({ input }: { input: { propertyId: string } }) => {
            const { token } = await client.inventory.oneTimeToken({ body: { propertyId: input.propertyId } });
            return { token };
          }),
        },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(logic, { input: { propertyId } });
  useEffect(() => send({ type: 'property.select', propertyId }), [send, propertyId]);
  const frame = useRef<HTMLIFrameElement>(null);

  // The calendar's word that it could not use its token (only from its own frame, on this origin).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (isFrameFailed(event.data)) send({ type: 'frame.failed', error: event.data.error });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  const params = frameParams(snapshot);
  const name = property?.name ?? '';
  return (
    <div className="page inventory-page">
      <div className="page__header">
        <PageHeading>{t('page_titles.inventory')}</PageHeading>
      </div>
      {snapshot.matches('noProperty') ? (
        <EmptyState title={t('inventory.page.no_property')} />
      ) : (
        <p className="inventory-page__intro">{t('inventory.page.intro', { property: name })}</p>
      )}
      {snapshot.hasTag('busy') ? <Spinner label={t('inventory.page.loading_token')} /> : null}
      {snapshot.matches('error') ? (
        <ErrorState retryLabel={t('inventory.page.open_again')} onRetry={() => send({ type: 'user.retry' })}>
          {errorText(snapshot.context.error)}
        </ErrorState>
      ) : null}
      {params ? (
        <iframe
          // A new token is a new frame: the calendar reads its token once, when it loads.
          key={params.token}
          ref={frame}
          className="inventory-page__frame"
          title={t('inventory.page.frame_title', { property: name })}
          src={calendarUrl(params)}
          referrerPolicy="no-referrer"
        />
      ) : null}
    </div>
  );
}
