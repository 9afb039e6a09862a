import { addDays, todayIn, validateRatePlanForm, validateUnitForm } from '@tern/core';
import {
  facilityCatalogue,
  groupFacilities,
  isFacility,
  type ListMeta,
  modifierType,
  type RatePlan,
  rateMode,
  type ratePlanBody,
  ratePlanMealType,
  roomKind,
  sellMode,
  type Unit,
  type unitBody,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import { INVENTORY_DAYS } from '../db/seed.js';
import { badRequest, conflict, fieldError, invalidField, notFound } from '../http/errors.js';
import type { OwnedProperty } from '../http/ownership.js';
import { type Actor, audit } from './admin/audit.js';

// A hotel's units (room types) and rate plans (document 2 §3, §5, §7 H1–H14, §9), as its staff edit them. Every
// write is one transaction with its audit entry, and leaves the engine's inventory in step: a new unit's rooms
// are free for the inventory window, a new or changed plan's nights carry its price and restrictions (the
// parent's where inherited, passed on to the plans inheriting from it), so what is saved is what is sold.

type UnitBody = z.output<typeof unitBody>;
type PlanBody = z.output<typeof ratePlanBody>;
type Page = { page: number; limit: number };

/** The property's today, and the last day of the inventory window a save writes (as the seed does). */
function windowOf(property: Pick<OwnedProperty, 'timezone'>, actor: Actor): { from: string; to: string } {
  const from = todayIn(property.timezone || 'UTC', actor.clock.now());
  return { from, to: addDays(from, INVENTORY_DAYS - 1) };
}

async function accommodation(db: Db, propertyId: string): Promise<void> {
  const row = await db.one<{ kind: string }>('select kind from properties where id = $1', [propertyId]);
  if (row?.kind !== 'accommodation') throw invalidField('property_kind_mismatch', 'propertyId');
}

/**
 * Core's form rules (`core/src/rates`: the same the screens check) on a parsed body: a refusal names each field,
 * `required` or `invalid_value` (the rule's key is the screens' message key).
 */
function refuseByCore(errors: Record<string, unknown>): void {
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

// --------------------------------------------------------------------------------------------------------------
// Units

const UNIT_COLUMNS = `u.id, u.property_id, u.title, u.room_kind, u.count, u.max_adults, u.max_children, u.max_infants,
  u.default_occupancy, u.description, u.photos, u.facilities,
  (select count(*) from rate_plans rp where rp.unit_id = u.id) as rate_plans`;

function unitOf(r: Record<string, unknown>): Unit {
  const photos = (r.photos ?? []) as { file: string; description: string }[];
  return {
    id: String(r.id),
    type: 'unit',
    propertyId: String(r.property_id),
    title: String(r.title),
    roomKind: r.room_kind as Unit['roomKind'],
    countOfRooms: Number(r.count),
    occAdults: Number(r.max_adults),
    occChildren: Number(r.max_children),
    occInfants: Number(r.max_infants),
    defaultOccupancy: r.default_occupancy === null ? null : Number(r.default_occupancy),
    content: {
      description: String(r.description ?? ''),
      photos: photos.map((p) => ({ url: `/photos/${p.file}`, description: p.description })),
    },
    facilities: (r.facilities ?? []) as Unit['facilities'],
    ratePlans: Number(r.rate_plans),
  };
}

export async function listUnits(
  db: Db,
  propertyId: string,
  page: Page,
): Promise<{ items: Unit[]; meta: ListMeta }> {
  const [rows, total] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select ${UNIT_COLUMNS} from units u where u.property_id = $1 order by u.position, u.title, u.id
        limit $2 offset $3`,
      [propertyId, page.limit, (page.page - 1) * page.limit],
    ),
    db.one<{ n: number }>('select count(*) as n from units where property_id = $1', [propertyId]),
  ]);
  return {
    items: rows.map(unitOf),
    meta: { page: page.page, limit: page.limit, total: Number(total?.n ?? 0) },
  };
}

export async function getUnit(db: Db, unitId: string): Promise<Unit> {
  const row = await db.one<Record<string, unknown>>(`select ${UNIT_COLUMNS} from units u where u.id = $1`, [
    unitId,
  ]);
  if (!row) throw notFound('unit_not_found');
  return unitOf(row);
}

export function unitOptions() {
  return { roomKinds: [...roomKind.options] };
}

export function roomFacilityOptions() {
  return {
    categories: facilityCatalogue
      .filter((c) => c.scope === 'unit')
      .map((c) => ({
        code: c.code as string,
        label: c.label as string,
        facilities: Object.entries(c.facilities as Record<string, string>).map(([code, label]) => ({
          code,
          label,
        })),
      })),
  };
}

function unitValues(body: UnitBody) {
  refuseByCore(
    validateUnitForm({
      title: body.title,
      roomKind: body.roomKind,
      countOfRooms: body.countOfRooms,
      occAdults: body.occAdults,
      occChildren: body.occChildren,
      occInfants: body.occInfants,
      defaultOccupancy: body.defaultOccupancy,
      content: { description: body.content.description },
      facilities: body.facilities,
    }),
  );
  const unknown = body.facilities.filter((code) => !isFacility(code, 'unit'));
  if (unknown.length)
    throw invalidField('unknown_facilities', 'facilities', { names: unknown.slice(0, 5).join(', ') });
  return [
    body.title,
    body.roomKind,
    body.countOfRooms,
    body.occAdults,
    body.occChildren,
    body.occInfants,
    // The engine's limit on persons in a room: adults and children (infants do not count).
    body.occAdults + body.occChildren,
    body.defaultOccupancy,
    body.content.description,
    JSON.stringify(groupFacilities([...new Set(body.facilities)])),
  ];
}

export async function createUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: UnitBody,
): Promise<Unit> {
  const id = await db.transaction(async (tx) => {
    await accommodation(tx, property.id);
    const values = unitValues(body);
    const row = await tx.one<{ id: string }>(
      `insert into units (property_id, title, room_kind, count, max_adults, max_children, max_infants, max_occupancy,
                          default_occupancy, description, facilities, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               (select coalesce(max(position) + 1, 0) from units where property_id = $1))
       returning id`,
      [property.id, ...values],
    );
    const { from, to } = windowOf(property, actor);
    // Every day of the window has a row (a missing night counts as sold out): all its rooms are free.
    await tx.query(
      `insert into unit_availability (unit_id, date, available)
       select $1, d::date, $2 from generate_series($3::date, $4::date, interval '1 day') d`,
      [row!.id, body.countOfRooms, from, to],
    );
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'create_unit',
      before: null,
      after: { id: row!.id, ...body },
    });
    return row!.id;
  });
  return getUnit(db, id);
}

export async function updateUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  unitId: string,
  body: UnitBody,
): Promise<Unit> {
  await db.transaction(async (tx) => {
    const before = await tx.one<Record<string, unknown>>('select * from units where id = $1 for update', [
      unitId,
    ]);
    if (!before) throw notFound('unit_not_found');
    await tx.query(
      `update units set title = $2, room_kind = $3, count = $4, max_adults = $5, max_children = $6, max_infants = $7,
              max_occupancy = $8, default_occupancy = $9, description = $10, facilities = $11
        where id = $1`,
      [unitId, ...unitValues(body)],
    );
    // More or fewer rooms: the rooms free on coming days change by the difference, never below none free
    // (rooms already booked stay booked).
    const difference = body.countOfRooms - Number(before.count);
    if (difference !== 0)
      await tx.query(
        `update unit_availability set available = greatest(available + $2, 0) where unit_id = $1 and date >= $3`,
        [unitId, difference, windowOf(property, actor).from],
      );
    // The plans sell the unit's occupancy: per room all of it, per person up to their largest option.
    await tx.query(
      `update rate_plans rp
          set max_adults = case when rp.sell_mode = 'per_person'
                                then least($2, (select max((o ->> 'occupancy')::int) from jsonb_array_elements(rp.options) o))
                                else $2 end,
              max_children = $3, max_infants = $4
        where rp.unit_id = $1`,
      [unitId, body.occAdults, body.occChildren, body.occInfants],
    );
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'update_unit',
      before: {
        id: unitId,
        title: before.title,
        roomKind: before.room_kind,
        countOfRooms: before.count,
        occAdults: before.max_adults,
        occChildren: before.max_children,
        occInfants: before.max_infants,
        defaultOccupancy: before.default_occupancy,
        content: { description: before.description },
        facilities: before.facilities,
      },
      after: { id: unitId, ...body, facilities: groupFacilities([...new Set(body.facilities)]) },
    });
  });
  return getUnit(db, unitId);
}

/** Refuses to remove what a booking still uses: a coming night, or a record that names it. */
async function checkBookings(
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

export async function deleteUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  unitId: string,
): Promise<undefined> {
  await db.transaction(async (tx) => {
    const before = await tx.one<Record<string, unknown>>('select * from units where id = $1 for update', [
      unitId,
    ]);
    if (!before) throw notFound('unit_not_found');
    await checkBookings(tx, 'unit_id', unitId, windowOf(property, actor).from, {
      future: 'unit_has_future_bookings',
      past: 'unit_in_bookings',
    });
    const heirs = await tx.query<{ title: string }>(
      `select c.title from rate_plans c join rate_plans p on p.id = c.parent_rate_plan_id
        where p.unit_id = $1 and c.unit_id <> $1 order by c.title limit 5`,
      [unitId],
    );
    if (heirs.length)
      throw conflict('rate_plan_has_children', { titles: heirs.map((h) => h.title).join(', ') });
    const plans = await tx.query<{ id: string; title: string }>(
      'select id, title from rate_plans where unit_id = $1 order by position, title',
      [unitId],
    );
    await tx.query('update rate_plans set parent_rate_plan_id = null where unit_id = $1', [unitId]);
    // Its plans, availability and nightly prices go with it.
    await tx.query('delete from units where id = $1', [unitId]);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'delete_unit',
      before: { id: unitId, title: before.title, countOfRooms: before.count, ratePlans: plans },
      after: null,
    });
  });
}

// --------------------------------------------------------------------------------------------------------------
// Rate plans

const PLAN_COLUMNS = `rp.id, rp.property_id, rp.unit_id, rp.title, rp.parent_rate_plan_id, rp.currency, rp.sell_mode,
  rp.rate_mode, rp.primary_occupancy, rp.children_fee, rp.infant_fee, rp.meal_type, rp.cancellation_policy_id,
  rp.options, rp.auto_rate_settings, rp.inherit_stop_sell, rp.inherit_rate, rp.inherit_min_stay_through,
  rp.inherit_min_stay_arrival, rp.inherit_max_stay, rp.inherit_closed_to_departure, rp.inherit_closed_to_arrival,
  rp.week_max_stay, rp.week_min_stay_arrival, rp.week_min_stay_through, rp.week_closed_to_arrival,
  rp.week_closed_to_departure, rp.week_stop_sell, rp.max_sell, rp.max_availability, rp.availability_offset,
  rp.updated_at`;

const optional = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function planOf(r: Record<string, unknown>): RatePlan {
  return {
    id: String(r.id),
    type: 'ratePlan',
    propertyId: String(r.property_id),
    unitId: String(r.unit_id),
    title: String(r.title),
    parentRatePlanId: (r.parent_rate_plan_id as string | null) ?? null,
    currency: String(r.currency),
    sellMode: r.sell_mode as RatePlan['sellMode'],
    rateMode: r.rate_mode as RatePlan['rateMode'],
    primaryOccupancy: optional(r.primary_occupancy),
    childrenFee: Number(r.children_fee),
    infantFee: Number(r.infant_fee),
    mealType: r.meal_type as RatePlan['mealType'],
    cancellationPolicyId: (r.cancellation_policy_id as string | null) ?? null,
    options: r.options as RatePlan['options'],
    autoRateSettings: r.auto_rate_settings as RatePlan['autoRateSettings'],
    inheritStopSell: r.inherit_stop_sell === true,
    inheritRate: r.inherit_rate === true,
    inheritMinStayThrough: r.inherit_min_stay_through === true,
    inheritMinStayArrival: r.inherit_min_stay_arrival === true,
    inheritMaxStay: r.inherit_max_stay === true,
    inheritClosedToDeparture: r.inherit_closed_to_departure === true,
    inheritClosedToArrival: r.inherit_closed_to_arrival === true,
    maxStay: (r.week_max_stay as number[]).map(Number),
    minStayArrival: (r.week_min_stay_arrival as number[]).map(Number),
    minStayThrough: (r.week_min_stay_through as number[]).map(Number),
    closedToArrival: r.week_closed_to_arrival as boolean[],
    closedToDeparture: r.week_closed_to_departure as boolean[],
    stopSell: r.week_stop_sell as boolean[],
    maxSell: optional(r.max_sell),
    maxAvailability: optional(r.max_availability),
    availabilityOffset: Number(r.availability_offset),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

export async function listRatePlans(
  db: Db,
  unitId: string,
  page: Page,
): Promise<{ items: RatePlan[]; meta: ListMeta }> {
  const [rows, total] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select ${PLAN_COLUMNS} from rate_plans rp where rp.unit_id = $1 order by rp.position, rp.title, rp.id
        limit $2 offset $3`,
      [unitId, page.limit, (page.page - 1) * page.limit],
    ),
    db.one<{ n: number }>('select count(*) as n from rate_plans where unit_id = $1', [unitId]),
  ]);
  return {
    items: rows.map(planOf),
    meta: { page: page.page, limit: page.limit, total: Number(total?.n ?? 0) },
  };
}

