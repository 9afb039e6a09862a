import { LOGIN_PATH, titleKeys } from '@tern/core/navigation';
import type { i18n } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/Spinner';
import { BareLayout } from '../layouts/BareLayout';
import { usePageTitle } from '../layouts/pageTitle';
import { preloadPageOf } from '../router/pageModules';
import { PageSearchContext } from '../router/pageSearch';
import type { AppRouter } from '../router/router';
import { loginSearch } from '../router/search';
import { useSession } from '../session/SessionContext';
import { readStoredSession } from '../session/storage';
import { SessionRoot } from './SessionRoot';
import type { AppServices } from './services';

type Routed = typeof import('./routed');

export interface FirstLoadProps {
  services: AppServices;
  i18n: i18n;
  /** Loads the router's chunk (`routed.ts`); called at most once. */
  loadRouted: () => Promise<Routed>;
}

const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })),
);

/** The router, once made: it reads the browser's location when it is made. */
interface Made {
  routed: Routed;
  router: AppRouter;
}

/**
 * Starts loading what a page other than sign-in waits for: the router's chunk, the SDK's (its first calls) and,
 * with a stored session (`pageToo`: the address the app opens at), the page's own chunks, all at once while the
 * session machine checks the session. The entry calls it before React draws anything (`main.tsx`), and the
 * router's making again (each load is asked for once). Resolves with the router's chunk.
 */
export function startPageLoad(
  services: AppServices,
  loadRouted: () => Promise<Routed>,
  pageToo = true,
): Promise<Routed> {
  services.preloadClient();
  if (pageToo && readStoredSession(services.storage)) preloadPageOf(window.location.pathname);
  return loadRouted();
}

/**
 * The app as the browser first loads it (`main.tsx`). A signed-out visitor on the sign-in page sees the page
 * at once, drawn without the router (TanStack Router is about 23 KB gzipped): the router's chunk and the SDK's load
 * after its first paint (`AfterDraw`: before it, they held the page's own chunk back, six connections at a time,
 * and their evaluation its first draw) and the router takes over at the first navigation (the sign-in's own, or a
 * link). Every other page waits for the router's chunk, which starts loading with the entry, beside the page's
 * own chunks (`preloadPageOf`) and the SDK's.
 */
export function FirstLoad({ services, i18n, loadRouted }: FirstLoadProps) {
  const [made, setMade] = useState<Made | null>(null);
  const [signInFirst] = useState(() => window.location.pathname === LOGIN_PATH);
  const mounted = useRef(true);
  const madeOnce = useRef<Made | null>(null);
  /** Makes the router where the browser's address is now, once its chunk is there. */
  const makeRouter = useCallback(() => {
    void startPageLoad(services, loadRouted, !madeOnce.current).then((routed) => {
      if (!mounted.current || madeOnce.current) return;
      const router = routed.createAppRouter(services);
      services.navigate = (href, options) =>
        void router.navigate({ href, replace: options?.replace ?? false });
      services.currentLocation = () => router.state.location.href;
      madeOnce.current = { routed, router };
      setMade(madeOnce.current);
    });
  }, [services, loadRouted]);

  useEffect(() => {
    mounted.current = true;
    // Until the router is made, a navigation moves the browser's address and makes it: the router starts
    // where the visitor is going.
    services.navigate = (href, options) => {
      window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', href);
      makeRouter();
    };
    // The sign-in page loads the router and the SDK once it has drawn (`SignInPage`), and makes the router at
    // the first navigation; every other page needs both at once.
    if (!signInFirst) makeRouter();
    return () => {
      mounted.current = false;
    };
  }, [services, signInFirst, makeRouter]);
  /** After the sign-in page's first paint: what its first navigation and its sign-in call need. */
  const afterSignInDrawn = useCallback(() => {
    void loadRouted().catch(() => {});
    services.preloadClient();
  }, [services, loadRouted]);

  return (
    <SessionRoot services={services} i18n={i18n}>
      {() =>
        made ? (
          <made.routed.RoutedApp services={services} router={made.router} />
        ) : (
          <SignInFirst enabled={signInFirst} makeRouter={makeRouter} afterDrawn={afterSignInDrawn} />
        )
      }
    </SessionRoot>
  );
}

/**
 * The sign-in page before the router: the same layout, page chunk, title and search params as the router draws
 * it, for a visitor signed out when the app starts (a signed-in one is sent on by the router's guards). It stays
 * until the router is made, signed in meanwhile (its button busy), so nothing blinks. Otherwise a quiet wait.
 */
function SignInFirst({
  enabled,
  makeRouter,
  afterDrawn,
}: {
  enabled: boolean;
  makeRouter: () => void;
  afterDrawn: () => void;
}) {
  const session = useSession();
  const { t } = useTranslation();
  const [draw] = useState(() => enabled && !session);
  // Signed in already (a stored session on /login): the router's guards send the visitor on.
  useEffect(() => {
    if (enabled && !draw) makeRouter();
  }, [enabled, draw, makeRouter]);
  return draw ? <SignInPage afterDrawn={afterDrawn} /> : <FullPageLoader label={t(titleKeys.loading)} />;
}

function SignInPage({ afterDrawn }: { afterDrawn: () => void }) {
  usePageTitle(LOGIN_PATH);
  const [search] = useState(() =>
    loginSearch(Object.fromEntries(new URLSearchParams(window.location.search))),
  );
  return (
    <BareLayout>
      <PageSearchContext.Provider value={search}>
        <Suspense fallback={null}>
          <LoginPage />
          <AfterDraw run={afterDrawn} />
        </Suspense>
      </PageSearchContext.Provider>
    </BareLayout>
  );
}

/**
 * Runs `run` once the content of its Suspense boundary has been drawn (its effects wait for the boundary's
 * content), in a task of its own after that paint: what loads then does not hold the page's first draw back.
 */
function AfterDraw({ run }: { run: () => void }) {
  useEffect(() => {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [run]);
  return null;
}
