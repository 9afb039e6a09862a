import { useActorRef, useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ErrorState';
import { FullPageLoader } from '../components/Spinner';
import { liveInspect } from '../features/qa/liveInspect';
import { ServicesContext, SessionActorContext } from '../session/SessionContext';
import { type AppServices, sessionLogic } from './services';

export interface SessionRootProps {
  services: AppServices;
  i18n: i18n;
  /** What to draw once the session is known (restored, or none). */
  children: () => ReactNode;
}

/**
 * The top of the app, without the router: core's session machine runs here once, with the translator, the
 * services and react-aria's links (which navigate through `services.navigate`). While it restores the stored
 * session a quiet loader shows (no flash of the login page); then `children` draws.
 */
export function SessionRoot({ services, i18n, children }: SessionRootProps) {
  const logic = useMemo(() => sessionLogic(services), [services]);
  const session = useActorRef(logic, { input: { clock: services.now }, inspect: liveInspect });
  services.session = session;
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <SessionActorContext.Provider value={session}>
          <AriaRouterProvider
            navigate={(href, options) => services.navigate(href, options)}
            useHref={(href) => href}
          >
            <SessionGate services={services}>{children}</SessionGate>
          </AriaRouterProvider>
        </SessionActorContext.Provider>
      </ServicesContext.Provider>
    </I18nextProvider>
  );
}

function SessionGate({ services, children }: { services: AppServices; children: () => ReactNode }) {
  const { t } = useTranslation();
  const actor = services.session!;
  const phase = useSelector(actor, (s) =>
    s.matches('restoring') ? 'restoring' : s.matches('restoreFailed') ? 'failed' : 'ready',
  );
  if (phase === 'restoring') return <FullPageLoader label={t('session.restoring')} />;
  if (phase === 'failed') {
    return (
      <main className="page" style={{ maxWidth: '32rem', paddingTop: '20vh' }}>
        <ErrorState
          title={t('session.restore_failed_title')}
          onRetry={() => actor.send({ type: 'user.retry' })}
        >
          {t('session.restore_failed_text')}
        </ErrorState>
      </main>
    );
  }
  return children();
}
