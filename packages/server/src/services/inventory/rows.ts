import { roundMoney } from '@tern/core/bookingEngine';
import { addDays, isPastDay, todayIn } from '@tern/core/dates';
import { type BulkRowsResult, type bulkRowsBody, INVENTORY_MAX_DAYS } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { fieldError, HttpError, invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { Actor } from '../admin/audit.js';
import { auditChange, newChangeSet } from './changeSets.js';
import { hotelOnly, inTransaction, setAvailability, unitsAndPlans } from './grid.js';

// The year-long bulk call: prices and restrictions per rate plan and night, availability per unit and
// night, for a whole property in one transaction — read what is there with one statement per table, write with
// one multi-row statement per table (PGlite: a thousand single-row inserts cost 40× one multi-row one).

type Body = z.output<typeof bulkRowsBody>;

/** A 404 naming the row whose id is not one of the property's. */
const notOurs = (code: 'unit_not_found' | 'rate_plan_not_found', field: string) =>
  new HttpError(404, code, { fields: [fieldError(field, code)] });

function span(dates: string[]): { from: string; to: string } {
  let from = dates[0]!;
  let to = from;
  for (const d of dates) {
    if (d < from) from = d;
    if (d > to) to = d;
  }
  return { from, to };
}

export async function putInventoryRows(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: Body,
): Promise<BulkRowsResult> {
  hotelOnly(property);
  if (body.rows.length + body.availability.length === 0) throw invalidField('required', 'rows');
  const today = todayIn(property.timezone, actor.clock.now());
  const { units, plans } = await unitsAndPlans(db, property.id);
  const unitIds = new Set(units.map((u) => u.id));
  const planIds = new Set(plans.map((p) => p.id));
  // Rates by occupancy price a manual per-person plan only (core's `occupancyRate`), as in the bulk edit.
  const manual = new Set(
    plans.filter((p) => p.sell_mode === 'per_person' && p.rate_mode === 'manual').map((p) => p.id),
  );
  const seen = new Set<string>();
  const check = (list: 'rows' | 'availability', i: number, id: string, date: string) => {
    if (isPastDay(date, today)) throw invalidField('inventory_day_past', `${list}.${i}.date`, { today });
    const k = `${id}|${date}`;
    if (seen.has(k)) throw invalidField('inventory_row_twice', `${list}.${i}.date`, { date });
    seen.add(k);
  };
  body.rows.forEach((r, i) => {
    if (!planIds.has(r.ratePlanId)) throw notOurs('rate_plan_not_found', `rows.${i}.ratePlanId`);
    if (r.occupancyRates && Object.keys(r.occupancyRates).length > 0 && !manual.has(r.ratePlanId))
      throw invalidField('invalid_value', `rows.${i}.occupancyRates`);
    check('rows', i, r.ratePlanId, r.date);
  });
  body.availability.forEach((a, i) => {
    if (!unitIds.has(a.unitId)) throw notOurs('unit_not_found', `availability.${i}.unitId`);
    check('availability', i, a.unitId, a.date);
  });
  const dates = [...body.rows.map((r) => r.date), ...body.availability.map((a) => a.date)];
  const { from, to } = span(dates);
  if (to > addDays(from, INVENTORY_MAX_DAYS - 1))
    throw invalidField('inventory_range_too_long', 'rows', { days: INVENTORY_MAX_DAYS });

  return inTransaction(db, async (tx) => {
    const availability = await setAvailability(
      tx,
      body.availability.map((a) => ({ unitId: a.unitId, date: a.date, total: a.availability })),
      true,
    );
    const request = { from, to, rows: body.rows.length, availabilityRows: body.availability.length };
    const changeSetId = await newChangeSet(tx, actor, property.id, 'rows', { request, cells: availability });
    const rates = body.rows.length > 0 ? await writeRows(tx, changeSetId, body.rows, property.currency) : 0;
    if (rates + availability.length === 0) {
      // Nothing changed: no change set to undo, nothing to audit.
      await tx.query('delete from inventory_change_sets where id = $1', [changeSetId]);
      return { changeSetId: null, summary: { availability: 0, rates: 0 } };
    }
    const summary = { availability: availability.length, rates };
    await auditChange(tx, actor, property.id, 'rows', changeSetId, { request, summary });
    return { changeSetId, summary };
  });
}

/**
 * Writes the rate rows in the database alone: locks the nights, refuses a new night without a price, keeps each
 * night as it was in `inventory_change_rates` (for undo), and upserts every row merged with what is there (a
 * restriction not given stays) — one statement each, no row read into the server. Answers the nights changed.
 */
/** Rates by occupancy in the currency's decimals (a `null`, which removes one, kept). */
function roundedRates(rates: Record<string, number | null>, currency: string): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(rates).map(([adults, rate]) => [
      adults,
      rate === null ? null : roundMoney(rate, currency),
    ]),
  );
}

