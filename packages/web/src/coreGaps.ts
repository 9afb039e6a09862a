import type { NavEntry, Navigation } from '@tern/core';

/**
 * Rules the web app needs that @tern/core does not have yet. They live here, in one place, until they
 * move to core:
 *
 * 1. The user menu has no `profile` entry in `navigationFor`, though `/profile` is a route of every
 *    signed-in user (document 1 §2). The web adds it before change password.
 * 2. `navigationFor(…, availableRoutes)` filters route entries only: actions and links out (billing,
 *    cookie consent, help portal) stay even when the app cannot do them yet. The web keeps only the
 *    actions it can perform.
 * 3. `signInMachine` has no "send a new code" event for the one-time-code step: the login page resends
 *    by going back to the credentials and submitting them again (see `features/auth/useSignIn.ts`).
 */

/** Menu actions and links out the web app can perform today. */
export const supportedMenuTargets: ReadonlySet<string> = new Set(['logout']);

export const PROFILE_PATH = '/profile';

const profileEntry: NavEntry = {
  id: 'profile',
  labelKey: 'navigation.profile',
  target: { kind: 'route', to: PROFILE_PATH },
  route: PROFILE_PATH,
  newTab: false,
  warningDot: false,
  disabled: false,
};

/** Core's navigation, completed with the profile entry and trimmed to what the app can do. */
export function completeNavigation(nav: Navigation, availableRoutes: ReadonlySet<string>): Navigation {
  const usable = (entry: NavEntry) =>
    entry.target.kind === 'route' || entry.target.kind === 'store'
      ? true
      : supportedMenuTargets.has(entry.target.kind === 'action' ? entry.target.action : entry.target.href);
  const userMenu = nav.userMenu.filter(usable);
  if (availableRoutes.has(PROFILE_PATH) && !userMenu.some((e) => e.id === 'profile')) {
    const at = userMenu.findIndex((e) => e.id === 'changePassword');
    userMenu.splice(at < 0 ? 0 : at, 0, profileEntry);
  }
  return { ...nav, links: nav.links.filter(usable), userMenu };
}
