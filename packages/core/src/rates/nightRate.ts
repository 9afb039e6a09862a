import type { Occupancy } from '@tern/sdk';
import type { DayRestrictions } from '../bookingEngine/availability.js';
import { applyModifier } from '../bookingEngine/pricing.js';
import { type Day, isoWeekday } from '../dates/dates.js';
import type { DerivedModifier, InheritFlag, RatePlanForm, WeekRestrictions } from './ratePlans.js';
import { autoModifier } from './sellMode.js';

// The price and restrictions of a rate plan on one day (document 2 §3, §4; docs/decisions.md "Rate plans"): the
// one rule the booking engine, the inventory calendar and the screens use. Money stays unrounded here; the
// caller rounds with `roundMoney` at the edge, after the contract's modifier, as `priceOffer` does today.

/** What the calendar stores for a plan and a day (a `rate_prices` row). */
export interface StoredDay extends DayRestrictions {
  /** The primary occupancy's rate (per person), or the room's (per room). */
  price: number;
  /** Manual per-person plans: rates stored for other occupancies that day, by persons. */
  occupancyRates?: Readonly<Record<number, number>>;
}

/** The parts of a plan its prices need. */
export type PlanPricing = Pick<
  RatePlanForm,
  'sellMode' | 'rateMode' | 'options' | 'autoRateSettings' | 'childrenFee' | 'infantFee' | 'primaryOccupancy'
>;

/** The derived steps applied in order, each on the previous result (a step never goes below 0). */
export function applyModifiers(price: number, steps: readonly DerivedModifier[]): number {
  return steps.reduce(
    (result, [modifierLogic, modifierAmount]) => applyModifier(result, { modifierLogic, modifierAmount }),
    price,
  );
}

/**
 * The rate of `persons` on a day, before fees, or `null` when the plan is not sold for that many:
 * - per room: the stored price, whatever the party;
 * - per person without options (plans made before options): the stored price per adult;
 * - per person with options, for the option of that occupancy: the primary's is the stored price; otherwise
 *   manual — the day's stored rate of that occupancy, else the option's own rate, else not sold; derived — the
 *   option's steps on the stored price; auto — the step computed from the auto settings (R192) on it.
 */
export function occupancyRate(
  plan: PlanPricing,
  day: Pick<StoredDay, 'price' | 'occupancyRates'>,
  persons: number,
) {
  if (plan.sellMode === 'per_room') return day.price;
  if (plan.options.length === 0) return day.price * persons;
  const option = plan.options.find((o) => o.occupancy === persons);
  if (!option) return null;
  if (option.isPrimary) return day.price;
  switch (plan.rateMode) {
    case 'manual':
      return day.occupancyRates?.[persons] ?? option.rate ?? null;
    case 'derived':
      return applyModifiers(day.price, option.derivedOption.rate);
    case 'auto': {
      const primary = plan.options.find((o) => o.isPrimary)?.occupancy ?? plan.primaryOccupancy ?? persons;
      const step = autoModifier(plan.autoRateSettings, persons, primary);
      return step ? applyModifiers(day.price, [step]) : day.price;
    }
  }
}

/**
 * THE price of one unit for one night and party (before the contract's modifier and taxes): the rate of the
 * adults (per-person options count adults; see docs/decisions.md) plus the children's fee per child and the
 * infants' fee per infant; `null` when the plan is not sold for that many adults.
 */
export function occupancyNightPrice(
  plan: PlanPricing,
  day: Pick<StoredDay, 'price' | 'occupancyRates'>,
  party: Occupancy,
): number | null {
  const rate = occupancyRate(plan, day, party.adults);
  if (rate === null) return null;
  return rate + plan.childrenFee * party.children + plan.infantFee * party.infants;
}

/** The neutral day: what a day without a stored row restricts (nothing). */
export const OPEN_DAY: DayRestrictions = {
  stopSell: false,
  closedToArrival: false,
  closedToDeparture: false,
  minStayArrival: 1,
  minStayThrough: 1,
  maxStay: null,
};

/** The plan's seven-day arrays read for a date (index `isoWeekday − 1`; a max stay of 0 is no maximum). */
export function weekdayRestrictions(week: WeekRestrictions, date: Day): DayRestrictions {
  const i = isoWeekday(date) - 1;
  return {
    stopSell: week.stopSell[i]!,
    closedToArrival: week.closedToArrival[i]!,
    closedToDeparture: week.closedToDeparture[i]!,
    minStayArrival: week.minStayArrival[i]!,
    minStayThrough: week.minStayThrough[i]!,
    maxStay: week.maxStay[i]! > 0 ? week.maxStay[i]! : null,
  };
}

/**
 * The restrictions of a date (docs/decisions.md "Rate plans"): the day's own stored row when it has one — a
 * saved plan writes its weekday arrays into its rows, and the calendar then changes single days, so the row is
 * the latest word and may lift a weekday rule for one date; the weekday arrays for a date without a row.
 */
