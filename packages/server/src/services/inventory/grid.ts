import { addDays, daysBetween, isPastDay, todayIn } from '@tern/core/dates';
import {
  type AvailabilityCell,
  type AvailabilityTarget,
  availabilityCells,
  cellError,
  type InventoryValues,
  type RateCell,
  type RateValue,
} from '@tern/core/rates';
import { INVENTORY_MAX_DAYS } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import type { PlanJson } from '../engine/load.js';

// What the inventory services share: the property's units and plans, the days of a range, the calendar's values
// as core's bulk edit reads them (rooms in all and booked per unit and night, price and restrictions per plan
// and night), and the two writes — availability (locked against bookings) and rate nights — as multi-row
// statements. What a change makes of those values is core's (`core/src/rates/bulkEdit.ts`).

/** A plan of the calendar, with what core's pricing needs of it (`planPricingOf`). */
export interface PlanRow
  extends Pick<
    PlanJson,
    | 'sell_mode'
    | 'rate_mode'
    | 'options'
    | 'auto_rate_settings'
    | 'children_fee'
    | 'infant_fee'
    | 'primary_occupancy'
  > {
  id: string;
  unit_id: string;
  title: string;
  max_adults: number;
  max_sell: number | null;
  parent_rate_plan_id: string | null;
  inherit_rate: boolean;
  inherit_stop_sell: boolean;
  inherit_min_stay_through: boolean;
  inherit_min_stay_arrival: boolean;
  inherit_max_stay: boolean;
  inherit_closed_to_departure: boolean;
  inherit_closed_to_arrival: boolean;
  week_max_stay: number[];
  week_min_stay_arrival: number[];
  week_min_stay_through: number[];
  week_closed_to_arrival: boolean[];
  week_closed_to_departure: boolean[];
  week_stop_sell: boolean[];
}
export interface UnitRow {
  id: string;
  title: string;
  count: number;
}

/** Only a hotel has rooms to count; a car station's days are the car rental's. */
export function hotelOnly(property: OwnedProperty): void {
  if (property.kind !== 'accommodation') throw conflict('inventory_hotels_only');
}

/** A range of at most a year (`field` is named when it is longer). */
export function checkRange(from: string, to: string, field = 'to'): void {
  if (daysBetween(from, to) + 1 > INVENTORY_MAX_DAYS)
    throw invalidField('inventory_range_too_long', field, { days: INVENTORY_MAX_DAYS });
}

/** The days from `from` to `to` (both included), at most a year. */
export function rangeDays(from: string, to: string, field = 'to'): string[] {
  checkRange(from, to, field);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
}

/** Past nights cannot be changed: nothing sells or is booked on them any more. */
export function notPast(property: OwnedProperty, day: string, field: string, now: Date): void {
  const today = todayIn(property.timezone, now);
  if (isPastDay(day, today)) throw invalidField('inventory_day_past', field, { today });
}

export async function unitsAndPlans(
  db: Db,
  propertyId: string,
): Promise<{ units: UnitRow[]; plans: PlanRow[] }> {
  const [units, plans] = await Promise.all([
    db.query<UnitRow>(
      'select id, title, count from units where property_id = $1 order by position, title, id',
      [propertyId],
    ),
    db.query<PlanRow>(
      `select rp.id, rp.unit_id, rp.title, rp.sell_mode, rp.max_adults, rp.children_fee, rp.infant_fee,
              rp.rate_mode, rp.primary_occupancy, rp.options, rp.auto_rate_settings, rp.max_sell,
              rp.parent_rate_plan_id, rp.inherit_rate, rp.inherit_stop_sell, rp.inherit_min_stay_through,
              rp.inherit_min_stay_arrival, rp.inherit_max_stay, rp.inherit_closed_to_departure,
              rp.inherit_closed_to_arrival, rp.week_max_stay, rp.week_min_stay_arrival, rp.week_min_stay_through,
              rp.week_closed_to_arrival, rp.week_closed_to_departure, rp.week_stop_sell
         from rate_plans rp join units u on u.id = rp.unit_id
        where rp.property_id = $1 order by u.position, u.title, rp.position, rp.title, rp.id`,
      [propertyId],
    ),
  ]);
  return { units, plans };
}

/** Every id must be one of the property's; the first that is not is refused with the kind's 404. */
export function ofProperty(
  ids: readonly string[] | undefined,
  known: ReadonlySet<string>,
  code: 'unit_not_found' | 'rate_plan_not_found',
): void {
  for (const id of ids ?? []) if (!known.has(id)) throw notFound(code);
}

