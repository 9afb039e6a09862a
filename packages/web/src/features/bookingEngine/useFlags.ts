import { flagsFor } from '../../app/flags';
import { useServices, useSession } from '../../session/SessionContext';

/** The signed-in user's switches: the search page (fixed in tests) and car rentals. */
export function useFlags() {
  const services = useServices();
  const session = useSession();
  const fromUser = flagsFor(session);
  return {
    searchPageIsActive: services.flags?.searchPageIsActive ?? fromUser.searchPageIsActive,
    carRentalFeature: fromUser.carRentalFeature,
  };
}
