import type { NavEntry, Navigation } from '@tern/core/navigation';

/**
 * Menu actions and links out the web app can perform today. Core's `navigationFor` lists every entry of
 * document 3 §10 and drops routes the app has no screen for; actions (billing portal, cookie consent) and
 * links out (help portal) are the app's to perform, so the app keeps only those it can do. An entry joins
 * by adding its action here once its handler exists.
 */
export const supportedMenuTargets: ReadonlySet<string> = new Set([
  'logout',
  'billing',
  'cookieConsent',
  'helpPortal',
]);

const usable = (entry: NavEntry) =>
  entry.target.kind === 'route' || entry.target.kind === 'store'
    ? true
    : supportedMenuTargets.has(entry.target.kind === 'action' ? entry.target.action : entry.target.href);

/** Core's navigation without the actions and links out the app cannot perform yet. */
export function supportedNavigation(nav: Navigation): Navigation {
  return { ...nav, links: nav.links.filter(usable), userMenu: nav.userMenu.filter(usable) };
}
