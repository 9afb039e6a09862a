import {
  applyModifier,
  type CurrencyRates,
  convertMoney,
  fitsOccupancy,
  freeOnEveryNight,
  liabilityOf,
  occupancyOptions,
  roundMoney,
  stayLimits,
  taxLines,
  unavailableReasonOf,
} from '@tern/core/bookingEngine';
import { daysFrom } from '@tern/core/dates';
import {
  childPlanDay,
  occupancyNightPrice,
  type StoredDay,
  sellableRooms,
  soldOnStay,
} from '@tern/core/rates';
import type { Occupancy, RateOffer, UnavailableReason, UnitWithRates } from '@tern/sdk';
import type { EnginePlan, EngineProperty, EngineUnit, NightRestrictions } from './load.js';

// Pricing a property's rates for a stay, for one reseller (their contract) and one currency. Every number a
// reseller sees and every booking total comes from here; the rules themselves are core's.

export interface Stay {
  checkin: string;
  checkout: string;
  currency: string;
  rates: CurrencyRates;
}

const stayNights = new WeakMap<Stay, string[]>();
/** The nights of a stay, worked out once for each stay priced (every plan of every unit asks for them). */
function nightsOf(stay: Stay): string[] {
  let nights = stayNights.get(stay);
  if (!nights) {
    nights = daysFrom(stay.checkin, stay.checkout);
    stayNights.set(stay, nights);
  }
  return nights;
}

/** `<plan id>~<adults>-<children>-<infants>`: what a booking names as its rate. */
export function offerId(planId: string, o: Occupancy): string {
  return `${planId}~${o.adults}-${o.children}-${o.infants}`;
}

export function parseOfferId(id: string): { planId: string; occupancy: Occupancy } | null {
  const match = /^([0-9a-f-]{36})~(\d{1,2})-(\d{1,2})-(\d{1,2})$/.exec(id);
  if (!match) return null;
  return {
    planId: match[1]!,
    occupancy: { adults: Number(match[2]), children: Number(match[3]), infants: Number(match[4]) },
  };
}

/** Whether the contract lets the reseller sell this plan. */
export function planCovered(property: EngineProperty, plan: EnginePlan): boolean {
  const contract = property.contract;
  return contract !== null && (contract.ratePlanIds.length === 0 || contract.ratePlanIds.includes(plan.id));
}

/** Rooms of a unit free on every night (0 when a night has no row): core's `freeOnEveryNight`. */
export function unitAvailability(property: EngineProperty, unitId: string, nights: string[]): number {
  const days = property.availability.get(unitId);
  return freeOnEveryNight(nights.map((night) => days?.get(night)));
}

/** A plan of the property by id (a child plan's parent may belong to another unit). */
function planById(property: EngineProperty, id: string): EnginePlan | undefined {
  for (const unit of property.units) {
    const plan = unit.plans.find((p) => p.id === id);
    if (plan) return plan;
  }
  return undefined;
}

/**
 * A plan's effective day (what is sold): its stored row, or for a child plan core's `childPlanDay` — the
 * parent's effective day (itself perhaps a child's) with the child's modifier where it inherits the rate, and
 * the parent's restrictions where its flags say so. `undefined`: not priced that day.
 */
export function effectiveDay(
  property: EngineProperty,
  plan: EnginePlan,
  date: string,
  depth = 0,
): NightRestrictions | undefined {
  const own = property.prices.get(plan.id)?.get(date);
  if (!plan.child || depth > 20) return own;
  const parentPlan = planById(property, plan.child.parentId);
  const parent = parentPlan ? effectiveDay(property, parentPlan, date, depth + 1) : undefined;
  const day: StoredDay | undefined = childPlanDay(plan.child.plan, date, parent, own);
  if (!day) return undefined;
  const { price, stopSell, closedToArrival, closedToDeparture, minStayArrival, minStayThrough, maxStay } =
    day;
  const night: NightRestrictions = {
    price,
    stopSell,
    closedToArrival,
    closedToDeparture,
    minStayArrival,
    minStayThrough,
    maxStay,
  };
  if (day.occupancyRates) night.occupancyRates = day.occupancyRates;
  return night;
}

/**
 * The rooms a plan offers for these nights: the unit's free on every night under the plan's caps, its max sell
 * less the rooms of the plan already booked on the stay's most sold night.
 */
export function planAvailability(property: EngineProperty, plan: EnginePlan, nights: string[]): number {
  return sellableRooms(
    unitAvailability(property, plan.unitId, nights),
    plan.caps,
    soldOnStay(plan.sold, nights),
  );
}

