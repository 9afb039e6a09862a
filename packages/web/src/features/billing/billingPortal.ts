import type { StoredSession } from '@tern/core';
import type { TernClient, UserProperty } from '@tern/sdk';

/**
 * Opens the subscription's customer portal in a new tab (document 1 §6, document 3 §10 billing entry): the
 * agency's for a reseller, the selected property's for a supplier. The tab is opened at once, while the click
 * still counts as the user's, and sent to the portal when the server answers.
 */
export async function openBillingPortal(
  client: TernClient,
  session: Pick<StoredSession, 'userRole'>,
  property: Pick<UserProperty, 'id'> | null,
): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { stripeCustomerPortalSessionUrl: url } =
      session.userRole === 'reseller'
        ? await client.billing.resellerPortal()
        : await client.billing.supplierPortal({ query: { propertyId: property?.id ?? '' } });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
