import type { Occupancy, UnavailableReason } from '@tern/sdk';

/**
 * Whether a rate plan can be sold for a stay (document 1 §5, §9 "unavailable reasons"): the party must fit
 * the unit and the plan, a room must be free on every night, and the plan's restrictions must allow the stay
 * (stop sell, closed to arrival, closed to departure, minimum and maximum stay). The server prices every
 * offer with these; they are checked in this order, and the first broken one is the reason given.
 */

/** How many guests of each kind a rate plan takes. */
export interface GuestLimits {
  maxAdults: number;
  maxChildren: number;
  maxInfants: number;
}

/** A unit also has a ceiling on adults and children together. */
export interface UnitLimits extends GuestLimits {
  maxOccupancy: number;
}

/** One day of a plan's calendar: its restrictions. */
export interface DayRestrictions {
  stopSell: boolean;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /** Nights a stay arriving this day must last at least. */
  minStayArrival: number;
  /** Nights a stay including this night must last at least. */
  minStayThrough: number;
  /** Nights a stay arriving this day may last at most; `null`: no limit. */
  maxStay: number | null;
}

/**
 * The party fits a room: at least one adult; adults, children and infants each within both the unit's and the
 * plan's limits; adults and children together within the unit's occupancy (infants do not count there).
 */
export function fitsOccupancy(unit: UnitLimits, plan: GuestLimits, party: Occupancy): boolean {
  return (
    party.adults >= 1 &&
    party.adults <= Math.min(unit.maxAdults, plan.maxAdults) &&
    party.children <= Math.min(unit.maxChildren, plan.maxChildren) &&
    party.infants <= Math.min(unit.maxInfants, plan.maxInfants) &&
    party.adults + party.children <= unit.maxOccupancy
  );
}

/**
 * The occupancies a plan is sold for, one rate each. Without virtual rate plans: one, for as many adults as
 * the room takes. With them: every mix of adults (most first, at least one) and children that fits.
 */
export function occupancyOptions(unit: UnitLimits, plan: GuestLimits, virtual: boolean): Occupancy[] {
  const maxAdults = Math.min(unit.maxAdults, plan.maxAdults, unit.maxOccupancy);
  if (!virtual) return [{ adults: Math.max(1, maxAdults), children: 0, infants: 0 }];
  const options: Occupancy[] = [];
  for (let adults = maxAdults; adults >= 1; adults--) {
    for (let children = 0; children <= Math.min(unit.maxChildren, plan.maxChildren); children++) {
      if (adults + children <= unit.maxOccupancy) options.push({ adults, children, infants: 0 });
    }
  }
  return options;
}

/** Rooms free on every night: the fewest free on any night; 0 when a night has no count or there are none. */
export function freeOnEveryNight(freeByNight: readonly (number | undefined)[]): number {
  if (freeByNight.length === 0) return 0;
  return Math.min(...freeByNight.map((free) => free ?? 0));
}

/** The shortest and longest stay the arrival day allows (what the rates table shows). */
export function stayLimits(
  arrival: Pick<DayRestrictions, 'minStayArrival' | 'maxStay'> | undefined,
  planMinStay: number | null,
): { minStay: number | null; maxStay: number | null } {
  if (!arrival) return { minStay: planMinStay, maxStay: null };
  return { minStay: Math.max(arrival.minStayArrival, planMinStay ?? 1), maxStay: arrival.maxStay };
}

export interface StayAvailability {
  /** The plan's day of each night of the stay, in order (`undefined`: the plan has no price that night). */
  nights: readonly (DayRestrictions | undefined)[];
  /** The plan's day of the check-out day (its night is not stayed), for closed to departure. */
  departure: Pick<DayRestrictions, 'closedToDeparture'> | undefined;
  /** Rooms of the unit free on every night. */
  available: number;
  /** The plan's own minimum stay, if any. */
  planMinStay: number | null;
}

/**
 * Why the stay cannot be sold, or `null` when it can, in this order: sold out (no room free, or a night
 * without a price; a stay without nights too), stop sell on any night, closed to arrival on the first night,
 * closed to departure on the check-out day, shorter than the minimum (the most of the arrival day's minimum,
 * the plan's, and every night's minimum-through), longer than the arrival day's maximum.
 */
export function stayRestriction(stay: StayAvailability): Exclude<UnavailableReason, 'occupancy'> | null {
  const { nights } = stay;
  if (stay.available <= 0 || nights.length === 0 || nights.some((n) => n === undefined)) return 'sold_out';
  const days = nights as readonly DayRestrictions[];
  const arrival = days[0]!;
  if (days.some((n) => n.stopSell)) return 'stop_sell';
  if (arrival.closedToArrival) return 'closed_to_arrival';
  if (stay.departure?.closedToDeparture) return 'closed_to_departure';
  const minStay = Math.max(
    arrival.minStayArrival,
    stay.planMinStay ?? 1,
    ...days.map((n) => n.minStayThrough),
  );
  if (days.length < minStay) return 'min_stay';
  if (arrival.maxStay !== null && days.length > arrival.maxStay) return 'max_stay';
  return null;
}

/** Why a plan cannot be sold to this party for the stay (occupancy first), or `null`. */
export function unavailableReasonOf(
  unit: UnitLimits,
  plan: GuestLimits,
  party: Occupancy,
  stay: StayAvailability,
): UnavailableReason | null {
  if (!fitsOccupancy(unit, plan, party)) return 'occupancy';
  return stayRestriction(stay);
}
