import { addDays, daysFrom, isPastDay } from '@tern/core/dates';
import { lastArrivalOf } from '@tern/core/redemption';
import type {
  Occupancy,
  RedemptionClosedDates,
  RedemptionRooms,
  redemptionClosedDatesQuery,
  redemptionRoomsQuery,
  UnavailableReason,
} from '@tern/sdk';
import type * as z from 'zod';
import { type Clock, todayAt } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import { invalidField } from '../../http/errors.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';
import {
  type EnginePlan,
  type EngineProperty,
  type EngineUnit,
  loadEngineProperties,
} from '../engine/load.js';
import { effectiveDay, photoOf, planAvailability, restrictionFor } from '../engine/offers.js';
import { checkStay } from '../engine/queries.js';

// What a card can book at one of its hotels (document 3 §5 Date picker (redemption), R314): the engine's load of
// the property (no agency: no contract, no prices charged — the card paid) and core's availability rules over the
// card type's plans there only (`gift_card_type_rate_plans`): rooms free under the plan's caps, stop sell, closed
// to arrival/departure, minimum and maximum stay, as for resellers. The booking (book.ts) checks the same.

/** A plan the card's type covers at a property: plain (paid by the card) or an upsell at its price. */
export interface CardPlan {
  unitId: string;
  ratePlanId: string;
  upsell: boolean;
  price: number;
}

const cardPlansSql = prepared(
  `select g.unit_id, g.rate_plan_id, g.upsell, g.price
     from gift_card_type_rate_plans g join units u on u.id = g.unit_id
    where g.gift_card_type_id = $1 and u.property_id = $2
    order by g.position, g.unit_id`,
  { readOnly: true },
);

export async function cardPlansAt(db: Db, typeId: string, propertyId: string): Promise<CardPlan[]> {
  const rows = await db.query<{
    unit_id: string;
    rate_plan_id: string;
    upsell: boolean;
    price: string | null;
  }>(cardPlansSql, [typeId, propertyId]);
  return rows.map((r) => ({
    unitId: r.unit_id,
    ratePlanId: r.rate_plan_id,
    upsell: r.upsell,
    price: r.price === null ? 0 : Number(r.price),
  }));
}

/** The party a rate is shown for when none is asked yet (the date picker, the rooms list): one adult. */
const ONE_ADULT: Occupancy = { adults: 1, children: 0, infants: 0 };

/** A card's plan with its unit and the engine's plan, when the property still has both. */
export interface LoadedPlan {
  card: CardPlan;
  unit: EngineUnit;
  plan: EnginePlan;
}

export function loadedPlans(property: EngineProperty, plans: CardPlan[]): LoadedPlan[] {
  return plans.flatMap((card) => {
    const unit = property.units.find((u) => u.id === card.unitId);
    const plan = unit?.plans.find((p) => p.id === card.ratePlanId);
    return unit && plan ? [{ card, unit, plan }] : [];
  });
}

/** Rooms left on a plan for the stay, and why it cannot be booked for the party (core's rules), or `null`. */
export function planForStay(
  property: EngineProperty,
  { unit, plan }: LoadedPlan,
  arrival: string,
  departure: string,
  party: Occupancy = ONE_ADULT,
): { availability: number; reason: UnavailableReason | null } {
  const nights = daysFrom(arrival, departure);
  const availability = planAvailability(property, plan, nights);
  const days = {
    nights: nights.map((date) => effectiveDay(property, plan, date)),
    departure: effectiveDay(property, plan, departure),
  };
  return { availability, reason: restrictionFor(unit, plan, party, days, availability) };
}

/** The card's last arrival: no night of its stay after its expiry (core's rule). */
export const lastArrivalOfCard = (card: Pick<OwnedRedeemableCard, 'expirationDate' | 'lengthOfStay'>) =>
  lastArrivalOf(card.expirationDate, card.lengthOfStay);

/** A stay whose last night is after the card's expiry: 422-like refusal on the field that names the arrival. */
export function checkWithinExpiry(card: OwnedRedeemableCard, arrival: string, field: string): void {
  if (arrival > lastArrivalOfCard(card))
    throw invalidField('gift_card_expired', field, { expirationDate: card.expirationDate });
}

