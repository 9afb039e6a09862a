import { RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import type { AppRouter } from '../router/router';
import { SessionRoot } from './SessionRoot';
import type { AppServices } from './services';

export interface AppProps {
  services: AppServices;
  router: AppRouter;
  i18n: i18n;
}

/**
 * The whole app with its router ready (the tests draw it so). The browser's first load draws
 * `FirstLoad.tsx` instead, which loads this module's router when a page needs it.
 */
export function App({ services, router, i18n }: AppProps) {
  return (
    <SessionRoot services={services} i18n={i18n}>
      {() => <RoutedApp services={services} router={router} />}
    </SessionRoot>
  );
}

/** The pages, drawn by the router once the session is known. */
export function RoutedApp({ services, router }: { services: AppServices; router: AppRouter }) {
  return <RouterProvider router={router} context={{ services }} />;
}
