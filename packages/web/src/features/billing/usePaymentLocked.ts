import { paymentLockFlag } from '@tern/core/billing';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useSession } from '../../session/SessionContext';

/** Whether the signed-in account is locked for card payments now (core's `paymentLockFlag`). */
export function usePaymentLocked(): boolean {
  const session = useSession();
  const { property } = useSelectedProperty();
  if (!session) return false;
  return paymentLockFlag(session.userRole, {
    agencyLocked: session.user.agent?.paymentLocked,
    propertyLocked: property?.locked,
  });
}
