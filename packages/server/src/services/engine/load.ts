import type { PriceModifier, TaxRule } from '@tern/core/bookingEngine';
import type {
  AutoRateSettings,
  ChildPlan,
  PlanCaps,
  PlanPricing,
  RatePlanOption,
  Week,
} from '@tern/core/rates';
import type { CancellationPolicy, Occupancy } from '@tern/sdk';
import { type Db, type Prepared, prepared } from '../../db/db.js';

// What pricing a property needs, read in one statement for many properties at once: units, rate plans,
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
  /** What core's `occupancyNightPrice` needs: the sell and rate modes, the options, the auto settings. */
  pricing: PlanPricing;
  /** max_sell, max_availability, availability_offset (core's `sellableRooms`). */
  caps: PlanCaps;
  /**
   * Rooms of this plan booked per night (date → rooms), read only for a plan with a `maxSell` (core's
   * `soldOnStay` and `sellableRooms` take them off its cap); empty otherwise.
   */
  sold: Record<string, number>;
  /** A child plan (R195): its parent's id and what `childPlanDay` needs; `null` for a plan of its own. */
  child: { parentId: string; plan: ChildPlan } | null;
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
  /** A manual per-person plan's rates by occupancy that night (adults → rate), when it stores any. */
  occupancyRates?: Record<string, number>;
}

