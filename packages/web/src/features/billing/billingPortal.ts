import type { StoredSession } from '@tern/core/session';
import type { Role, TernClient, UserProperty } from '@tern/sdk';

/**
 * The subscription's customer portal in a new tab (document 1 §6, document 3 §10 billing entry): the agency's
 * for a reseller, the selected property's for a supplier. The tab is opened at once, while the click still
 * counts as the user's (`openBlankTab`), and sent to the portal when the server answers (`showPortal`).
 */

/** A blank tab, opened synchronously in the click handler so that pop-up blockers let it through. */
export function openBlankTab(): Window | null {
  return window.open('', '_blank');
}

/** The portal's address: the agency's session for a reseller, the property's for the others. */
export async function portalUrl(client: TernClient, role: Role, propertyId: string | null): Promise<string> {
  const reply =
    role === 'reseller'
      ? await client.billing.resellerPortal()
      : await client.billing.supplierPortal({ query: { propertyId: propertyId ?? '' } });
  return reply.stripeCustomerPortalSessionUrl;
}

/** Sends the blank tab to the portal (cut off from this page), or this window when no tab could be opened. */
export function showPortal(tab: Window | null, url: string): void {
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else window.location.assign(url);
}

/** All three in one, for the user menu's billing entry: a failure closes the blank tab and is thrown. */
export async function openBillingPortal(
  client: TernClient,
  session: Pick<StoredSession, 'userRole'>,
  property: Pick<UserProperty, 'id'> | null,
): Promise<void> {
  const tab = openBlankTab();
  try {
    showPortal(tab, await portalUrl(client, session.userRole, property?.id ?? null));
  } catch (error) {
    tab?.close();
    throw error;
  }
}