/** Rooms booked per unit and night from `from` to `to` (included): booked rooms of bookings not cancelled. */
async function bookedRooms(db: Db, unitIds: string[], from: string, to: string) {
  return db.query<{ unit_id: string; date: string; booked: number }>(
    `select br.unit_id, d::date::text as date, count(*)::int as booked
       from booking_rooms br
       join bookings b on b.id = br.booking_id
       cross join lateral generate_series(greatest(b.arrival_date, $2::date), least(b.departure_date - 1, $3::date),
                                          interval '1 day') d
      where br.unit_id = any($1::uuid[]) and br.status = 'booked' and b.status <> 'canceled'
        and b.kind = 'accommodation' and b.arrival_date <= $3::date and b.departure_date > $2::date
      group by 1, 2`,
    [unitIds, from, to],
  );
}

/**
 * Rooms of each rate plan booked per night from `from` to `to` (included), bookings not cancelled: plan id →
 * date → rooms (what a plan's max sell counts, as the engine does).
 */
export async function planSoldRooms(
  db: Db,
  planIds: string[],
  from: string,
  to: string,
): Promise<Record<string, Record<string, number>>> {
  if (planIds.length === 0) return {};
  const rows = await db.query<{ rate_plan_id: string; date: string; sold: number }>(
    `select br.rate_plan_id, d::date::text as date, count(*)::int as sold
       from booking_rooms br
       join bookings b on b.id = br.booking_id
       cross join lateral generate_series(greatest(b.arrival_date, $2::date), least(b.departure_date - 1, $3::date),
                                          interval '1 day') d
      where br.rate_plan_id = any($1::uuid[]) and br.status = 'booked' and b.status <> 'canceled'
        and b.arrival_date <= $3::date and b.departure_date > $2::date
      group by 1, 2`,
    [planIds, from, to],
  );
  const sold: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    sold[r.rate_plan_id] ??= {};
    sold[r.rate_plan_id]![r.date] = Number(r.sold);
  }
  return sold;
}

/** Rooms free per unit and night (rows that exist). With `lock`, the rows are locked in (unit, date) order. */
async function freeRooms(db: Db, unitIds: string[], from: string, to: string, lock: boolean) {
  return db.query<{ unit_id: string; date: string; available: number }>(
    `select unit_id, date::text as date, available from unit_availability
      where unit_id = any($1::uuid[]) and date >= $2::date and date <= $3::date
      order by unit_id, date${lock ? ' for update' : ''}`,
    [unitIds, from, to],
  );
}

/**
 * Per unit and night from `from` to `to`, the rooms in all (free + booked) and booked: a night with neither a
 * row nor a booking is left out. With `lock`, the nights' rows are locked first (in unit, date order — the order
 * a booking takes them in), then the rooms booked are counted, so a booking that took a room meanwhile has
 * committed and counts.
 */
export async function availabilityValues(
  db: Db,
  unitIds: string[],
  from: string,
  to: string,
  lock = false,
): Promise<InventoryValues['availability']> {
  if (unitIds.length === 0) return {};
  const [free, booked] = lock
    ? [await freeRooms(db, unitIds, from, to, true), await bookedRooms(db, unitIds, from, to)]
    : await Promise.all([freeRooms(db, unitIds, from, to, false), bookedRooms(db, unitIds, from, to)]);
  const values: InventoryValues['availability'] = {};
  const night = (unitId: string, date: string) => {
    values[unitId] ??= {};
    values[unitId][date] ??= { total: 0, booked: 0 };
    return values[unitId][date];
  };
  for (const r of free) night(r.unit_id, r.date).total += Number(r.available);
  for (const r of booked) {
    const n = night(r.unit_id, r.date);
    n.booked = Number(r.booked);
    n.total += n.booked;
  }
  return values;
}

/** Unit nights' new totals written (free = total − booked), in one statement. */
async function writeAvailability(tx: Db, cells: AvailabilityCell[]): Promise<void> {
  if (cells.length === 0) return;
  await tx.query(
    `insert into unit_availability (unit_id, date, available)
     select * from unnest($1::uuid[], $2::date[], $3::int[])
     on conflict (unit_id, date) do update set available = excluded.available`,
    [cells.map((c) => c.unitId), cells.map((c) => c.date), cells.map((c) => c.to - c.booked)],
  );
}

/**
 * Writes the availability cells of a change read with `availabilityValues(…, lock)` — the first whose total is
 * below what is booked refuses the whole change (409 `availability_below_booked`).
 */
export async function applyAvailability(tx: Db, cells: AvailabilityCell[], write: boolean): Promise<void> {
  for (const c of cells)
    if (cellError(c)) throw conflict('availability_below_booked', { date: c.date, booked: c.booked });
  if (write) await writeAvailability(tx, cells);
}

/**
 * Sets the rooms in all of units' nights, serialized with bookings (see `availabilityValues`); a total below
 * what is booked is refused. Answers the cells that change (core's `availabilityCells`); with `write` false,
 * changes nothing (a preview: no locks either).
 */
