import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  parseSearchWith,
  type RouterHistory,
  redirect,
  stringifySearchWith,
} from '@tanstack/react-router';
import {
  LOGIN_PATH,
  matchRoute,
  NOT_FOUND_PATH,
  resolveRoute,
  routes,
  titleKeys,
} from '@tern/core/navigation';
import { useTranslation } from 'react-i18next';
import { flagsFor } from '../app/flags';
import { type AppServices, currentSession } from '../app/services';
import { FullPageLoader } from '../components/Spinner';
import { ErrorPage } from '../features/errors/ErrorPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { qaToolsOpen } from '../features/qa/access';
import { preloadLayoutOf } from '../layouts/preloadLayout';
import { RootLayout } from '../layouts/RootLayout';
import { screenFor } from './screens';

export interface RouterContext {
  services: AppServices;
}

/** Core's `:param` patterns in TanStack Router's `$param` spelling. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, '$$$1');
}

/**
 * Every navigation asks core's `resolveRoute` first (document 3 §10): show the page, or redirect — to
 * /login keeping the origin, to the role's home, or to /404 for an unknown path.
 */
function guard({
  context,
  location,
}: {
  context: RouterContext;
  location: { pathname: string; href: string };
}) {
  const { services } = context;
  // A store's path is not the app's (the server sends the store's own page, store.html): an unknown page here.
  if (matchRoute(location.pathname)?.route.layout === 'store')
    throw redirect({ href: NOT_FOUND_PATH, replace: true });
  const session = currentSession(services);
  const flags = services.flags ?? flagsFor(session);
  const decide = (qaTools?: boolean) =>
    follow(
      context,
      location,
      resolveRoute(location.pathname, session ? { role: session.userRole, purpose: session.purpose } : null, {
        ...flags,
        qaTools,
      }),
    );
  // A QA tool (the machine visualizer) for a signed-in user who is not an admin: open in a dev build or on a
  // sandbox server, which is asked only here.
  if (session && session.userRole !== 'admin' && matchRoute(location.pathname)?.route.qaTool)
    return qaToolsOpen().then(decide);
  return decide();
}

function follow(
  { services }: RouterContext,
  location: { pathname: string; href: string },
  resolution: ReturnType<typeof resolveRoute>,
) {
  if (resolution.kind === 'allow') {
    preloadLayoutOf(location.pathname);
    return;
  }
  if (resolution.keepOrigin) {
    services.session?.send({ type: 'session.remember', origin: location.href });
    throw redirect({ to: LOGIN_PATH, search: { redirect: location.href }, replace: true });
  }
  throw redirect({ href: resolution.to, replace: true });
}

/** Shown when a screen's chunk takes longer than a second to arrive (a slow network). */
function PendingScreen() {
  const { t } = useTranslation();
  return <FullPageLoader label={t(titleKeys.loading)} />;
}

export function createAppRouter(services: AppServices, history: RouterHistory = createBrowserHistory()) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    beforeLoad: guard,
    component: RootLayout,
    notFoundComponent: NotFoundPage,
    errorComponent: ErrorPage,
  });
  // One router route per core route, so both match a path the same way (literal segments win). The gift
  // store's routes are not the app's: the store is a page of its own (store.html, src/store/), which the
  // server sends for a store's paths; here such a path is an unknown page.
  const children = routes
    .filter((route) => route.layout !== 'store')
    .map((route) => {
      const screen = screenFor(route);
      return createRoute({
        getParentRoute: () => rootRoute,
        path: toRouterPath(route.pattern),
        component: screen.component,
        ...(screen.validateSearch ? { validateSearch: screen.validateSearch } : {}),
      });
    });
  return createRouter({
    routeTree: rootRoute.addChildren(children),
    history,
    context: { services },
    defaultPreload: false,
    defaultPendingComponent: PendingScreen,
    scrollRestoration: true,
    // Query values stay text both ways (no JSON): `adults=2` is "2", and a validated "2" is written back as
    // `adults=2`, never `adults=%222%22`. Screens read numbers through their own rules (core's query parsing).
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith((value) => String(value)),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
