import type { PriceModifier, TaxRule } from '@tern/core';
import type { CancellationPolicy, Occupancy } from '@tern/sdk';
import type { Db } from '../../db/db.js';

// What pricing a property needs, read in a few queries for many properties at once: units, rate plans,
// policies, taxes, the reseller's contract, and the availability and prices of the nights asked.

export interface EngineContract extends PriceModifier {
  id: string;
  /** Plans the contract covers; empty means all. */
  ratePlanIds: string[];
}

export interface EnginePlan {
  id: string;
  unitId: string;
  title: string;
  sellMode: 'per_room' | 'per_person';
  mealType: 'room_only' | 'breakfast' | 'half_board' | 'full_board' | 'all_inclusive';
  policy: CancellationPolicy | null;
  maxAdults: number;
  maxChildren: number;
  maxInfants: number;
  childrenFee: number;
  infantFee: number;
  minStay: number | null;
}

export interface EngineUnit {
  id: string;
  propertyId: string;
  title: string;
  description: string;
  photos: { file: string; description: string }[];
  facilities: { categoryCode: string; facilityCodes: string[] }[];
  bedOptions: { title: string; count: number; size: string }[];
  count: number;
  maxOccupancy: number;
  maxAdults: number;
  maxChildren: number;
  maxInfants: number;
  dailyPrice: number | null;
  plans: EnginePlan[];
}

