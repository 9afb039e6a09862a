import type { NavFlags, RouteFlags } from '@tern/core';

/**
 * Feature flags the guards and the menu read. The documents do not say where `searchPageIsActive` and
 * `carRentalFeature` come from (nothing in the session or the contract carries them yet), so they are
 * off until the booking engine arrives: `/` sends resellers to /bookings and there is no cars link.
 * `VITE_TERN_SEARCH_PAGE=1` turns the search page flag on for development.
 */
export const routeFlags: RouteFlags = {
  searchPageIsActive: import.meta.env.VITE_TERN_SEARCH_PAGE === '1',
};

export const baseNavFlags: Pick<NavFlags, 'carRentalFeature'> = {
  carRentalFeature: false,
};
