import { type FeatureFlags, featureFlags } from '@tern/core/navigation';
import type { StoredSession } from '@tern/core/session';
import { availableRoutes } from '../router/screens';

/**
 * The feature flags of the signed-in user, as the server sends them (core's `featureFlags`). The search
 * page also needs its screen: until the home search form is built, `/` keeps sending resellers to
 * /bookings even when the flag is on.
 */
export function flagsFor(session: Pick<StoredSession, 'user'> | null): FeatureFlags {
  const flags = featureFlags(session?.user ?? null);
  return { ...flags, searchPageIsActive: flags.searchPageIsActive && availableRoutes.has('/') };
}
