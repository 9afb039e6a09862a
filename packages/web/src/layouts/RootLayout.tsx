import { Outlet, useRouterState } from '@tanstack/react-router';
import { titleKeys } from '@tern/core/navigation';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/Spinner';
import { coreRouteOf } from '../router/coreRoute';
import { PageSearchContext } from '../router/pageSearch';
import { BareLayout } from './BareLayout';
import { BookingFlowStrings, drawsWithout } from './BookingFlowStrings';
import { usePageTitle } from './pageTitle';
import { loadAppLayout } from './preloadLayout';

/** The signed-in app's frame, a chunk of its own (`preloadLayout.ts`). */
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));
/** The campaigns' frame (a placeholder so far): a chunk of its own as well. */
const CampaignLayout = lazy(() =>
  import('./CampaignLayout').then((module) => ({ default: module.CampaignLayout })),
);

/** Draws the page in the layout core's route table names, sets the title, and moves focus on navigation. */
export function RootLayout() {
  // The path of the page on screen (during a navigation the location moves before the page does).
  const pathname = useRouterState({ select: (s) => s.matches.at(-1)?.pathname ?? s.location.pathname });
  // The page's search params as its route validated them (`usePageSearch`).
  const search = useRouterState({ select: (s) => s.matches.at(-1)?.search ?? s.location.search });
  const { t } = useTranslation();
  const route = coreRouteOf(pathname);

  usePageTitle(pathname);
  usePageFocus(pathname);

  const page = (
    <PageSearchContext.Provider value={search}>
      <Outlet />
    </PageSearchContext.Provider>
  );
  switch (route?.layout) {
    case 'app':
      return (
        <Suspense fallback={<FullPageLoader label={t(titleKeys.loading)} />}>
          <AppLayout>
            <BookingFlowStrings wait={!drawsWithout.has(route.id)}>{page}</BookingFlowStrings>
          </AppLayout>
        </Suspense>
      );
    case 'campaign':
      return (
        <Suspense fallback={<FullPageLoader label={t(titleKeys.loading)} />}>
          <CampaignLayout>{page}</CampaignLayout>
        </Suspense>
      );
    default:
      return <BareLayout>{page}</BareLayout>;
  }
}

/** After an in-app navigation, focus goes to the new page's heading, as a page load would put it at the top. */
function usePageFocus(pathname: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && !heading.contains(document.activeElement)) heading.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