export interface EngineProperty {
  id: string;
  kind: 'accommodation' | 'vehicle';
  title: string;
  email: string;
  /** The IANA zone of the property's days ('' when unknown: UTC). */
  timezone: string;
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

/** A unit as `loadEngineProperties` reads it: its row (details unless left out), and its free rooms by date. */
interface UnitJson {
  id: string;
  title: string;
  description?: string;
  photos?: EngineUnit['photos'];
  facilities?: EngineUnit['facilities'];
  bed_options?: EngineUnit['bedOptions'];
  count: number;
  max_occupancy: number;
  max_adults: number;
  max_children: number;
  max_infants: number;
  daily_price: number | null;
  availability: Record<string, number> | null;
}

/**
 * [price, min_stay_arrival, min_stay_through, max_stay, closed_to_arrival, closed_to_departure, stop_sell,
 * occupancy_rates (manual per-person plans only, else null)]
 */
type NightJson = [
  number,
  number,
  number,
  number | null,
  boolean,
  boolean,
  boolean,
  Record<string, number> | null,
];

/** A rate plan as `loadEngineProperties` reads it: its row, its policy's, and its nights by date. */
export interface PlanJson {
  id: string;
  unit_id: string;
  title: string;
  sell_mode: EnginePlan['sellMode'];
  meal_type: EnginePlan['mealType'];
  max_adults: number;
  max_children: number;
  max_infants: number;
  children_fee: number;
  infant_fee: number;
  min_stay: number | null;
  rate_mode: PlanPricing['rateMode'];
  primary_occupancy: number | null;
  options: RatePlanOption[] | null;
  /** Auto plans only (`null` otherwise, as `options` for a per-room plan of its own: not needed to price it). */
  auto_rate_settings: AutoRateSettings | null;
  max_sell: number | null;
  max_availability: number | null;
  availability_offset: number;
  /** Plans with a max sell only: rooms of the plan booked per night of the range (bookings not cancelled). */
  sold: Record<string, number> | null;
  /** Child plans only: [parent id, the seven inherit flags in `INHERIT_ORDER`, the six weeks in `WEEK_ORDER`]. */
  child: [string, boolean[], ...(number | boolean)[][]] | null;
  policy: Record<string, unknown> | null;
  prices: Record<string, NightJson> | null;
}

/** A property's row as the engine's columns give it (`engineColumns`), beside its own fields. */
export interface EngineRow {
  id: string;
  kind: 'accommodation' | 'vehicle';
  title: string;
  email: string;
  timezone: string;
  currency: string;
  contract: {
    id: string;
    modifier_logic: PriceModifier['modifierLogic'];
    modifier_amount: number;
    rate_plan_ids: string[] | null;
  } | null;
  taxes: { title: string; mode: TaxRule['mode']; rate: number; inclusive: boolean }[] | null;
  units: UnitJson[] | null;
  plans: PlanJson[] | null;
}

/**
 * The select list of what pricing needs of the property `p` (a row of `properties` in the statement around
 * it): `contract` (the newest approved one of the agency named by the parameter `agency`), `taxes`, `units`
 * and `plans`, each JSON built by the database; the nights from the parameter `from` to `to` inclusive, read by
 * the primary keys (unit or plan, date) — index range scans, never the whole inventory. A unit's description,
 * photos, facilities and beds are for the rates table only (`unitDetails`): a search's best offers and a
 * booking price without them; a plan's cancellation policy is for its offers (`policies`), not for the best
 * offer a search shows (a price, or why there is none). The search puts these columns in its page statement;
 * `loadEngineProperties` reads them alone.
 */
export function engineColumns(at: {
  agency: string;
  from: string;
  to: string;
  unitDetails: boolean;
  policies: boolean;
}): string {
  const { agency, from, to } = at;
  const details = at.unitDetails
    ? `'description', u.description, 'photos', u.photos, 'facilities', u.facilities,
                      'bed_options', u.bed_options,`
    : '';
  const policy = at.policies
    ? `(select json_build_object('id', cp.id, 'title', cp.title, 'logic', cp.logic,
                                          'deadline', cp.deadline, 'deadline_type', cp.deadline_type,
                                          'penalty', cp.penalty, 'mode', cp.mode,
                                          'guarantee_payment_policy', cp.guarantee_payment_policy,
                                          'guarantee_payment_amount', cp.guarantee_payment_amount)
                                   from cancellation_policies cp where cp.id = rp.cancellation_policy_id)`
    : 'null';
  return `(select json_build_object('id', c.id, 'modifier_logic', c.modifier_logic,
                                      'modifier_amount', c.modifier_amount, 'rate_plan_ids', c.rate_plan_ids)
               from contracts c
              where c.property_id = p.id and c.agency_id = ${agency}::uuid and c.status = 'approved'
              order by c.created_at desc limit 1) as contract,
            (select json_agg(json_build_object('title', t.title, 'mode', t.mode, 'rate', t.rate,
                                               'inclusive', t.inclusive) order by t.position, t.title)
               from taxes t where t.property_id = p.id) as taxes,
            (select json_agg(json_build_object(
                      'id', u.id, 'title', u.title, ${details} 'count', u.count,
                      'max_occupancy', u.max_occupancy, 'max_adults', u.max_adults,
                      'max_children', u.max_children, 'max_infants', u.max_infants,
                      'daily_price', u.daily_price,
                      'availability', (select json_object_agg(a.date::text, a.available)
                                         from unit_availability a
                                        where a.unit_id = u.id and a.date >= ${from} and a.date <= ${to})
                    ) order by u.position, u.title)
               from units u where u.property_id = p.id) as units,
            (select json_agg(json_build_object(
                      'id', rp.id, 'unit_id', rp.unit_id, 'title', rp.title, 'sell_mode', rp.sell_mode,
                      'meal_type', rp.meal_type, 'max_adults', rp.max_adults, 'max_children', rp.max_children,
                      'max_infants', rp.max_infants, 'children_fee', rp.children_fee,
                      'infant_fee', rp.infant_fee, 'min_stay', rp.min_stay,
                      'rate_mode', rp.rate_mode, 'primary_occupancy', rp.primary_occupancy,
                      'options', case when rp.sell_mode = 'per_person' or rp.parent_rate_plan_id is not null
                                      then rp.options end,
                      'auto_rate_settings', case when rp.rate_mode = 'auto' then rp.auto_rate_settings end,
                      'max_sell', rp.max_sell, 'max_availability', rp.max_availability,
                      'availability_offset', rp.availability_offset,
                      'sold', case when rp.max_sell is not null then (
                                select json_object_agg(s.night, s.rooms)
                                  from (select d::date::text as night, count(*) as rooms
                                          from booking_rooms br
                                          join bookings b on b.id = br.booking_id
                                         cross join lateral generate_series(greatest(b.arrival_date, ${from}::date),
                                                 least(b.departure_date - 1, ${to}::date), interval '1 day') d
                                         where br.rate_plan_id = rp.id and br.status = 'booked'
                                           and b.status <> 'canceled' and b.arrival_date <= ${to}::date
                                           and b.departure_date > ${from}::date
                                         group by 1) s) end,
                      'child', case when rp.parent_rate_plan_id is not null then json_build_array(
                                 rp.parent_rate_plan_id,
                                 json_build_array(rp.inherit_stop_sell, rp.inherit_rate,
                                   rp.inherit_min_stay_through, rp.inherit_min_stay_arrival, rp.inherit_max_stay,
                                   rp.inherit_closed_to_departure, rp.inherit_closed_to_arrival),
                                 rp.week_max_stay, rp.week_min_stay_arrival, rp.week_min_stay_through,
                                 rp.week_closed_to_arrival, rp.week_closed_to_departure, rp.week_stop_sell) end,
                      'policy', ${policy},
                      'prices', (select json_object_agg(r.date::text, json_build_array(
                                          r.price, r.min_stay_arrival, r.min_stay_through, r.max_stay,
                                          r.closed_to_arrival, r.closed_to_departure, r.stop_sell,
                                          case when rp.rate_mode = 'manual' and rp.sell_mode = 'per_person'
                                               then r.occupancy_rates end))
                                   from rate_prices r
                                  where r.rate_plan_id = rp.id and r.date >= ${from} and r.date <= ${to})
                    ) order by rp.position, rp.title)
               from rate_plans rp where rp.property_id = p.id) as plans`;
}

/**
 * Loads what pricing needs for `propertyIds` and the nights from `from` to `to` (inclusive of `to`, so the
 * departure day's closed-to-departure is known). `agencyId` picks the reseller's approved contract; `null` (a gift
 * card's redemption, which has no agency) reads no contract.
 *
 * One statement, one row per property, its parts as JSON built by the database (`engineColumns`): one round
 * trip (inside a booking's transaction too), decoded by `JSON.parse` rather than row by row (PGlite decodes
 * rows in JavaScript: a week of 20 hotels' rates is about 1,000 rows).
 */
export async function loadEngineProperties(
  db: Db,
  propertyIds: string[],
  agencyId: string | null,
  from: string,
  to: string,
  options: { unitDetails?: boolean } = {},
): Promise<Map<string, EngineProperty>> {
  const result = new Map<string, EngineProperty>();
  if (propertyIds.length === 0) return result;
  const rows = await db.query<EngineRow>(loadStatement(options.unitDetails !== false), [
    propertyIds,
    agencyId,
    from,
    to,
  ]);
  for (const row of rows) result.set(row.id, engineProperty(row));
  return result;
}

/**
 * The load's statement, prepared (planned once a connection: its text varies only with `unitDetails`), which the
 * rates table, a booking and a gift card's redemption pages ask on every call.
 */
const loadStatements = new Map<boolean, Prepared>();
function loadStatement(unitDetails: boolean): Prepared {
  let statement = loadStatements.get(unitDetails);
  if (!statement) {
    const columns = engineColumns({ agency: '$2', from: '$3', to: '$4', unitDetails, policies: true });
    statement = prepared(
      `select p.id, p.kind, p.title, p.email, p.timezone, p.currency, ${columns}
         from properties p
        where p.id = any($1::uuid[])`,
      { readOnly: true },
    );
    loadStatements.set(unitDetails, statement);
  }
  return statement;
}

/** An `EngineProperty` from its row (`engineColumns`). */
export function engineProperty(p: EngineRow): EngineProperty {
  const property: EngineProperty = {
    id: p.id,
    kind: p.kind,
    title: p.title,
    email: p.email,
    timezone: p.timezone,
    currency: p.currency,
    taxes: (p.taxes ?? []).map((t) => ({
      title: t.title,
      mode: t.mode,
      rate: Number(t.rate),
      inclusive: t.inclusive,
    })),
    contract: p.contract
      ? {
          id: p.contract.id,
          modifierLogic: p.contract.modifier_logic,
          modifierAmount: Number(p.contract.modifier_amount),
          ratePlanIds: p.contract.rate_plan_ids ?? [],
        }
      : null,
    units: [],
    availability: new Map(),
    prices: new Map(),
  };
  const unitsById = new Map<string, EngineUnit>();
  for (const u of p.units ?? []) {
    const unit: EngineUnit = {
      id: u.id,
      propertyId: p.id,
      title: u.title,
      description: u.description ?? '',
      photos: u.photos ?? [],
      facilities: u.facilities ?? [],
      bedOptions: u.bed_options ?? [],
      count: Number(u.count),
      maxOccupancy: Number(u.max_occupancy),
      maxAdults: Number(u.max_adults),
      maxChildren: Number(u.max_children),
      maxInfants: Number(u.max_infants),
      dailyPrice: num(u.daily_price),
      plans: [],
    };
    unitsById.set(unit.id, unit);
    property.units.push(unit);
    if (u.availability)
      property.availability.set(
        unit.id,
        new Map(Object.entries(u.availability).map(([date, free]) => [date, Number(free)])),
      );
  }
  for (const r of p.plans ?? []) {
    const unit = unitsById.get(r.unit_id);
    if (!unit) continue;
    unit.plans.push({
      id: r.id,
      unitId: unit.id,
      title: r.title,
      sellMode: r.sell_mode,
      mealType: r.meal_type,
      policy: r.policy ? policyFromRow(r.policy, p.currency) : null,
      maxAdults: Number(r.max_adults),
      maxChildren: Number(r.max_children),
      maxInfants: Number(r.max_infants),
      childrenFee: Number(r.children_fee),
      infantFee: Number(r.infant_fee),
      minStay: num(r.min_stay),
      pricing: planPricingOf(r),
      caps: {
        maxSell: num(r.max_sell),
        maxAvailability: num(r.max_availability),
        availabilityOffset: Number(r.availability_offset),
      },
      sold: soldOf(r.sold),
      child: r.child ? childOf(r.child, r.options ?? []) : null,
    });
    if (r.prices) {
      const days = new Map<string, NightRestrictions>();
      for (const [date, n] of Object.entries(r.prices)) {
        const night: NightRestrictions = {
          price: Number(n[0]),
          minStayArrival: Number(n[1]),
          minStayThrough: Number(n[2]),
          maxStay: num(n[3]),
          closedToArrival: n[4] === true,
          closedToDeparture: n[5] === true,
          stopSell: n[6] === true,
        };
        if (n[7]) night.occupancyRates = soldOf(n[7]);
        days.set(date, night);
      }
      property.prices.set(r.id, days);
    }
  }
  return property;
}

/** A JSON object of numbers, as numbers (rooms sold by night, rates by occupancy). */
function soldOf(values: Record<string, number | string> | null | undefined): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [key, value] of Object.entries(values ?? {})) numbers[key] = Number(value);
  return numbers;
}

