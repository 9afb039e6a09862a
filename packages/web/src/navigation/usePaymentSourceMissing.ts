import { useQuery } from '@tanstack/react-query';
import { useSelectedProperty } from '../session/SelectedProperty';
import { useServices, useSession } from '../session/SessionContext';

/**
 * Whether a payment source is missing (document 1 §4 session; document 3 §10 billing's warning dot): asked
 * once after sign-in — the agency's for a reseller, the selected property's for a supplier (again when the
 * property changes), a query of the app's cache. Admins have no billing entry. A failed check shows no dot.
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
  const { data: missing } = useQuery({
    queryKey: ['paymentSourceMissing', key],
    queryFn: async () => {
      const reply =
        role === 'reseller'
          ? await client.billing.checkPaymentSource()
          : await client.billing.supplierPaymentSource({ query: { propertyId: propertyId ?? '' } });
      return !reply.hasPaymentSource;
    },
    enabled: key !== null,
    // Asked once a user, role and property (the key), not again behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return key !== null && missing === true;
}
