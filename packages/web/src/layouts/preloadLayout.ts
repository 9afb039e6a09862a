import { coreRouteOf } from '../router/coreRoute';
import { drawsWithout, preloadBookingFlowStrings } from './BookingFlowStrings';

/**
 * The signed-in app's frame (header, menus, property switcher, banners) is a chunk of its own: the sign-in
 * page and the store never load it. Apart from the root layout, which draws it: the entry preloads it too.
 */
export const loadAppLayout = () => import('./AppLayout');

/** Starts loading the frame a path is drawn in, so it loads beside the page's own chunk, not after it. */
export function preloadLayoutOf(pathname: string) {
  const route = coreRouteOf(pathname);
  if (route?.layout !== 'app') return;
  void loadAppLayout();
  if (!drawsWithout.has(route.id)) void preloadBookingFlowStrings();
}