/** What core's `occupancyNightPrice` needs of a plan, from its row (the engine's and the calendar's). */
export function planPricingOf(
  r: Pick<
    PlanJson,
    | 'sell_mode'
    | 'rate_mode'
    | 'options'
    | 'auto_rate_settings'
    | 'children_fee'
    | 'infant_fee'
    | 'primary_occupancy'
  >,
): PlanPricing {
  return {
    sellMode: r.sell_mode,
    rateMode: r.rate_mode,
    options: r.options ?? [],
    autoRateSettings: r.auto_rate_settings ?? NO_AUTO,
    childrenFee: Number(r.children_fee),
    infantFee: Number(r.infant_fee),
    primaryOccupancy: num(r.primary_occupancy),
  };
}

const NO_AUTO: AutoRateSettings = {
  decreaseMode: '%',
  decreaseValue: 0,
  increaseMode: '%',
  increaseValue: 0,
  mode: '%',
};

/** The inherit flags in the order `engineColumns` lists them. */
const INHERIT_ORDER = [
  'inheritStopSell',
  'inheritRate',
  'inheritMinStayThrough',
  'inheritMinStayArrival',
  'inheritMaxStay',
  'inheritClosedToDeparture',
  'inheritClosedToArrival',
] as const;

function childOf(row: NonNullable<PlanJson['child']>, options: RatePlanOption[]) {
  const [parentId, flags, maxStay, minStayArrival, minStayThrough, cta, ctd, stopSell] = row;
  const week = <T>(values: unknown) => values as Week<T>;
  const plan = {
    options,
    ...Object.fromEntries(INHERIT_ORDER.map((f, i) => [f, flags[i] === true])),
    maxStay: week<number>(maxStay),
    minStayArrival: week<number>(minStayArrival),
    minStayThrough: week<number>(minStayThrough),
    closedToArrival: week<boolean>(cta),
    closedToDeparture: week<boolean>(ctd),
    stopSell: week<boolean>(stopSell),
  } as ChildPlan;
  return { parentId, plan };
}

/** The rates table of currencies (units per USD). */
export async function loadCurrencyRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ currency: string; rate: string }>(
    'select currency, rate from currency_rates',
  );
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.rate)]));
}
