import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * `Page` at `/` of a memory router (a form frame asks before leaving through the router's blocker, so a form
 * needs one), under a link to `/other`, whose page is a heading "Other". Render what it returns.
 */
export function routed(Page: () => ReactNode) {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/other">Other page</Link>
        <Outlet />
      </>
    ),
  });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: Page }),
    createRoute({ getParentRoute: () => root, path: '/other', component: () => <h1>Other</h1> }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return { router, element: <RouterProvider router={router} /> };
}
