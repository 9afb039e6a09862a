import { type Navigation, navigationFor } from '@tern/core/navigation';
import { useMemo } from 'react';
import { flagsFor } from '../app/flags';
import { availableRoutes } from '../router/screens';
import { useSelectedProperty } from '../session/SelectedProperty';
import { useSession } from '../session/SessionContext';
import { supportedNavigation } from './supportedEntries';
import { usePaymentSourceMissing } from './usePaymentSourceMissing';

/** The signed-in user's links and menu, from core's `navigationFor` and the screens built so far. */
export function useNavigation(): Navigation | null {
  const session = useSession();
  const { property } = useSelectedProperty();
  const paymentSourceMissing = usePaymentSourceMissing();
  return useMemo(() => {
    if (!session) return null;
    const nav = navigationFor(
      session.userRole,
      {
        carRentalFeature: flagsFor(session).carRentalFeature,
        propertyLocked: property?.locked ?? false,
        paymentSourceMissing,
      },
      availableRoutes,
    );
    return supportedNavigation(nav);
  }, [session, property, paymentSourceMissing]);
}