export interface NightRestrictions {
  price: number;
  minStayArrival: number;
  minStayThrough: number;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

export interface EngineProperty {
  id: string;
  kind: 'accommodation' | 'vehicle';
  currency: string;
  taxes: TaxRule[];
  contract: EngineContract | null;
  units: EngineUnit[];
  /** unit id → date → rooms free. */
  availability: Map<string, Map<string, number>>;
  /** plan id → date → price and restrictions (the nights, and the departure day for closed-to-departure). */
  prices: Map<string, Map<string, NightRestrictions>>;
}

export type { Occupancy };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function policyFromRow(row: Record<string, unknown>, currency: string): CancellationPolicy {
  return {
    id: String(row.id),
    title: String(row.title),
    cancellationPolicyLogic: row.logic as CancellationPolicy['cancellationPolicyLogic'],
    cancellationPolicyDeadline: num(row.deadline),
    cancellationPolicyDeadlineType: (row.deadline_type ??
      null) as CancellationPolicy['cancellationPolicyDeadlineType'],
    cancellationPolicyPenalty: Number(row.penalty),
    cancellationPolicyMode: row.mode as CancellationPolicy['cancellationPolicyMode'],
    guaranteePaymentPolicy: row.guarantee_payment_policy as CancellationPolicy['guaranteePaymentPolicy'],
    guaranteePaymentAmount: Number(row.guarantee_payment_amount),
    currency,
  };
}

export async function loadTaxes(db: Db, propertyIds: string[]): Promise<Map<string, TaxRule[]>> {
  const rows = await db.query<{
    property_id: string;
    title: string;
    mode: TaxRule['mode'];
    rate: string;
    inclusive: boolean;
  }>(
    `select property_id, title, mode, rate, inclusive from taxes where property_id = any($1) order by position, title`,
    [propertyIds],
  );
  const byProperty = new Map<string, TaxRule[]>();
  for (const r of rows) {
    const list = byProperty.get(r.property_id) ?? [];
    list.push({ title: r.title, mode: r.mode, rate: Number(r.rate), inclusive: r.inclusive });
    byProperty.set(r.property_id, list);
  }
  return byProperty;
}

/**
 * Loads what pricing needs for `propertyIds` and the nights from `from` to `to` (inclusive of `to`, so the
 * departure day's closed-to-departure is known). `agencyId` picks the reseller's approved contract.
 */
export async function loadEngineProperties(
  db: Db,
  propertyIds: string[],
  agencyId: string,
  from: string,
  to: string,
): Promise<Map<string, EngineProperty>> {
  const result = new Map<string, EngineProperty>();
  if (propertyIds.length === 0) return result;
  // One round of queries (the nights by the primary keys (unit or plan, date): index range scans, never the
  // whole inventory); on a Postgres server they run side by side on the pool's connections.
  const [properties, units, plans, taxes, availability, prices] = await Promise.all([
    db.query<{
      id: string;
      kind: 'accommodation' | 'vehicle';
      currency: string;
      contract_id: string | null;
      modifier_logic: PriceModifier['modifierLogic'] | null;
      modifier_amount: string | null;
      rate_plan_ids: string[] | null;
    }>(
      `select p.id, p.kind, p.currency, c.id as contract_id, c.modifier_logic, c.modifier_amount, c.rate_plan_ids
         from properties p
         left join lateral (
           select id, modifier_logic, modifier_amount, rate_plan_ids from contracts
            where property_id = p.id and agency_id = $2 and status = 'approved'
            order by created_at desc limit 1
         ) c on true
        where p.id = any($1)`,
      [propertyIds, agencyId],
    ),
    db.query<Record<string, unknown>>(
      `select id, property_id, title, description, photos, facilities, bed_options, count, max_occupancy,
              max_adults, max_children, max_infants, daily_price
         from units where property_id = any($1) order by position, title`,
      [propertyIds],
    ),
    db.query<Record<string, unknown>>(
      `select rp.id, rp.unit_id, rp.title, rp.sell_mode, rp.meal_type, rp.max_adults, rp.max_children,
              rp.max_infants, rp.children_fee, rp.infant_fee, rp.min_stay,
              cp.id as policy_id, cp.title as policy_title, cp.logic, cp.deadline, cp.deadline_type, cp.penalty,
              cp.mode, cp.guarantee_payment_policy, cp.guarantee_payment_amount, p.currency
         from rate_plans rp
         join properties p on p.id = rp.property_id
         left join lateral (
           select * from cancellation_policies where id = rp.cancellation_policy_id
         ) cp on true
        where rp.property_id = any($1) order by rp.position, rp.title`,
      [propertyIds],
    ),
    loadTaxes(db, propertyIds),
    db.query<{ unit_id: string; date: string; available: number }>(
      `select unit_id, date::text as date, available from unit_availability
        where unit_id in (select id from units where property_id = any($1)) and date >= $2 and date <= $3`,
      [propertyIds, from, to],
    ),
    db.query<Record<string, unknown>>(
      `select rate_plan_id, date::text as date, price, min_stay_arrival, min_stay_through, max_stay,
              closed_to_arrival, closed_to_departure, stop_sell
         from rate_prices
        where rate_plan_id in (select id from rate_plans where property_id = any($1)) and date >= $2 and date <= $3`,
      [propertyIds, from, to],
    ),
  ]);
  for (const p of properties) {
    result.set(p.id, {
      id: p.id,
      kind: p.kind,
      currency: p.currency,
      taxes: taxes.get(p.id) ?? [],
      contract: p.contract_id
        ? {
            id: p.contract_id,
            modifierLogic: p.modifier_logic!,
            modifierAmount: Number(p.modifier_amount),
            ratePlanIds: p.rate_plan_ids ?? [],
          }
        : null,
      units: [],
      availability: new Map(),
      prices: new Map(),
    });
  }
  const unitsById = new Map<string, EngineUnit>();
  for (const u of units) {
    const unit: EngineUnit = {
      id: String(u.id),
      propertyId: String(u.property_id),
      title: String(u.title),
      description: String(u.description),
      photos: u.photos as EngineUnit['photos'],
      facilities: u.facilities as EngineUnit['facilities'],
      bedOptions: u.bed_options as EngineUnit['bedOptions'],
      count: Number(u.count),
      maxOccupancy: Number(u.max_occupancy),
      maxAdults: Number(u.max_adults),
      maxChildren: Number(u.max_children),
      maxInfants: Number(u.max_infants),
      dailyPrice: num(u.daily_price),
      plans: [],
    };
    unitsById.set(unit.id, unit);
    result.get(unit.propertyId)?.units.push(unit);
  }
  for (const r of plans) {
    const unit = unitsById.get(String(r.unit_id));
    if (!unit) continue;
    unit.plans.push({
      id: String(r.id),
      unitId: unit.id,
      title: String(r.title),
      sellMode: r.sell_mode as EnginePlan['sellMode'],
      mealType: r.meal_type as EnginePlan['mealType'],
      policy: r.policy_id
        ? policyFromRow({ ...r, id: r.policy_id, title: r.policy_title }, String(r.currency))
        : null,
      maxAdults: Number(r.max_adults),
      maxChildren: Number(r.max_children),
      maxInfants: Number(r.max_infants),
      childrenFee: Number(r.children_fee),
      infantFee: Number(r.infant_fee),
      minStay: num(r.min_stay),
    });
  }
  for (const a of availability) {
    const unit = unitsById.get(a.unit_id);
    const property = unit && result.get(unit.propertyId);
    if (!property) continue;
    let days = property.availability.get(a.unit_id);
    if (!days) {
      days = new Map();
      property.availability.set(a.unit_id, days);
    }
    days.set(a.date, Number(a.available));
  }
  const planProperty = new Map<string, EngineProperty>();
  for (const property of result.values())
    for (const unit of property.units) for (const plan of unit.plans) planProperty.set(plan.id, property);
  for (const r of prices) {
    const property = planProperty.get(String(r.rate_plan_id));
    if (!property) continue;
    let days = property.prices.get(String(r.rate_plan_id));
    if (!days) {
      days = new Map();
      property.prices.set(String(r.rate_plan_id), days);
    }
    days.set(String(r.date), {
      price: Number(r.price),
      minStayArrival: Number(r.min_stay_arrival),
      minStayThrough: Number(r.min_stay_through),
      maxStay: num(r.max_stay),
      closedToArrival: r.closed_to_arrival === true,
      closedToDeparture: r.closed_to_departure === true,
      stopSell: r.stop_sell === true,
    });
  }
  return result;
}

/** The rates table of currencies (units per USD). */
export async function loadCurrencyRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ currency: string; rate: string }>(
    'select currency, rate from currency_rates',
  );
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.rate)]));
}