async function writeRows(tx: Db, changeSetId: string, rows: Body['rows'], currency: string): Promise<number> {
  const col = <T>(f: (r: Body['rows'][number]) => T) => rows.map(f);
  const { from, to } = span(rows.map((r) => r.date));
  const keys = [col((r) => r.ratePlanId), col((r) => r.date)];
  // The joins read the call's plans over its range only (a join on the whole table would hash all of it).
  const plans = [...new Set(keys[0])];
  await tx.query(
    `select count(*) from (select 1 from rate_prices
       where rate_plan_id = any($1::uuid[]) and date >= $2::date and date <= $3::date
       order by rate_plan_id, date for update) locked`,
    [plans, from, to],
  );
  const unpriced = await tx.one<{ i: number; date: string }>(
    `select u.i::int as i, u.date::text as date
       from unnest($1::uuid[], $2::date[], $3::numeric[]) with ordinality u(plan, date, price, i)
      where u.price is null
        and not exists (select 1 from rate_prices r where r.rate_plan_id = u.plan and r.date = u.date)
      limit 1`,
    [...keys, col((r) => (r.price === undefined ? null : roundMoney(r.price, currency)))],
  );
  if (unpriced) throw invalidField('price_required', `rows.${unpriced.i - 1}.price`, { date: unpriced.date });
  await tx.query(
    `insert into inventory_change_rates (change_set_id, rate_plan_id, date, existed, price, min_stay_arrival,
                                         min_stay_through, max_stay, closed_to_arrival, closed_to_departure, stop_sell,
                                         occupancy_rates)
     select $1, u.plan, u.date, r.rate_plan_id is not null, r.price, r.min_stay_arrival, r.min_stay_through,
            r.max_stay, r.closed_to_arrival, r.closed_to_departure, r.stop_sell, r.occupancy_rates
       from unnest($2::uuid[], $3::date[]) u(plan, date)
       left join (select * from rate_prices where rate_plan_id = any($4::uuid[]) and date >= $5 and date <= $6) r
              on r.rate_plan_id = u.plan and r.date = u.date`,
    [changeSetId, ...keys, plans, from, to],
  );
  const rest = (r: Body['rows'][number]) => r.restrictions ?? {};
  const changed = await tx.one<{ n: number }>(
    `with up as (
       insert into rate_prices (rate_plan_id, date, price, min_stay_arrival, min_stay_through, max_stay,
                                closed_to_arrival, closed_to_departure, stop_sell, occupancy_rates)
       select u.plan, u.date, coalesce(u.price, r.price), coalesce(u.msa, r.min_stay_arrival, 1),
              coalesce(u.mst, r.min_stay_through, 1), case when u.max_given then u.max_stay else r.max_stay end,
              coalesce(u.cta, r.closed_to_arrival, false), coalesce(u.ctd, r.closed_to_departure, false),
              coalesce(u.stop, r.stop_sell, false),
              -- Rates by occupancy given are merged into those stored (a null removes one); none left is null.
              case when u.occ is null then r.occupancy_rates
                   else nullif(jsonb_strip_nulls(coalesce(r.occupancy_rates, '{}'::jsonb) || u.occ), '{}'::jsonb) end
         from unnest($1::uuid[], $2::date[], $3::numeric[], $4::int[], $5::int[], $6::boolean[], $7::int[],
                     $8::boolean[], $9::boolean[], $10::boolean[], $14::jsonb[])
              u(plan, date, price, msa, mst, max_given, max_stay, cta, ctd, stop, occ)
         left join (select * from rate_prices
                     where rate_plan_id = any($11::uuid[]) and date >= $12 and date <= $13) r
                on r.rate_plan_id = u.plan and r.date = u.date
       on conflict (rate_plan_id, date) do update set
         price = excluded.price, min_stay_arrival = excluded.min_stay_arrival,
         min_stay_through = excluded.min_stay_through, max_stay = excluded.max_stay,
         closed_to_arrival = excluded.closed_to_arrival, closed_to_departure = excluded.closed_to_departure,
         stop_sell = excluded.stop_sell, occupancy_rates = excluded.occupancy_rates
       where (rate_prices.price, rate_prices.min_stay_arrival, rate_prices.min_stay_through, rate_prices.max_stay,
              rate_prices.closed_to_arrival, rate_prices.closed_to_departure, rate_prices.stop_sell,
              rate_prices.occupancy_rates)
             is distinct from (excluded.price, excluded.min_stay_arrival, excluded.min_stay_through,
              excluded.max_stay, excluded.closed_to_arrival, excluded.closed_to_departure, excluded.stop_sell,
              excluded.occupancy_rates)
       returning 1)
     select count(*)::int as n from up`,
    [
      ...keys,
      col((r) => (r.price === undefined ? null : roundMoney(r.price, currency))),
      col((r) => rest(r).minStayArrival ?? null),
      col((r) => rest(r).minStayThrough ?? null),
      col((r) => rest(r).maxStay !== undefined),
      col((r) => rest(r).maxStay ?? null),
      col((r) => rest(r).closedToArrival ?? null),
      col((r) => rest(r).closedToDeparture ?? null),
      col((r) => rest(r).stopSell ?? null),
      plans,
      from,
      to,
      col((r) => (r.occupancyRates ? JSON.stringify(roundedRates(r.occupancyRates, currency)) : null)),
    ],
  );
  return changed?.n ?? 0;
}
