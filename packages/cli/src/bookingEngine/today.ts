import type { EngineCalls } from '@tern/core/bookingEngine';
import { todayIn } from '@tern/core/dates';
import type { KindSegment } from '@tern/sdk';

/**
 * Which "today" a date flag is checked against: the one the server judges it by (core's dates module,
 * docs/decisions.md), so the CLI refuses what the server would refuse and accepts what it accepts.
 *
 * - A stay or a rental of one property (its rates, a booking, a car booked at a station): the property's
 *   today in its time zone, from its info.
 * - A search across properties (stays, the car query): the UTC day, as the server has no single property's.
 */
export const acrossPropertiesToday = (now: number): string => todayIn('UTC', now);

/** The property's (or car station's) today, in the time zone of its info (UTC when it has none). */
export async function propertyToday(
  calls: EngineCalls,
  kind: KindSegment,
  id: string,
  now: number,
): Promise<string> {
  const info = await calls.info(kind, id);
  return todayIn(info.timezone || 'UTC', now);
}
