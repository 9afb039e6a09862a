import { matchRoute } from '@tern/core/navigation';

/**
 * The core route the current path shows (for the layout and the title). Apart from the router, which imports
 * the root layout that asks it: a module of its own keeps the two out of an import cycle.
 */
export function coreRouteOf(pathname: string) {
  return matchRoute(pathname)?.route ?? null;
}