export function restrictionsOfDate(
  week: WeekRestrictions,
  date: Day,
  stored: DayRestrictions | undefined,
): DayRestrictions {
  if (!stored) return weekdayRestrictions(week, date);
  const { stopSell, closedToArrival, closedToDeparture, minStayArrival, minStayThrough, maxStay } = stored;
  return { stopSell, closedToArrival, closedToDeparture, minStayArrival, minStayThrough, maxStay };
}

/** A plan's effective day: the stored price and the restrictions of `restrictionsOfDate`; none without a row. */
export function planDay(
  week: WeekRestrictions,
  date: Day,
  stored: StoredDay | undefined,
): StoredDay | undefined {
  if (!stored) return undefined;
  return { ...stored, ...restrictionsOfDate(week, date, stored) };
}

/** Which `DayRestrictions` field each inherit flag covers. */
export const INHERITED_FIELD: Record<Exclude<InheritFlag, 'inheritRate'>, keyof DayRestrictions> = {
  inheritStopSell: 'stopSell',
  inheritMinStayThrough: 'minStayThrough',
  inheritMinStayArrival: 'minStayArrival',
  inheritMaxStay: 'maxStay',
  inheritClosedToDeparture: 'closedToDeparture',
  inheritClosedToArrival: 'closedToArrival',
};

/** A child plan's parts its day needs. */
export type ChildPlan = Pick<RatePlanForm, InheritFlag | 'options'> & WeekRestrictions;

/**
 * A child plan's day (R195): with `inheritRate`, the parent's effective price with the child's modifier (its
 * primary option's derived steps) applied, otherwise its own stored price; each restriction the parent's
 * effective value when its flag is set, otherwise the child's own (`restrictionsOfDate` of its arrays and its
 * row). `undefined` when the price it needs is missing (the parent's, or its own).
 */
export function childPlanDay(
  child: ChildPlan,
  date: Day,
  parent: StoredDay | undefined,
  own: StoredDay | undefined,
): StoredDay | undefined {
  const priceSource = child.inheritRate ? parent : own;
  if (!priceSource) return undefined;
  const steps = child.options.find((o) => o.isPrimary)?.derivedOption.rate ?? [];
  const price = child.inheritRate ? applyModifiers(priceSource.price, steps) : priceSource.price;
  const mine = restrictionsOfDate(child, date, own);
  const theirs = parent ?? OPEN_DAY;
  const pick = <K extends keyof DayRestrictions>(flag: keyof typeof INHERITED_FIELD, field: K) =>
    child[flag] ? theirs[field] : mine[field];
  const day: StoredDay = {
    price,
    stopSell: pick('inheritStopSell', 'stopSell'),
    closedToArrival: pick('inheritClosedToArrival', 'closedToArrival'),
    closedToDeparture: pick('inheritClosedToDeparture', 'closedToDeparture'),
    minStayArrival: pick('inheritMinStayArrival', 'minStayArrival'),
    minStayThrough: pick('inheritMinStayThrough', 'minStayThrough'),
    maxStay: pick('inheritMaxStay', 'maxStay'),
  };
  if (!child.inheritRate && own?.occupancyRates) day.occupancyRates = own.occupancyRates;
  return day;
}

/** A plan's caps on the rooms it sells (document 2 §3 "Rate plan": max_sell, max_availability, offset). */
export type PlanCaps = Pick<RatePlanForm, 'maxSell' | 'maxAvailability' | 'availabilityOffset'>;

/**
 * The rooms of a plan sold on the stay's most sold night: `sold` is the plan's booked rooms by date (a date
 * missing is none sold), `nights` the stay's nights. What `sellableRooms` takes off the plan's `maxSell`.
 */
export function soldOnStay(
  sold: Readonly<Record<string, number>> | undefined,
  nights: readonly Day[],
): number {
  if (!sold) return 0;
  return nights.reduce((most, night) => Math.max(most, sold[night] ?? 0), 0);
}

/**
 * The rooms a plan offers when `free` rooms of its unit are free on every night of the stay and `sold` rooms of
 * THIS plan are already booked on the stay's most sold night (`soldOnStay`): none when none are free (or a
 * night has no row); otherwise the free rooms less the offset held back (a negative offset oversells), at most
 * `maxAvailability` shown and at most what is left of `maxSell` on every night (`maxSell − sold`), never below
 * none. `maxSell` is the plan's cap per night: a plan with a cap of 2 and 2 rooms booked that night sells no
 * more, however many rooms the unit has free.
 */
export function sellableRooms(free: number, caps: PlanCaps, sold = 0): number {
  if (free <= 0) return 0;
  const shown = Math.min(
    free - caps.availabilityOffset,
    caps.maxAvailability ?? Number.POSITIVE_INFINITY,
    caps.maxSell === null ? Number.POSITIVE_INFINITY : caps.maxSell - sold,
  );
  return Math.max(0, shown);
}
