import type { RatePlan } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { notFound } from '../../http/errors.js';

// A rate plan's row as the contract's record: what the plans service answers and the nights a save writes read.

export const PLAN_COLUMNS = `rp.id, rp.property_id, rp.unit_id, rp.title, rp.parent_rate_plan_id, rp.currency, rp.sell_mode,
  rp.rate_mode, rp.primary_occupancy, rp.children_fee, rp.infant_fee, rp.meal_type, rp.cancellation_policy_id,
  rp.options, rp.auto_rate_settings, rp.inherit_stop_sell, rp.inherit_rate, rp.inherit_min_stay_through,
  rp.inherit_min_stay_arrival, rp.inherit_max_stay, rp.inherit_closed_to_departure, rp.inherit_closed_to_arrival,
  rp.week_max_stay, rp.week_min_stay_arrival, rp.week_min_stay_through, rp.week_closed_to_arrival,
  rp.week_closed_to_departure, rp.week_stop_sell, rp.max_sell, rp.max_availability, rp.availability_offset,
  rp.updated_at`;

const optional = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function planOf(r: Record<string, unknown>): RatePlan {
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

export async function getRatePlan(db: Db, planId: string): Promise<RatePlan> {
  const row = await db.one<Record<string, unknown>>(
    `select ${PLAN_COLUMNS} from rate_plans rp where rp.id = $1`,
    [planId],
  );
  if (!row) throw notFound('rate_plan_not_found');
  return planOf(row);
}