export async function getRatePlan(db: Db, planId: string): Promise<RatePlan> {
  const row = await db.one<Record<string, unknown>>(
    `select ${PLAN_COLUMNS} from rate_plans rp where rp.id = $1`,
    [planId],
  );
  if (!row) throw notFound('rate_plan_not_found');
  return planOf(row);
}

export async function ratePlanOptions(db: Db, property: OwnedProperty, unitId: string | null) {
  const [policies, parents] = await Promise.all([
    db.query<{ id: string; title: string }>(
      'select id, title from cancellation_policies where property_id = $1 and not archived order by title, id',
      [property.id],
    ),
    db.query<{ id: string; title: string; unit_id: string }>(
      `select rp.id, rp.title, rp.unit_id from rate_plans rp join units u on u.id = rp.unit_id
        where rp.property_id = $1 and ($2::uuid is null or rp.unit_id = $2)
        order by u.position, u.title, rp.position, rp.title`,
      [property.id, unitId],
    ),
  ]);
  return {
    mealTypes: [...ratePlanMealType.options],
    sellModes: [...sellMode.options],
    rateModes: [...rateMode.options],
    modifierTypes: [...modifierType.options],
    currencies: [property.currency],
    cancellationPolicies: policies,
    parents: parents.map((p) => ({ id: p.id, title: p.title, unitId: p.unit_id })),
  };
}

