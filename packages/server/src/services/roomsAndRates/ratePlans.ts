import { planNightPrice, validateRatePlanForm } from '@tern/core/rates';
import {
  INHERIT_FIELDS,
  type ListMeta,
  modifierType,
  type RatePlan,
  rateMode,
  type ratePlanBody,
  ratePlanMealType,
  sellMode,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { ListFilter, listPage } from '../listQuery.js';
import { checkBookings, type Page, refuseByCore, windowOf } from './common.js';
import { ALL_NIGHT_FIELDS, changedNights, writeNights } from './nights.js';
import { getRatePlan, PLAN_COLUMNS, planOf } from './ratePlanRows.js';

export { getRatePlan };

// A hotel's rate plans (document 2 §3, §5, §7, §9), as its staff edit them. Every write is one transaction
// with its audit entry and leaves the plan's nights in step (`nights.ts`).

type PlanBody = z.output<typeof ratePlanBody>;

export async function listRatePlans(
  db: Db,
  unitId: string,
  page: Page,
): Promise<{ items: RatePlan[]; meta: ListMeta }> {
  return listPage(db, {
    select: `select ${PLAN_COLUMNS} from rate_plans rp`,
    from: 'rate_plans rp',
    filter: new ListFilter([unitId], ['rp.unit_id = $1']),
    order: 'rp.position, rp.title, rp.id',
    page: page.page,
    limit: page.limit,
    items: (rows: Record<string, unknown>[]) => rows.map(planOf),
  });
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
  if (body.parentRatePlanId === null && INHERIT_FIELDS.some((f) => body[f]))
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
      planNightPrice({ ...body, currency }) ?? 0,
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
