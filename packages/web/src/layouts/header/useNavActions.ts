import { useRouterState } from '@tanstack/react-router';
import type { NavEntry } from '@tern/core/navigation';
import { HELP_PORTAL_URL } from '../../app/links';
import { openBillingPortal } from '../../features/billing/billingPortal';
import { useOpenCookieDialog } from '../../features/privacy/CookieDialog';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useServices, useSession, useSessionActor } from '../../session/SessionContext';

/** What an entry does when chosen, and whether it is the current page. */
export function useNavActions() {
  const session = useSessionActor();
  const current = useSession();
  const { client } = useServices();
  const { property } = useSelectedProperty();
  const openCookies = useOpenCookieDialog();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return {
    isCurrent: (entry: NavEntry) => entry.target.kind === 'route' && entry.target.to === pathname,
    hrefOf: (entry: NavEntry) =>
      entry.target.kind === 'route'
        ? entry.target.to
        : entry.target.kind === 'external'
          ? HELP_PORTAL_URL
          : undefined,
    run: (entry: NavEntry) => {
      if (entry.target.kind === 'action' && entry.target.action === 'logout') {
        session.send({ type: 'session.signOut' });
      }
      if (entry.target.kind === 'action' && entry.target.action === 'cookieConsent') openCookies();
      if (entry.target.kind === 'action' && entry.target.action === 'billing' && current) {
        // A failure leaves the blank tab closed; the portal is also reachable from the lock banner.
        void openBillingPortal(client, current, property).catch(() => {});
      }
    },
  };
}
