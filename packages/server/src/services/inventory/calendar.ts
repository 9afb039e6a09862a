import { EMPTY_RATE, occupancyNightPrice, roundMoney } from '@tern/core';
import type { InventoryCalendar } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { planPricingOf } from '../engine/load.js';
import { availabilityValues, hotelOnly, ofProperty, rangeDays, rateValues, unitsAndPlans } from './grid.js';

// The calendar of a property: per unit and night the rooms in all, booked and free; per rate plan and night the
// price (and by occupancy, with core's `occupancyNightPrice`, as the engine sells it) and the restrictions. A night without a row is shown as
// none free, and without a price (neither sells).

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
  const [rooms, nights] = await Promise.all([
    availabilityValues(
      db,
      units.map((u) => u.id),
      query.from,
      query.to,
    ),
    rateValues(
      db,
      plans.map((p) => p.id),
      query.from,
      query.to,
    ),
  ]);
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
      return {
        id: p.id,
        unitId: p.unit_id,
        title: p.title,
        sellMode: p.sell_mode,
        maxAdults: Number(p.max_adults),
        nights: days.map((date) => {
          const night = nights[p.id]?.[date];
          if (!night) return { date, byOccupancy: [], ...EMPTY_RATE };
          const { price, ...restrictions } = night;
          return {
            date,
            price,
            byOccupancy: adults.map((n) => {
              const rate = occupancyNightPrice(
                pricing,
                { price: price ?? 0 },
                { adults: n, children: 0, infants: 0 },
              );
              return rate === null ? null : roundMoney(rate, property.currency);
            }),
            ...restrictions,
          };
        }),
      };
    }),
  };
}
