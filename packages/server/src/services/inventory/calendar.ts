import { roundMoney } from '@tern/core/bookingEngine';
import {
  type ChildPlan,
  childPlanDay,
  EMPTY_RATE,
  INHERITED_FIELD,
  occupancyNightPrice,
  type StoredDay,
  type Week,
} from '@tern/core/rates';
import type { InheritedValue, InventoryCalendar } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { planPricingOf } from '../engine/load.js';
import {
  availabilityValues,
  hotelOnly,
  ofProperty,
  type PlanRow,
  planSoldRooms,
  rangeDays,
  rateValues,
  unitsAndPlans,
} from './grid.js';

// The calendar of a property: per unit and night the rooms in all, booked and free; per rate plan and night what
// the engine sells — the price (and by occupancy, with core's `occupancyNightPrice`) and the restrictions, a
// child plan's with its parent's where it inherits (core's `childPlanDay`) — and the plan's rooms booked and
// what is left of its max sell. A night without a row is shown as none free, and without a price (neither
// sells).

/** A child plan's parts `childPlanDay` needs, from its row. */
function childPlanOf(p: PlanRow): ChildPlan {
  const week = <T>(values: T[]) => values as Week<T>;
  return {
    options: p.options ?? [],
    inheritRate: p.inherit_rate,
    inheritStopSell: p.inherit_stop_sell,
    inheritMinStayThrough: p.inherit_min_stay_through,
    inheritMinStayArrival: p.inherit_min_stay_arrival,
    inheritMaxStay: p.inherit_max_stay,
    inheritClosedToDeparture: p.inherit_closed_to_departure,
    inheritClosedToArrival: p.inherit_closed_to_arrival,
    maxStay: week(p.week_max_stay.map(Number)),
    minStayArrival: week(p.week_min_stay_arrival.map(Number)),
    minStayThrough: week(p.week_min_stay_through.map(Number)),
    closedToArrival: week(p.week_closed_to_arrival),
    closedToDeparture: week(p.week_closed_to_departure),
    stopSell: week(p.week_stop_sell),
  };
}

/** What a child plan takes from its parent, in the contract's names; empty for a plan of its own. */
export function inheritedValues(p: PlanRow): InheritedValue[] {
  if (!p.parent_rate_plan_id) return [];
  const child = childPlanOf(p);
  const values: InheritedValue[] = child.inheritRate ? ['price'] : [];
  for (const [flag, field] of Object.entries(INHERITED_FIELD) as [
    keyof typeof INHERITED_FIELD,
    InheritedValue,
  ][])
    if (child[flag]) values.push(field);
  return values;
}

/** The plans of `wanted` and every parent up their chains (a parent may itself be a child). */
function withAncestors(wanted: PlanRow[], all: PlanRow[]): PlanRow[] {
  const byId = new Map(all.map((p) => [p.id, p]));
  const seen = new Map<string, PlanRow>();
  for (const plan of wanted) {
    let p: PlanRow | undefined = plan;
    for (let depth = 0; p && !seen.has(p.id) && depth <= 20; depth++) {
      seen.set(p.id, p);
      p = p.parent_rate_plan_id ? byId.get(p.parent_rate_plan_id) : undefined;
    }
  }
  return [...seen.values()];
}

export async function inventoryCalendar(
  db: Db,
  property: OwnedProperty,
  query: { from: string; to: string; unitIds?: string[] | undefined; ratePlanIds?: string[] | undefined },
): Promise<InventoryCalendar> {
  hotelOnly(property);
  const days = rangeDays(query.from, query.to);
  const { units: allUnits, plans: allPlans } = await unitsAndPlans(db, property.id);
  ofProperty(query.unitIds, new Set(allUnits.map((u) => u.id)), 'unit_not_found');
  ofProperty(query.ratePlanIds, new Set(allPlans.map((p) => p.id)), 'rate_plan_not_found');
  const units = query.unitIds ? allUnits.filter((u) => query.unitIds!.includes(u.id)) : allUnits;
  const unitIds = new Set(units.map((u) => u.id));
  const plans = query.ratePlanIds
    ? allPlans.filter((p) => query.ratePlanIds!.includes(p.id))
    : allPlans.filter((p) => unitIds.has(p.unit_id));
  const priced = withAncestors(plans, allPlans);
  const [rooms, nights, sold] = await Promise.all([
    availabilityValues(
      db,
      units.map((u) => u.id),
      query.from,
      query.to,
    ),
    rateValues(
      db,
      priced.map((p) => p.id),
      query.from,
      query.to,
    ),
    // Every plan's rooms sold (the calendar and `tern inventory get` show them), not only a capped plan's.
    planSoldRooms(
      db,
      plans.map((p) => p.id),
      query.from,
      query.to,
    ),
  ]);

  // A plan's effective day, as the engine's `effectiveDay`: its row, or a child's `childPlanDay`.
  const byId = new Map(priced.map((p) => [p.id, p]));
  const childOf = new Map(
    priced.filter((p) => p.parent_rate_plan_id).map((p) => [p.id, childPlanOf(p)] as const),
  );
  const effective = (plan: PlanRow, date: string, depth = 0): StoredDay | undefined => {
    const row = nights[plan.id]?.[date];
    const own: StoredDay | undefined = row && row.price !== null ? { ...row, price: row.price } : undefined;
    const child = childOf.get(plan.id);
    if (!child || depth > 20) return own;
    const parentPlan = byId.get(plan.parent_rate_plan_id!);
    const parent = parentPlan ? effective(parentPlan, date, depth + 1) : undefined;
    return childPlanDay(child, date, parent, own);
  };

  return {
    propertyId: property.id,
    from: query.from,
    to: query.to,
    currency: property.currency,
    units: units.map((u) => ({
      id: u.id,
      title: u.title,
      count: Number(u.count),
      nights: days.map((date) => {
        const { total, booked } = rooms[u.id]?.[date] ?? { total: 0, booked: 0 };
        return { date, total, booked, free: total - booked };
      }),
    })),
    ratePlans: plans.map((p) => {
      const pricing = planPricingOf(p);
      const adults = Array.from({ length: Math.max(1, Number(p.max_adults)) }, (_, i) => i + 1);
      const maxSell = p.max_sell === null ? null : Number(p.max_sell);
      return {
        id: p.id,
        unitId: p.unit_id,
        title: p.title,
        sellMode: p.sell_mode,
        maxAdults: Number(p.max_adults),
        rateMode: p.rate_mode,
        maxSell,
        parentRatePlanId: p.parent_rate_plan_id,
        inherited: inheritedValues(p),
        nights: days.map((date) => {
          const plansSold = sold[p.id]?.[date] ?? 0;
          const caps = {
            sold: plansSold,
            maxSellLeft: maxSell === null ? null : Math.max(0, maxSell - plansSold),
          };
          const day = effective(p, date);
          if (!day) return { date, byOccupancy: [], ...EMPTY_RATE, ...caps };
          const {
            price,
            stopSell,
            closedToArrival,
            closedToDeparture,
            minStayArrival,
            minStayThrough,
            maxStay,
          } = day;
          return {
            date,
            price,
            byOccupancy: adults.map((n) => {
              const rate = occupancyNightPrice(pricing, day, { adults: n, children: 0, infants: 0 });
              return rate === null ? null : roundMoney(rate, property.currency);
            }),
            stopSell,
            closedToArrival,
            closedToDeparture,
            minStayArrival,
            minStayThrough,
            maxStay,
            ...(day.occupancyRates ? { occupancyRates: { ...day.occupancyRates } } : {}),
            ...caps,
          };
        }),
      };
    }),
  };
}
