import {
  applyModifier,
  type CurrencyRates,
  convertMoney,
  liabilityOf,
  nightPrice,
  roundMoney,
  taxLines,
} from '@tern/core';
import type { Occupancy, RateOffer, UnavailableReason, UnitWithRates } from '@tern/sdk';
import type { EnginePlan, EngineProperty, EngineUnit } from './load.js';

// Pricing a property's rates for a stay, for one reseller (their contract) and one currency. Every number a
// reseller sees and every booking total comes from here; the rules themselves are core's.

const DAY_MS = 86_400_000;

/** The nights of a stay: every day from check-in up to (not including) check-out. */
export function stayNights(checkin: string, checkout: string): string[] {
  const start = Date.parse(`${checkin}T00:00:00Z`);
  const end = Date.parse(`${checkout}T00:00:00Z`);
  const nights: string[] = [];
  for (let t = start; t < end; t += DAY_MS) nights.push(new Date(t).toISOString().slice(0, 10));
  return nights;
}

export interface Stay {
  checkin: string;
  checkout: string;
  currency: string;
  rates: CurrencyRates;
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

/** Rooms of a unit free on every night (0 when a night has no row). */
export function unitAvailability(property: EngineProperty, unitId: string, nights: string[]): number {
  const days = property.availability.get(unitId);
  let min = Number.POSITIVE_INFINITY;
  for (const night of nights) min = Math.min(min, days?.get(night) ?? 0);
  return nights.length === 0 || !Number.isFinite(min) ? 0 : min;
}

export function fits(unit: EngineUnit, plan: EnginePlan, o: Occupancy): boolean {
  return (
    o.adults >= 1 &&
    o.adults <= Math.min(unit.maxAdults, plan.maxAdults) &&
    o.children <= Math.min(unit.maxChildren, plan.maxChildren) &&
    o.infants <= Math.min(unit.maxInfants, plan.maxInfants) &&
    o.adults + o.children <= unit.maxOccupancy
  );
}

/** The occupancy options a plan is sold for, one rate each (`withVirtualRatePlans`). */
export function occupancyOptions(unit: EngineUnit, plan: EnginePlan, virtual: boolean): Occupancy[] {
  const maxAdults = Math.min(unit.maxAdults, plan.maxAdults, unit.maxOccupancy);
  if (!virtual) return [{ adults: Math.max(1, maxAdults), children: 0, infants: 0 }];
  const options: Occupancy[] = [];
  for (let adults = maxAdults; adults >= 1; adults--) {
    for (let children = 0; children <= Math.min(unit.maxChildren, plan.maxChildren); children++) {
      if (adults + children <= unit.maxOccupancy) options.push({ adults, children, infants: 0 });
    }
  }
  return options;
}

/** Why a plan cannot be sold for these nights, or `null`. */
export function restrictionFor(
  property: EngineProperty,
  unit: EngineUnit,
  plan: EnginePlan,
  occupancy: Occupancy,
  nights: string[],
  checkout: string,
  available: number,
): UnavailableReason | null {
  if (!fits(unit, plan, occupancy)) return 'occupancy';
  const days = property.prices.get(plan.id);
  const rows = nights.map((n) => days?.get(n));
  if (available <= 0 || rows.some((r) => r === undefined)) return 'sold_out';
  const first = rows[0]!;
  if (rows.some((r) => r!.stopSell)) return 'stop_sell';
  if (first.closedToArrival) return 'closed_to_arrival';
  if (days?.get(checkout)?.closedToDeparture) return 'closed_to_departure';
  const minStay = Math.max(first.minStayArrival, plan.minStay ?? 1, ...rows.map((r) => r!.minStayThrough));
  if (nights.length < minStay) return 'min_stay';
  if (first.maxStay !== null && nights.length > first.maxStay) return 'max_stay';
  return null;
}

/** One rate for one occupancy: prices per night after the contract, converted, with taxes. */
export function priceOffer(
  property: EngineProperty,
  unit: EngineUnit,
  plan: EnginePlan,
  occupancy: Occupancy,
  stay: Stay,
): RateOffer {
  const nights = stayNights(stay.checkin, stay.checkout);
  const available = unitAvailability(property, unit.id, nights);
  const reason = restrictionFor(property, unit, plan, occupancy, nights, stay.checkout, available);
  const days = property.prices.get(plan.id);
  const convert = (amount: number) => convertMoney(amount, property.currency, stay.currency, stay.rates);
  const nightly = nights.map((date) => {
    const row = days?.get(date);
    const price = row ? applyModifier(nightPrice(row.price, plan, occupancy), property.contract) : 0;
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
  const first = days?.get(nights[0] ?? '');
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
    minStay: first ? Math.max(first.minStayArrival, plan.minStay ?? 1) : plan.minStay,
    maxStay: first?.maxStay ?? null,
  };
}

/** The units of a property with their rates for a stay (plans the contract covers only). */
export function unitsWithRates(property: EngineProperty, stay: Stay, virtual: boolean): UnitWithRates[] {
  const nights = stayNights(stay.checkin, stay.checkout);
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
      if (!planCovered(property, plan) || !fits(unit, plan, guests)) continue;
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
