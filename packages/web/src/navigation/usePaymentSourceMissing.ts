import { useEffect, useState } from 'react';
import { useSelectedProperty } from '../session/SelectedProperty';
import { useServices, useSession } from '../session/SessionContext';

/**
 * Whether a payment source is missing (document 1 §4 session; document 3 §10 billing's warning dot): asked
 * once after sign-in — the agency's for a reseller, the selected property's for a supplier (again when the
 * property changes). Admins have no billing entry. A failed check shows no dot.
 */
export function usePaymentSourceMissing(): boolean {
  const session = useSession();
  const { client } = useServices();
  const { property } = useSelectedProperty();
  const role = session?.userRole ?? null;
  const propertyId = role === 'supplier' ? (property?.id ?? null) : null;
  const key =
    role === 'reseller'
      ? `reseller:${session?.user.id}`
      : role === 'supplier' && propertyId
        ? `supplier:${session?.user.id}:${propertyId}`
        : null;
  const [answer, setAnswer] = useState<{ key: string; missing: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the user, role and property asked about.
  useEffect(() => {
    if (!key) return;
    let live = true;
    const check =
      role === 'reseller'
        ? client.billing.checkPaymentSource()
        : client.billing.supplierPaymentSource({ query: { propertyId: propertyId ?? '' } });
    check.then(
      (reply) => live && setAnswer({ key, missing: !reply.hasPaymentSource }),
      () => live && setAnswer({ key, missing: false }),
    );
    return () => {
      live = false;
    };
  }, [client, key]);
  return key !== null && answer?.key === key && answer.missing;
}
