import { addDays, compareDays } from '@tern/core/dates';
import { formOfRatePlan, planNightPrice, type StoredDay, storedPlanNight } from '@tern/core/rates';
import type { RatePlan, ratePlanBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { rateValues } from '../inventory/grid.js';
import { PLAN_COLUMNS, planOf } from './ratePlanRows.js';

// A rate plan's nights (document 2 §3 "Rate plan"; docs/decisions.md "Rate plans"): a saved plan writes its price
// and restrictions into its rows over the inventory window and passes them on to the plans inheriting from it.
// Each row is core's `storedPlanNight` — for a child plan `childPlanDay` of its parent's row, the rule the engine
// and the calendar read — in the currency's decimals, so what is saved is what is sold.

type PlanBody = z.output<typeof ratePlanBody>;

/** The nightly values a plan's rows carry: each column, the night's field and the flag that inherits it. */
const NIGHT_FIELDS = {
  price: { key: 'price', flag: 'inherit_rate' },
  min_stay_arrival: { key: 'minStayArrival', flag: 'inherit_min_stay_arrival' },
  min_stay_through: { key: 'minStayThrough', flag: 'inherit_min_stay_through' },
  max_stay: { key: 'maxStay', flag: 'inherit_max_stay' },
  closed_to_arrival: { key: 'closedToArrival', flag: 'inherit_closed_to_arrival' },
  closed_to_departure: { key: 'closedToDeparture', flag: 'inherit_closed_to_departure' },
  stop_sell: { key: 'stopSell', flag: 'inherit_stop_sell' },
} as const satisfies Record<string, { key: keyof StoredDay; flag: string }>;
export type NightField = keyof typeof NIGHT_FIELDS;
export const ALL_NIGHT_FIELDS = Object.keys(NIGHT_FIELDS) as NightField[];

/**
 * Writes `fields` of a plan's nights from `from` to `to` (core's `storedPlanNight` of its parent's row): an
 * existing row takes the new values of those fields; a night without a row gets one only when the price is among
 * them, and a night without a price (not sold) is not written. Then passes the inherited values on to the plans
 * inheriting from it.
 */
export async function writeNights(
  tx: Db,
  planId: string,
  fields: readonly NightField[],
  range: { from: string; to: string },
  depth = 0,
): Promise<void> {
  if (fields.length === 0 || depth > 20) return;
  const row = await tx.one<Record<string, unknown>>(
    `select ${PLAN_COLUMNS} from rate_plans rp where rp.id = $1`,
    [planId],
  );
  if (!row) return;
  const plan = formOfRatePlan(planOf(row));
  const parentRows = plan.parentRatePlanId
    ? ((await rateValues(tx, [plan.parentRatePlanId], range.from, range.to))[plan.parentRatePlanId] ?? {})
    : {};
  const nights: (StoredDay & { date: string })[] = [];
  for (let date = range.from; compareDays(date, range.to) <= 0; date = addDays(date, 1)) {
    const parent = parentRows[date];
    const night = storedPlanNight(
      plan,
      date,
      parent?.price == null ? undefined : { ...parent, price: parent.price },
    );
    if (night) nights.push({ ...night, date });
  }
  const column = (f: NightField) => nights.map((n) => n[NIGHT_FIELDS[f].key]);
  await tx.query(
    `insert into rate_prices (rate_plan_id, date, ${ALL_NIGHT_FIELDS.join(', ')})
     select $1, n.date, ${ALL_NIGHT_FIELDS.map((f) => `n.${f}`).join(', ')}
       from unnest($2::date[], $3::numeric[], $4::int[], $5::int[], $6::int[], $7::boolean[], $8::boolean[],
                   $9::boolean[]) as n(date, ${ALL_NIGHT_FIELDS.join(', ')})
      where $10 or exists (select 1 from rate_prices x where x.rate_plan_id = $1 and x.date = n.date)
     on conflict (rate_plan_id, date) do update set ${fields.map((f) => `${f} = excluded.${f}`).join(', ')}`,
    [planId, nights.map((n) => n.date), ...ALL_NIGHT_FIELDS.map(column), fields.includes('price')],
  );
  const heirs = await tx.query<Record<string, unknown>>(
    `select id, ${ALL_NIGHT_FIELDS.map((f) => NIGHT_FIELDS[f].flag).join(', ')} from rate_plans
      where parent_rate_plan_id = $1`,
    [planId],
  );
  for (const heir of heirs) {
    const inherited = fields.filter((f) => heir[NIGHT_FIELDS[f].flag] === true);
    await writeNights(tx, String(heir.id), inherited, range, depth + 1);
  }
}

/** Which nightly values a save changes: a field whose own week, inheritance or parent changed. */
export function changedNights(before: RatePlan, after: PlanBody): NightField[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const parentChanged = before.parentRatePlanId !== after.parentRatePlanId;
  const changed: NightField[] = [];
  const check = (field: NightField, flag: keyof PlanBody & keyof RatePlan, own: boolean) => {
    if (own || before[flag] !== after[flag] || (after[flag] === true && parentChanged)) changed.push(field);
  };
  // The price a child keeps is its parent's with its primary option's steps: those count as its own price too.
  const primary = (plan: Pick<RatePlan, 'options' | 'currency'>) => [
    planNightPrice(plan),
    plan.options.find((o) => o.isPrimary)?.derivedOption?.rate ?? [],
  ];
  check(
    'price',
    'inheritRate',
    !same(primary(before), primary({ ...after, currency: before.currency })) ||
      before.sellMode !== after.sellMode,
  );
  check('min_stay_arrival', 'inheritMinStayArrival', !same(before.minStayArrival, after.minStayArrival));
  check('min_stay_through', 'inheritMinStayThrough', !same(before.minStayThrough, after.minStayThrough));
  check('max_stay', 'inheritMaxStay', !same(before.maxStay, after.maxStay));
  check('closed_to_arrival', 'inheritClosedToArrival', !same(before.closedToArrival, after.closedToArrival));
  check(
    'closed_to_departure',
    'inheritClosedToDeparture',
    !same(before.closedToDeparture, after.closedToDeparture),
  );
  check('stop_sell', 'inheritStopSell', !same(before.stopSell, after.stopSell));
  return changed;
}
