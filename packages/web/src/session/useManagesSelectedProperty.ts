import { managesProperty, membershipOf } from '@tern/core/auth';
import { useSelectedProperty } from './SelectedProperty';
import { useSignedInSession } from './SessionContext';

/**
 * Whether the signed-in user manages the selected property (an admin manages every one): what the contract's
 * `managedProperty` asks of a call (core's `managesProperty`), so a page hides what the server would refuse its staff.
 */
export function useManagesSelectedProperty(): boolean {
  const { user, userRole } = useSignedInSession();
  const { property } = useSelectedProperty();
  return managesProperty(userRole, property ? membershipOf(user.ternHotels, property.id) : null);
}
