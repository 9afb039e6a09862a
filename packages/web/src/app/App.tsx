import { RouterProvider } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { FullPageLoader } from '../components/Spinner';
import type { AppRouter } from '../router/router';
import { SelectedPropertyProvider } from '../session/SelectedProperty';
import { ServicesContext, SessionActorContext } from '../session/SessionContext';
import { type AppServices, sessionLogic } from './services';

export interface AppProps {
  services: AppServices;
  router: AppRouter;
  i18n: i18n;
}

/**
 * The top of the app: core's session machine runs here once. While it restores the stored session a
 * quiet loader shows (no flash of the login page); then the router takes over.
 */
export function App({ services, router, i18n }: AppProps) {
  const logic = useMemo(() => sessionLogic(services), [services]);
  const session = useActorRef(logic, { input: { clock: services.now } });
  services.session = session;
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <SessionActorContext.Provider value={session}>
          <AriaRouterProvider
            navigate={(href, options) => router.navigate({ href, ...(options ?? {}) })}
            useHref={(href) => href}
          >
            <SessionGate router={router} services={services} />
          </AriaRouterProvider>
        </SessionActorContext.Provider>
      </ServicesContext.Provider>
    </I18nextProvider>
  );
}

function SessionGate({ router, services }: { router: AppRouter; services: AppServices }) {
  const { t } = useTranslation();
  const actor = services.session!;
  const phase = useSelector(actor, (s) =>
    s.matches('restoring') ? 'restoring' : s.matches('restoreFailed') ? 'failed' : 'ready',
  );
  if (phase === 'restoring') return <FullPageLoader label={t('session.restoring')} />;
  if (phase === 'failed') {
    return (
      <main className="page" style={{ maxWidth: '32rem', paddingTop: '20vh' }}>
        <Alert
          variant="error"
          title={t('session.restore_failed_title')}
          action={<Button onPress={() => actor.send({ type: 'user.retry' })}>{t('general.retry')}</Button>}
        >
          {t('session.restore_failed_text')}
        </Alert>
      </main>
    );
  }
  return (
    <SelectedPropertyProvider>
      <RouterProvider router={router} context={{ services }} />
    </SelectedPropertyProvider>
  );
}
