import { addDays, todayIn } from '@tern/core/dates';
import type { Db } from '../../db/db.js';
import { INVENTORY_DAYS } from '../../db/seed.js';
import { badRequest, conflict, fieldError } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';

// What the units, rate plans and nights modules share: the inventory window a save writes, core's form refusals
// as field errors, and the bookings check before a unit or a plan is removed.

export type Page = { page: number; limit: number };

/** The property's today, and the last day of the inventory window a save writes (as the seed does). */
export function windowOf(
  property: Pick<OwnedProperty, 'timezone'>,
  actor: Actor,
): { from: string; to: string } {
  const from = todayIn(property.timezone || 'UTC', actor.clock.now());
  return { from, to: addDays(from, INVENTORY_DAYS - 1) };
}

/**
 * Core's form rules (`core/src/rates`: the same the screens check) on a parsed body: a refusal names each field,
 * `required` or `invalid_value` (the rule's key is the screens' message key).
 */
export function refuseByCore(errors: Record<string, unknown>): void {
  const fields: ReturnType<typeof fieldError>[] = [];
  const code = (key: unknown) => (key === 'validation_messages.required' ? 'required' : 'invalid_value');
  for (const [name, key] of Object.entries(errors)) {
    if (name === 'optionErrors')
      for (const [i, k] of Object.entries(key as Record<string, string>))
        fields.push(fieldError(`options.${i}`, code(k)));
    else if (name === 'weekErrors')
      for (const [week, e] of Object.entries(key as Record<string, { day: number; key: string }>))
        fields.push(fieldError(`${week}.${e.day}`, code(e.key)));
    else
      fields.push(
        fieldError(
          name === 'decreaseValue' || name === 'increaseValue' ? `autoRateSettings.${name}` : name,
          code(key),
        ),
      );
  }
  if (fields.length) throw badRequest('invalid_input', { fields });
}

/** Refuses to remove what a booking still uses: a coming night, or a record that names it. */
export async function checkBookings(
  tx: Db,
  column: 'unit_id' | 'rate_plan_id',
  id: string,
  today: string,
  codes: {
    future: 'unit_has_future_bookings' | 'rate_plan_has_future_bookings';
    past: 'unit_in_bookings' | 'rate_plan_in_bookings';
  },
): Promise<void> {
  const row = await tx.one<{ coming: number; any: number }>(
    `select count(*) filter (where r.status = 'booked' and b.status <> 'canceled' and b.departure_date > $2) as coming,
            count(*) as any
       from booking_rooms r join bookings b on b.id = r.booking_id
      where r.${column} = $1`,
    [id, today],
  );
  if (Number(row?.coming ?? 0) > 0) throw conflict(codes.future, { count: Number(row!.coming) });
  // Booked rooms keep naming what they were sold as: the records of past and cancelled bookings read it.
  if (Number(row?.any ?? 0) > 0) throw conflict(codes.past, { count: Number(row!.any) });
}
