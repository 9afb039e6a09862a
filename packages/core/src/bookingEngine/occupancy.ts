import { OCCUPANCY_LIMITS } from '@tern/sdk';

// The party of a search: occupancy limits and child ages (document 1 §5).

/** Occupancy limits (document 1 §5): adults 1–30, children 0–11, child ages 0–17. */
export const occupancyLimits = OCCUPANCY_LIMITS;

export interface Occupancy {
  adults: number;
  children: number;
  childrenAge: number[];
}

/** One age per child; the list grows (with age 0) or shrinks with the count. */
export function withChildren(occupancy: Occupancy, children: number): Occupancy {
  const ages = occupancy.childrenAge.slice(0, children);
  while (ages.length < children) ages.push(0);
  return { ...occupancy, children, childrenAge: ages };
}

/** Guests a room holds (document 1 §5 "Checkout"): at most adults + children + infants. */
export function guestSpaces(occupancy: { adults: number; children: number; infants: number }): number {
  return occupancy.adults + occupancy.children + occupancy.infants;
}
