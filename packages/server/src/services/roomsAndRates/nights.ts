import type { RatePlan, ratePlanBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';

// A rate plan's nights (document 2 §3 "Rate plan"; docs/decisions.md "Rate plans"): a saved plan writes its price
// and restrictions into its rows over the inventory window — the parent's where it inherits — and passes them on
// to the plans inheriting from it, so what is saved is what is sold.

type PlanBody = z.output<typeof ratePlanBody>;

/** The nightly values a plan's nights carry, each from the plan's own week or from its parent's night. */
const NIGHT_FIELDS = {
  price: { flag: 'inherit_rate', own: '$5::numeric' },
  min_stay_arrival: {
    flag: 'inherit_min_stay_arrival',
    own: 'rp.week_min_stay_arrival[extract(isodow from d)]',
  },
  min_stay_through: {
    flag: 'inherit_min_stay_through',
    own: 'rp.week_min_stay_through[extract(isodow from d)]',
  },
  max_stay: { flag: 'inherit_max_stay', own: 'nullif(rp.week_max_stay[extract(isodow from d)], 0)' },
  closed_to_arrival: {
    flag: 'inherit_closed_to_arrival',
    own: 'rp.week_closed_to_arrival[extract(isodow from d)]',
  },
  closed_to_departure: {
    flag: 'inherit_closed_to_departure',
    own: 'rp.week_closed_to_departure[extract(isodow from d)]',
  },
  stop_sell: { flag: 'inherit_stop_sell', own: 'rp.week_stop_sell[extract(isodow from d)]' },
} as const;
export type NightField = keyof typeof NIGHT_FIELDS;
export const ALL_NIGHT_FIELDS = Object.keys(NIGHT_FIELDS) as NightField[];

/**
 * The price a night is kept at: the primary option's rate as typed — per person, the room's price for the
 * primary occupancy (the engine prices the other occupancies from it with core's `occupancyNightPrice`).
 */
export function nightlyPrice(plan: {
  options: { occupancy: number; rate: number | null; isPrimary: boolean }[];
}): number | null {
  const primary = plan.options.find((o) => o.isPrimary);
  if (!primary || primary.rate === null) return null;
  return Math.round(primary.rate * 100) / 100;
}

/**
 * Writes `fields` of a plan's nights from `from` to `to`: its own value of the weekday, or its parent's of that
 * night where it inherits (its own when the parent has none). A night without a price is not written (not
 * sold). Then passes the inherited values on to the plans inheriting from it.
 */
export async function writeNights(
  tx: Db,
  planId: string,
  fields: readonly NightField[],
  range: { from: string; to: string },
  depth = 0,
): Promise<void> {
  if (fields.length === 0 || depth > 20) return;
  const plan = await tx.one<{ sell_mode: string; options: RatePlan['options'] }>(
    'select sell_mode, options from rate_plans where id = $1',
    [planId],
  );
  if (!plan) return;
  const value = (f: NightField) =>
    `case when rp.${NIGHT_FIELDS[f].flag} then coalesce(pp.${f}, ${NIGHT_FIELDS[f].own}) else ${NIGHT_FIELDS[f].own} end`;
  const select = ALL_NIGHT_FIELDS.map((f) => `${value(f)} as ${f}`).join(', ');
  await tx.query(
    `insert into rate_prices (rate_plan_id, date, ${ALL_NIGHT_FIELDS.join(', ')})
     select rate_plan_id, date, ${ALL_NIGHT_FIELDS.join(', ')} from (
       select rp.id as rate_plan_id, d::date as date, ${select}
         from rate_plans rp
         cross join generate_series($2::date, $3::date, interval '1 day') d
         left join rate_prices pp on pp.rate_plan_id = rp.parent_rate_plan_id and pp.date = d::date
        where rp.id = $1) n
      where price is not null and ($4 or exists (select 1 from rate_prices x where x.rate_plan_id = $1 and x.date = n.date))
     on conflict (rate_plan_id, date) do update set ${fields.map((f) => `${f} = excluded.${f}`).join(', ')}`,
    [planId, range.from, range.to, fields.includes('price'), nightlyPrice({ options: plan.options })],
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
  check(
    'price',
    'inheritRate',
    nightlyPrice(before) !== nightlyPrice(after) || before.sellMode !== after.sellMode,
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
