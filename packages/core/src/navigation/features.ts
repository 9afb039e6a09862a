import type { User } from '@tern/sdk';
import type { RouteFlags } from './guards.js';
import type { NavFlags } from './menu.js';

/** The switches the guards and the menu read, as the server sends them with the user. */
export type FeatureFlags = RouteFlags & Pick<NavFlags, 'carRentalFeature'>;

/**
 * The user's feature flags. The search page is on by default (document 1 §9); car rentals only when the
 * server says so for a reseller (document 3 §10). A session stored before the server sent features, or no
 * session at all, gets those defaults.
 */
export function featureFlags(
  user: (Pick<User, 'role'> & { features?: Partial<User['features']> }) | null | undefined,
): FeatureFlags {
  const features = user?.features;
  return {
    searchPageIsActive: features?.searchPageIsActive ?? true,
    carRentalFeature: user?.role === 'reseller' && features?.carRentalFeature === true,
  };
}
