import type { Db } from '../db.js';
import { insertRows } from '../insertRows.js';
import type { AvailabilityDay, PriceDay } from './demoTypes.js';
import type { SeedIds } from './world.js';

export type { AvailabilityDay, PriceDay };

function* availabilityRows(days: Iterable<AvailabilityDay>, ids: SeedIds) {
  for (const d of days) {
    const unitId = ids.units.get(`${d.propertyKey}/${d.unitKey}`);
    if (!unitId) throw new Error(`Inventory names an unknown unit ${d.propertyKey}/${d.unitKey}`);
    yield [unitId, d.date, d.available];
  }
}

function* priceRows(days: Iterable<PriceDay>, ids: SeedIds) {
  for (const d of days) {
    const planId = ids.ratePlans.get(`${d.propertyKey}/${d.unitKey}/${d.ratePlanKey}`);
    if (!planId)
      throw new Error(`Inventory names an unknown rate plan ${d.propertyKey}/${d.unitKey}/${d.ratePlanKey}`);
    yield [
      planId,
      d.date,
      d.price,
      d.minStayArrival ?? 1,
      d.minStayThrough ?? 1,
      d.maxStay ?? null,
      d.closedToArrival ?? false,
      d.closedToDeparture ?? false,
      d.stopSell ?? false,
    ];
  }
}

/** Writes the day-by-day inventory with 1000-row inserts. */
export async function insertInventory(
  tx: Db,
  ids: SeedIds,
  inventory: { availability: Iterable<AvailabilityDay>; prices: Iterable<PriceDay> },
): Promise<{ availability: number; prices: number }> {
  const availability = await insertRows(
    tx,
    'unit_availability',
    ['unit_id', 'date', 'available'],
    availabilityRows(inventory.availability, ids),
  );
  const prices = await insertRows(
    tx,
    'rate_prices',
    [
      'rate_plan_id',
      'date',
      'price',
      'min_stay_arrival',
      'min_stay_through',
      'max_stay',
      'closed_to_arrival',
      'closed_to_departure',
      'stop_sell',
    ],
    priceRows(inventory.prices, ids),
  );
  return { availability, prices };
}