export async function setAvailability(
  tx: Db,
  targets: AvailabilityTarget[],
  write: boolean,
): Promise<AvailabilityCell[]> {
  if (targets.length === 0) return [];
  const unitIds = [...new Set(targets.map((t) => t.unitId))].sort();
  let from = targets[0]!.date;
  let to = from;
  for (const t of targets) {
    if (t.date < from) from = t.date;
    if (t.date > to) to = t.date;
  }
  const cells = availabilityCells(targets, await availabilityValues(tx, unitIds, from, to, write));
  await applyAvailability(tx, cells, write);
  return cells;
}

/**
 * Price and restrictions per plan and night (rows that exist); with `lock`, locked. The rows come as one JSON
 * array built by the database (PGlite decodes rows in JavaScript: a month of 10 plans is 310 rows, most of the
 * calendar's call when read row by row).
 */
export async function rateValues(
  db: Db,
  planIds: string[],
  from: string,
  to: string,
  lock = false,
): Promise<InventoryValues['rates']> {
  if (planIds.length === 0) return {};
  /** [plan, date, price, min arrival, min through, max stay, CTA, CTD, stop sell, rates by occupancy] */
  type NightRow = [
    string,
    string,
    number | string,
    number,
    number,
    number | null,
    boolean,
    boolean,
    boolean,
    Record<string, number | string> | null,
  ];
  const row = await db.one<{ nights: NightRow[] | null }>(
    `select json_agg(json_build_array(r.rate_plan_id, r.date::text, r.price, r.min_stay_arrival, r.min_stay_through,
                                      r.max_stay, r.closed_to_arrival, r.closed_to_departure, r.stop_sell,
                                      r.occupancy_rates)) as nights
       from (select * from rate_prices where rate_plan_id = any($1::uuid[]) and date >= $2::date and date <= $3::date
              order by rate_plan_id, date${lock ? ' for update' : ''}) r`,
    [planIds, from, to],
  );
  const values: InventoryValues['rates'] = {};
  for (const [plan, date, price, msa, mst, maxStay, cta, ctd, stop, rates] of row?.nights ?? []) {
    values[plan] ??= {};
    const night: RateValue = {
      price: Number(price),
      stopSell: stop,
      closedToArrival: cta,
      closedToDeparture: ctd,
      minStayArrival: Number(msa),
      minStayThrough: Number(mst),
      maxStay: maxStay === null ? null : Number(maxStay),
    };
    if (rates)
      night.occupancyRates = Object.fromEntries(
        Object.entries(rates).map(([adults, rate]) => [adults, Number(rate)]),
      );
    values[plan]![date] = night;
  }
  return values;
}

/** Writes rate cells: each `to` upserted in one statement, a `to` of `null` deleted (an undone new night). */
export async function writeRates(tx: Db, cells: RateCell[]): Promise<void> {
  const set = cells.filter((c): c is RateCell & { to: RateValue } => c.to !== null);
  const gone = cells.filter((c) => c.to === null);
  if (set.length > 0)
    await tx.query(
      `insert into rate_prices (rate_plan_id, date, price, min_stay_arrival, min_stay_through, max_stay,
                                closed_to_arrival, closed_to_departure, stop_sell, occupancy_rates)
       select * from unnest($1::uuid[], $2::date[], $3::numeric[], $4::int[], $5::int[], $6::int[], $7::boolean[],
                            $8::boolean[], $9::boolean[], $10::jsonb[])
       on conflict (rate_plan_id, date) do update set
         price = excluded.price, min_stay_arrival = excluded.min_stay_arrival,
         min_stay_through = excluded.min_stay_through, max_stay = excluded.max_stay,
         closed_to_arrival = excluded.closed_to_arrival, closed_to_departure = excluded.closed_to_departure,
         stop_sell = excluded.stop_sell, occupancy_rates = excluded.occupancy_rates`,
      [
        set.map((c) => c.ratePlanId),
        set.map((c) => c.date),
        set.map((c) => c.to.price),
        set.map((c) => c.to.minStayArrival),
        set.map((c) => c.to.minStayThrough),
        set.map((c) => c.to.maxStay),
        set.map((c) => c.to.closedToArrival),
        set.map((c) => c.to.closedToDeparture),
        set.map((c) => c.to.stopSell),
        set.map((c) => (c.to.occupancyRates ? JSON.stringify(c.to.occupancyRates) : null)),
      ],
    );
  if (gone.length > 0)
    await tx.query(
      `delete from rate_prices r using unnest($1::uuid[], $2::date[]) g(plan, date)
        where r.rate_plan_id = g.plan and r.date = g.date`,
      [gone.map((c) => c.ratePlanId), gone.map((c) => c.date)],
    );
}

/** Runs `fn` in a transaction, again (up to 3 times) when PostgreSQL ends it for a deadlock. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
    }
  }
}