export async function roomTypeRatePlans(db: Db, propertyId: string) {
  const rows = await db.query<{ id: string; title: string; plans: { id: string; title: string }[] | null }>(
    `select u.id, u.title,
            (select json_agg(json_build_object('id', rp.id, 'title', rp.title) order by rp.position, rp.title)
               from rate_plans rp where rp.unit_id = u.id) as plans
       from units u where u.property_id = $1 order by u.position, u.title, u.id`,
    [propertyId],
  );
  return { roomTypes: rows.map((r) => ({ id: r.id, title: r.title, ratePlans: r.plans ?? [] })) };
}

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
type NightField = keyof typeof NIGHT_FIELDS;
const ALL_NIGHT_FIELDS = Object.keys(NIGHT_FIELDS) as NightField[];

/**
 * The price a night is kept at: the primary option's rate as typed — per person, the room's price for the
 * primary occupancy (the engine prices the other occupancies from it with core's `occupancyNightPrice`).
 */
function nightlyPrice(plan: {
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
async function writeNights(
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

interface PlanContext {
  property: OwnedProperty;
  unit: { id: string };
}

async function checkPlan(tx: Db, ctx: PlanContext, body: PlanBody, planId: string | null) {
  const unit = await tx.one<{ max_adults: number; max_children: number; max_infants: number }>(
    'select max_adults, max_children, max_infants from units where id = $1',
    [ctx.unit.id],
  );
  if (!unit) throw notFound('unit_not_found');
  const currency = body.currency ?? ctx.property.currency;
  const { propertyId: _p, ...form } = body;
  // The contract checked each week has seven values: they are the form's tuples.
  const plan = { ...form, currency } as Parameters<typeof validateRatePlanForm>[0];
  refuseByCore(validateRatePlanForm(plan, planId ? { id: planId } : {}));
  if (currency !== ctx.property.currency)
    throw invalidField('rate_plan_currency', 'currency', { currency: ctx.property.currency });
  const most = Math.max(...body.options.map((o) => o.occupancy));
  if (body.sellMode === 'per_person' && most > Number(unit.max_adults))
    throw invalidField('occupancy_over_unit', 'options', { max: Number(unit.max_adults) });
  const inherits = [
    'inheritStopSell',
    'inheritRate',
    'inheritMinStayThrough',
    'inheritMinStayArrival',
    'inheritMaxStay',
    'inheritClosedToDeparture',
    'inheritClosedToArrival',
  ] as const;
  if (body.parentRatePlanId === null && inherits.some((f) => body[f]))
    throw invalidField('inherit_needs_parent', 'parentRatePlanId');
  if (body.parentRatePlanId !== null && planId !== null) {
    // No cycles: the parent's own chain of parents never comes back to this plan.
    const loop = await tx.one(
      `with recursive chain (id, parent, depth) as (
         select id, parent_rate_plan_id, 0 from rate_plans where id = $1
         union all
         select rp.id, rp.parent_rate_plan_id, c.depth + 1 from rate_plans rp join chain c on rp.id = c.parent
          where c.depth < 100)
       select 1 from chain where id = $2 limit 1`,
      [body.parentRatePlanId, planId],
    );
    if (loop) throw invalidField('rate_plan_parent_cycle', 'parentRatePlanId');
  }
  const maxAdults =
    body.sellMode === 'per_person' ? Math.min(most, Number(unit.max_adults)) : Number(unit.max_adults);
  return {
    currency,
    values: [
      body.title,
      body.parentRatePlanId,
      currency,
      body.sellMode,
      body.rateMode,
      body.sellMode === 'per_person' ? body.primaryOccupancy : null,
      body.childrenFee,
      body.infantFee,
      body.mealType,
      body.cancellationPolicyId,
      JSON.stringify(body.options),
      JSON.stringify(body.autoRateSettings),
      body.inheritStopSell,
      body.inheritRate,
      body.inheritMinStayThrough,
      body.inheritMinStayArrival,
      body.inheritMaxStay,
      body.inheritClosedToDeparture,
      body.inheritClosedToArrival,
      body.maxStay,
      body.minStayArrival,
      body.minStayThrough,
      body.closedToArrival,
      body.closedToDeparture,
      body.stopSell,
      body.maxSell,
      body.maxAvailability,
      body.availabilityOffset,
      nightlyPrice(body) ?? 0,
      maxAdults,
      Number(unit.max_children),
      Number(unit.max_infants),
    ],
  };
}

const PLAN_SET = `title, parent_rate_plan_id, currency, sell_mode, rate_mode, primary_occupancy, children_fee,
  infant_fee, meal_type, cancellation_policy_id, options, auto_rate_settings, inherit_stop_sell, inherit_rate,
  inherit_min_stay_through, inherit_min_stay_arrival, inherit_max_stay, inherit_closed_to_departure,
  inherit_closed_to_arrival, week_max_stay, week_min_stay_arrival, week_min_stay_through, week_closed_to_arrival,
  week_closed_to_departure, week_stop_sell, max_sell, max_availability, availability_offset, base_price,
  max_adults, max_children, max_infants`;
const PLAN_SET_COLUMNS = PLAN_SET.split(',').map((c) => c.trim());

export async function createRatePlan(
  db: Db,
  actor: Actor,
  ctx: PlanContext,
  body: PlanBody,
): Promise<RatePlan> {
  const id = await db.transaction(async (tx) => {
    const { values } = await checkPlan(tx, ctx, body, null);
    const row = await tx.one<{ id: string }>(
      `insert into rate_plans (property_id, unit_id, ${PLAN_SET}, position, created_at, updated_at)
       values ($1, $2, ${PLAN_SET_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')},
               (select coalesce(max(position) + 1, 0) from rate_plans where unit_id = $2),
               $${PLAN_SET_COLUMNS.length + 3}, $${PLAN_SET_COLUMNS.length + 3})
       returning id`,
      [ctx.property.id, ctx.unit.id, ...values, actor.clock.now()],
    );
    await writeNights(tx, row!.id, ALL_NIGHT_FIELDS, windowOf(ctx.property, actor));
    await audit(tx, actor, {
      objectType: 'property',
      objectId: ctx.property.id,
      action: 'create_rate_plan',
      before: null,
      after: { id: row!.id, ...body },
    });
    return row!.id;
  });
  return getRatePlan(db, id);
}

/** Which nightly values a save changes: a field whose own week, inheritance or parent changed. */
function changedNights(before: RatePlan, after: PlanBody): NightField[] {
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

export async function updateRatePlan(
  db: Db,
  actor: Actor,
  ctx: PlanContext,
  planId: string,
  body: PlanBody,
): Promise<RatePlan> {
  await db.transaction(async (tx) => {
    const row = await tx.one<Record<string, unknown>>(
      `select ${PLAN_COLUMNS} from rate_plans rp where rp.id = $1 for update`,
      [planId],
    );
    if (!row) throw notFound('rate_plan_not_found');
    const before = planOf(row);
    if (before.unitId !== ctx.unit.id) throw invalidField('rate_plan_unit_fixed', 'unitId');
    if (body.parentRatePlanId === planId) throw invalidField('rate_plan_parent_cycle', 'parentRatePlanId');
    const { values } = await checkPlan(tx, ctx, body, planId);
    await tx.query(
      `update rate_plans set ${PLAN_SET_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')},
              min_stay = null, updated_at = $${PLAN_SET_COLUMNS.length + 2}
        where id = $1`,
      [planId, ...values, actor.clock.now()],
    );
    await writeNights(tx, planId, changedNights(before, body), windowOf(ctx.property, actor));
    const { updatedAt: _u, type: _t, ...was } = before;
    await audit(tx, actor, {
      objectType: 'property',
      objectId: ctx.property.id,
      action: 'update_rate_plan',
      before: was,
      after: { ...was, ...body, currency: body.currency ?? ctx.property.currency },
    });
  });
  return getRatePlan(db, planId);
}

export async function deleteRatePlan(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  planId: string,
  unitId: string | null,
): Promise<undefined> {
  await db.transaction(async (tx) => {
    const row = await tx.one<Record<string, unknown>>(
      `select ${PLAN_COLUMNS} from rate_plans rp where rp.id = $1 for update`,
      [planId],
    );
    if (!row || (unitId !== null && row.unit_id !== unitId)) throw notFound('rate_plan_not_found');
    const heirs = await tx.query<{ title: string }>(
      'select title from rate_plans where parent_rate_plan_id = $1 order by title limit 5',
      [planId],
    );
    if (heirs.length)
      throw conflict('rate_plan_has_children', { titles: heirs.map((h) => h.title).join(', ') });
    await checkBookings(tx, 'rate_plan_id', planId, windowOf(property, actor).from, {
      future: 'rate_plan_has_future_bookings',
      past: 'rate_plan_in_bookings',
    });
    // Its nightly prices go with it; contracts naming it simply no longer find it.
    await tx.query('delete from rate_plans where id = $1', [planId]);
    const { updatedAt: _u, type: _t, ...was } = planOf(row);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'delete_rate_plan',
      before: was,
      after: null,
    });
  });
}
