import { todayIn } from '@tern/core/dates';
import { type Clock, systemClock } from '../clock.js';
import type { Db } from './db.js';
import type { DemoWorld } from './seed/demoTypes.js';
import { demoSource } from './seed/fixtures.js';
import { type AvailabilityDay, insertInventory, type PriceDay } from './seed/inventory.js';
import { insertWorld } from './seed/world.js';

/** Days of availability and prices the seed writes, from today. */
export const INVENTORY_DAYS = 400;

/** What a seed loads: the demo world and its day-by-day inventory. */
export interface SeedSource {
  world: DemoWorld;
  inventory(
    from: string,
    days: number,
  ): { availability: Iterable<AvailabilityDay>; prices: Iterable<PriceDay> };
}

export interface SeedReport {
  users: number;
  agencies: number;
  suppliers: number;
  properties: number;
  units: number;
  ratePlans: number;
  contracts: number;
  availability: number;
  prices: number;
  /** The demo bookings booked after the seed (`startServer`'s `demoBookings`). */
  bookings?: number;
  /** The demo store's gift card types, made after the seed with the bookings. */
  giftCardTypes?: number;
  ms: number;
}

/** The UTC day of `date`, `YYYY-MM-DD`: the demo world's inventory and bookings start there. */
export function isoDay(date: Date): string {
  return todayIn('UTC', date);
}

/**
 * Loads the demo world into a database that has no users yet, in one transaction (an advisory lock keeps two
 * processes from both seeding), then vacuums the search's tables. `null` when there were users already.
 */
export async function seedIfEmpty(
  db: Db,
  options: { clock?: Clock; source?: SeedSource; days?: number; passwordCost?: number } = {},
): Promise<SeedReport | null> {
  const started = Date.now();
  const source = options.source ?? (await demoSource());
  const from = isoDay((options.clock ?? systemClock).now());
  const report = await db.transaction(async (tx): Promise<SeedReport | null> => {
    await tx.query('select pg_advisory_xact_lock(7262012)');
    if (await tx.one('select 1 from users limit 1')) return null;
    const ids = await insertWorld(tx, source.world, { passwordCost: options.passwordCost });
    const inventory = await insertInventory(tx, ids, source.inventory(from, options.days ?? INVENTORY_DAYS));
    const { world } = source;
    return {
      users: world.users.length,
      agencies: ids.agencies.size,
      suppliers: ids.suppliers.size,
      properties: ids.properties.size,
      units: ids.units.size,
      ratePlans: ids.ratePlans.size,
      contracts: world.contracts.length,
      ...inventory,
      ms: Date.now() - started,
    };
  });
  // The search's tables, vacuumed after the bulk load: statistics, and the visibility map its index-only counts
  // need (autovacuum would do it on a server; PGlite has none).
  if (report) await db.exec('vacuum analyze properties, contracts, units');
  return report;
}
