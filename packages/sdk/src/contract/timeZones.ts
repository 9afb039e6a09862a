import * as z from 'zod';
import { TIME_ZONE_NAMES } from './timeZones.gen.js';

/**
 * The time zones a property may have: the names both Node's Intl (core's "today", date-fns-tz) and PostgreSQL
 * (`at time zone` in the server's queries; PGlite and a PostgreSQL server alike) accept — canonical names and
 * their aliases (`Asia/Calcutta` as well as `Asia/Kolkata`). A static list, generated against both databases by
 * packages/server/scripts/gen-time-zones.ts and checked by the server's test on the database it runs on: checking
 * with Intl alone let `Canada/East-Saskatchewan` in, which PostgreSQL refuses (docs/decisions.md).
 */
export const TIME_ZONES: readonly string[] = TIME_ZONE_NAMES.split(' ');
const known = new Set(TIME_ZONES);

/** Whether `zone` is one of `TIME_ZONES` (exactly as written there). */
export function isTimeZone(zone: string): boolean {
  return known.has(zone);
}

/** A time zone of `TIME_ZONES`. */
export const timeZone = z.string().max(64).refine(isTimeZone, { error: 'Pick a time zone from the list' });