/** `redemption.closedDates`. */
export async function redemptionClosedDates(
  db: Db,
  clock: Clock,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  query: z.output<typeof redemptionClosedDatesQuery>,
): Promise<RedemptionClosedDates> {
  const today = todayAt(clock, property.timezone || 'UTC');
  const firstArrival = query.from && !isPastDay(query.from, today) ? query.from : today;
  const cardLast = lastArrivalOfCard(card);
  // Asked: at most 400 days on; unasked: the card's last arrival, or 400 days on for a card valid longer (the
  // store's date grid asks without `to`: a card valid 48 months must not answer 400).
  const horizon = addDays(firstArrival, 400);
  if (query.to && query.to > horizon) throw invalidField('invalid_value', 'to');
  const asked = query.to ?? (cardLast < horizon ? cardLast : horizon);
  const lastArrival = asked < cardLast ? asked : cardLast;
  const plans = await cardPlansAt(db, card.typeId, property.id);
  const arrivals = lastArrival >= firstArrival ? [...daysFrom(firstArrival, lastArrival), lastArrival] : [];
  if (arrivals.length === 0 || plans.length === 0)
    return {
      firstArrival,
      lastArrival,
      closedArrivals: arrivals,
      ratePlans: plans.map((p) => ({ ratePlanId: p.ratePlanId, closedArrivals: arrivals })),
    };
  const loaded = (
    await loadEngineProperties(
      db,
      [property.id],
      null,
      firstArrival,
      addDays(lastArrival, card.lengthOfStay),
      {
        unitDetails: false,
      },
    )
  ).get(property.id)!;
  const mine = loadedPlans(loaded, plans);
  const closedOf = new Map(plans.map((p) => [p.ratePlanId, [] as string[]]));
  const closedArrivals: string[] = [];
  for (const arrival of arrivals) {
    const departure = addDays(arrival, card.lengthOfStay);
    let open = false;
    for (const p of plans) {
      const found = mine.find((m) => m.card === p);
      const closed = !found || planForStay(loaded, found, arrival, departure).reason !== null;
      if (closed) closedOf.get(p.ratePlanId)!.push(arrival);
      else open = true;
    }
    if (!open) closedArrivals.push(arrival);
  }
  return {
    firstArrival,
    lastArrival,
    closedArrivals,
    ratePlans: plans.map((p) => ({ ratePlanId: p.ratePlanId, closedArrivals: closedOf.get(p.ratePlanId)! })),
  };
}

/** `redemption.rooms`. */
export async function redemptionRooms(
  db: Db,
  clock: Clock,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  query: z.output<typeof redemptionRoomsQuery>,
): Promise<RedemptionRooms> {
  const checkin = query.checkin;
  const checkout = addDays(checkin, card.lengthOfStay);
  checkStay(checkin, checkout, todayAt(clock, property.timezone || 'UTC'));
  checkWithinExpiry(card, checkin, 'checkin');
  const plans = await cardPlansAt(db, card.typeId, property.id);
  const loaded = (await loadEngineProperties(db, [property.id], null, checkin, checkout)).get(property.id)!;
  const mine = loadedPlans(loaded, plans);
  const units = [...new Set(mine.map((m) => m.unit))];
  return {
    checkin,
    checkout,
    rooms: units.map((unit) => ({
      roomTypeId: unit.id,
      title: unit.title,
      description: unit.description,
      photos: unit.photos.map(photoOf),
      maxOccupancy: unit.maxOccupancy,
      rates: mine
        .filter((m) => m.unit === unit)
        .map((m) => {
          const { availability, reason } = planForStay(loaded, m, checkin, checkout);
          return {
            ratePlanId: m.plan.id,
            title: m.plan.title,
            mealType: m.plan.mealType,
            upsell: m.card.upsell,
            upsellPrice: m.card.price,
            currency: loaded.currency,
            maxAdults: m.plan.maxAdults,
            maxChildren: m.plan.maxChildren,
            availability,
            unavailableReason: reason,
          };
        }),
    })),
  };
}
