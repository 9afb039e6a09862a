import { roundMoney } from '../bookingEngine/pricing.js';
import type { Day } from '../dates/dates.js';
import { type ChildPlan, childPlanDay, type StoredDay, weekdayRestrictions } from './nightRate.js';
import type { RatePlanForm } from './ratePlans.js';

// The nights a saved plan writes into its rows (docs/decisions.md "Rate plans"): the rooms-and-rates service
// stores these, the engine and the calendar read them back through `childPlanDay`, so both sides follow one rule.

/** A plan as its nights need it: its options, weekday arrays and inherit flags, and whether it has a parent. */
export type NightsPlan = ChildPlan & Pick<RatePlanForm, 'parentRatePlanId' | 'currency'>;

/**
 * The price a plan's own nights are kept at: its primary option's rate as typed (per person, the room's price for
 * the primary occupancy), in the currency's decimals (ISK 0, EUR 2, KWD 3). `null` without one: not sold.
 */
export function planNightPrice(plan: {
  options: readonly { rate: number | null; isPrimary: boolean }[];
  currency: string;
}): number | null {
  const rate = plan.options.find((o) => o.isPrimary)?.rate;
  return rate === null || rate === undefined ? null : roundMoney(rate, plan.currency);
}

/** A plan's own night on `date`: `planNightPrice` and its weekday arrays; `undefined` without a price. */
export function ownPlanNight(plan: NightsPlan, date: Day): StoredDay | undefined {
  const price = planNightPrice(plan);
  return price === null ? undefined : { price, ...weekdayRestrictions(plan, date) };
}

/**
 * The row a plan keeps for `date`: its own night, or for a child plan `childPlanDay` of its parent's stored night
 * and its own — the parent's price with the child's modifier where it inherits the rate (in the currency's
 * decimals), the parent's restrictions where it inherits them. `undefined`: no row (not sold that night).
 */
export function storedPlanNight(
  plan: NightsPlan,
  date: Day,
  parent: StoredDay | undefined,
): StoredDay | undefined {
  const own = ownPlanNight(plan, date);
  if (plan.parentRatePlanId === null) return own;
  const day = childPlanDay(plan, date, parent, own);
  return day && { ...day, price: roundMoney(day.price, plan.currency) };
}