/** Why a plan cannot be sold for these nights, or `null`: core's availability rules on the plan's calendar. */
export function restrictionFor(
  unit: EngineUnit,
  plan: EnginePlan,
  occupancy: Occupancy,
  days: { nights: (NightRestrictions | undefined)[]; departure: NightRestrictions | undefined },
  available: number,
): UnavailableReason | null {
  return unavailableReasonOf(unit, plan, occupancy, { ...days, available, planMinStay: plan.minStay });
}

/**
 * One rate for one occupancy: each night core's `occupancyNightPrice` of the plan's effective day (per room,
 * or the per-person option of that many adults — manual, derived or auto — plus the children's and infants'
 * fees), then the contract, converted, with taxes. A per-person plan without an option for that many adults is
 * not sold for them (`occupancy`).
 */
export function priceOffer(
  property: EngineProperty,
  unit: EngineUnit,
  plan: EnginePlan,
  occupancy: Occupancy,
  stay: Stay,
): RateOffer {
  const nights = nightsOf(stay);
  const available = planAvailability(property, plan, nights);
  const days = {
    nights: nights.map((date) => effectiveDay(property, plan, date)),
    departure: effectiveDay(property, plan, stay.checkout),
  };
  let reason = restrictionFor(unit, plan, occupancy, days, available);
  const convert = (amount: number) => convertMoney(amount, property.currency, stay.currency, stay.rates);
  const nightly = nights.map((date, i) => {
    const day = days.nights[i];
    const base = day ? occupancyNightPrice(plan.pricing, day, occupancy) : undefined;
    if (base === null) reason ??= 'occupancy';
    const price = typeof base === 'number' ? applyModifier(base, property.contract) : 0;
    return { date, price: roundMoney(convert(price), stay.currency) };
  });
  const net = roundMoney(
    nightly.reduce((sum, n) => sum + n.price, 0),
    stay.currency,
  );
  // Amount-based taxes are in the property's currency: convert their rates with the price.
  const taxes = property.taxes.map((t) => (t.mode === 'percent' ? t : { ...t, rate: convert(t.rate) }));
  const { lines, total } = taxLines(
    taxes,
    { net, nights: nights.length, persons: occupancy.adults + occupancy.children },
    stay.currency,
  );
  const first = days.nights[0];
  return {
    id: offerId(plan.id, occupancy),
    ratePlanId: plan.id,
    title: plan.title,
    availability: available,
    occupancy,
    sellMode: plan.sellMode,
    totalPrice: total,
    netPrice: net,
    nightly,
    lengthOfStay: nights.length,
    taxes: lines.map((l) => ({
      ...l,
      rate: l.mode === 'percent' ? l.rate : roundMoney(l.rate, stay.currency),
    })),
    currency: stay.currency,
    mealType: plan.mealType,
    cancellationPolicy: plan.policy,
    liability: liabilityOf(plan.policy),
    unavailableReason: reason,
    ...stayLimits(first, plan.minStay),
  };
}

/** The units of a property with their rates for a stay (plans the contract covers only). */
export function unitsWithRates(property: EngineProperty, stay: Stay, virtual: boolean): UnitWithRates[] {
  const nights = nightsOf(stay);
  return property.units.map((unit) => ({
    id: unit.id,
    type: 'unit' as const,
    title: unit.title,
    description: unit.description,
    photos: unit.photos.map(photoOf),
    facilities: unit.facilities,
    bedOptions: unit.bedOptions,
    maxOccupancy: unit.maxOccupancy,
    maxAdults: unit.maxAdults,
    maxChildren: unit.maxChildren,
    maxInfants: unit.maxInfants,
    availability: unitAvailability(property, unit.id, nights),
    ratePlans: unit.plans
      .filter((plan) => planCovered(property, plan))
      .flatMap((plan) =>
        occupancyOptions(unit, plan, virtual).map((o) => priceOffer(property, unit, plan, o, stay)),
      ),
  }));
}

/** The cheapest bookable total of one unit for the guests, or why there is none. */
export function bestOfferOf(
  property: EngineProperty,
  stay: Stay,
  guests: Occupancy,
): { offer: number | null; errors: string[] } {
  if (!property.contract) return { offer: null, errors: ['no_contract'] };
  let best: number | null = null;
  let fitsSomewhere = false;
  for (const unit of property.units) {
    for (const plan of unit.plans) {
      if (!planCovered(property, plan) || !fitsOccupancy(unit, plan, guests)) continue;
      fitsSomewhere = true;
      const offer = priceOffer(property, unit, plan, guests, stay);
      if (offer.unavailableReason === null && (best === null || offer.totalPrice < best))
        best = offer.totalPrice;
    }
  }
  if (best !== null) return { offer: best, errors: [] };
  return { offer: null, errors: [fitsSomewhere ? 'sold_out' : 'occupancy'] };
}

export function photoOf(p: { file: string; description: string }) {
  return { url: `/photos/${p.file}`, description: p.description };
}
