import type { CancellationPolicy, Occupancy, TaxLine, TaxMode } from '@tern/sdk';

// How a rate is priced (document 1 §3, §5, §9; DECISIONS 10, 11). Pure functions shared by the server, which
// prices every offer and re-prices every booking, and by the screens, which add rooms up. Money is in major
// units and rounded to the currency's minor unit only at the edges (`roundMoney`).

/** Currencies without a minor unit in everyday prices. */
const ZERO_DECIMALS = new Set(['ISK', 'JPY', 'KRW', 'CLP', 'HUF', 'VND', 'XOF', 'XAF']);

/** Currencies with three decimals (ISO 4217 minor unit 3). */
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Decimals a price in this currency is shown and rounded with: 0 for ISK, JPY…, 3 for KWD, BHD…, otherwise 2. */
export function currencyDecimals(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  return ZERO_DECIMALS.has(code) ? 0 : THREE_DECIMALS.has(code) ? 3 : 2;
}

/** Rounds half away from zero to the currency's decimals (`1.005` → `1.01`, ISK `1250.5` → `1251`). */
export function roundMoney(amount: number, currency: string): number {
  const factor = 10 ** currencyDecimals(currency);
  const scaled = Math.abs(amount) * factor;
  // Nudge by a relative epsilon so binary noise (1.005 is 1.00499…) rounds the way people expect.
  const rounded = Math.round(scaled * (1 + Number.EPSILON * 4)) / factor;
  return amount < 0 ? -rounded : rounded;
}

/** Units of each currency per one unit of the base currency (the server's `currency_rates`, base USD = 1). */
export type CurrencyRates = Readonly<Record<string, number>>;

/** Converts an amount between currencies through the base of `rates`; an unknown currency is an error. */
export function convertMoney(amount: number, from: string, to: string, rates: CurrencyRates): number {
  if (from === to) return amount;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) throw new RangeError(`No exchange rate for ${fromRate ? to : from}`);
  return (amount / fromRate) * toRate;
}

export type ModifierLogic =
  | 'increase_by_percent'
  | 'decrease_by_percent'
  | 'increase_by_amount'
  | 'decrease_by_amount';

export interface PriceModifier {
  modifierLogic: ModifierLogic;
  /** Percent, or an amount in the property's currency per unit and night. */
  modifierAmount: number;
}

/** A contract's modifier applied to one unit's price for one night; never below zero. */
export function applyModifier(price: number, modifier: PriceModifier | null): number {
  if (!modifier) return price;
  const { modifierLogic, modifierAmount: a } = modifier;
  const result =
    modifierLogic === 'increase_by_percent'
      ? price * (1 + a / 100)
      : modifierLogic === 'decrease_by_percent'
        ? price * (1 - a / 100)
        : modifierLogic === 'increase_by_amount'
          ? price + a
          : price - a;
  return Math.max(0, result);
}

/**
 * A price after the contract's modifier, rounded to the currency's decimals (ISK, JPY: whole units): what a
 * reseller is shown for one unit and night.
 */
export function modifiedPrice(price: number, modifier: PriceModifier | null, currency: string): number {
  return roundMoney(applyModifier(price, modifier), currency);
}

/** What a rate plan charges besides its base price per night. */
export interface PlanCharges {
  /** `per_room`: the price is for the room; `per_person`: the price is per adult. */
  sellMode: 'per_room' | 'per_person';
  childrenFee: number;
  infantFee: number;
}

/** One unit's price for one night and occupancy, before the contract modifier. */
export function nightPrice(basePrice: number, plan: PlanCharges, occupancy: Occupancy): number {
  const rooms = plan.sellMode === 'per_person' ? basePrice * occupancy.adults : basePrice;
  return rooms + plan.childrenFee * occupancy.children + plan.infantFee * occupancy.infants;
}

export interface TaxRule {
  title: string;
  mode: TaxMode;
  /** Percent for `percent`, otherwise an amount per unit of the mode (in the price's currency). */
  rate: number;
  inclusive: boolean;
}

export interface StayBasis {
  /** One unit's price for the stay before taxes. */
  net: number;
  nights: number;
  /** Adults and children (infants do not count as persons). */
  persons: number;
}

/**
 * One tax line for one unit and stay (DECISIONS 10). `percent` is a share of the net price (of the price that
 * already holds it, when inclusive); `per_room` once per unit; `per_night` and `per_room_per_night` per night;
 * `per_person` per person; `per_person_per_night` per person and night; `per_booking` once per booking
 * (see `bookingTotal`, which counts it once however many units are booked).
 */
export function taxAmount(tax: TaxRule, stay: StayBasis): number {
  switch (tax.mode) {
    case 'percent':
      return tax.inclusive ? stay.net - stay.net / (1 + tax.rate / 100) : (stay.net * tax.rate) / 100;
    case 'per_room':
    case 'per_booking':
      return tax.rate;
    case 'per_night':
    case 'per_room_per_night':
      return tax.rate * stay.nights;
    case 'per_person':
      return tax.rate * stay.persons;
    case 'per_person_per_night':
      return tax.rate * stay.persons * stay.nights;
  }
}

/** The tax lines of one unit's stay, each with its amount, and the total with the taxes not already in it. */
export function taxLines(
  taxes: readonly TaxRule[],
  stay: StayBasis,
  currency: string,
): { lines: TaxLine[]; total: number } {
  const lines = taxes.map((tax) => ({ ...tax, amount: roundMoney(taxAmount(tax, stay), currency) }));
  const added = lines.filter((l) => !l.inclusive).reduce((sum, l) => sum + l.amount, 0);
  return { lines, total: roundMoney(stay.net + added, currency) };
}

/** A priced room of a booking: its total (taxes included) and its tax lines. */
export interface PricedRoom {
  totalPrice: number;
  taxes: readonly Pick<TaxLine, 'mode' | 'inclusive' | 'amount'>[];
}

/**
 * The total of several rooms (DECISIONS 10): every room's total, but a `per_booking` tax added on top is
 * counted once for the booking, not once per room.
 */
export function bookingTotal(rooms: readonly PricedRoom[], currency: string): number {
  let total = 0;
  let perBooking = 0;
  for (const room of rooms) {
    const once = room.taxes
      .filter((t) => t.mode === 'per_booking' && !t.inclusive)
      .reduce((sum, t) => sum + t.amount, 0);
    total += room.totalPrice - once;
    perBooking = Math.max(perBooking, once);
  }
  return roundMoney(total + (rooms.length ? perBooking : 0), currency);
}

/** Every tax line of the booking summed by title and mode (for the price summary); `per_booking` once. */
export function taxSummary(rooms: readonly { taxes: readonly TaxLine[] }[], currency: string): TaxLine[] {
  const byKey = new Map<string, TaxLine>();
  for (const room of rooms) {
    for (const line of room.taxes) {
      const key = `${line.title}\u0000${line.mode}\u0000${line.inclusive}`;
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { ...line });
      else if (line.mode !== 'per_booking') seen.amount = roundMoney(seen.amount + line.amount, currency);
    }
  }
  return [...byKey.values()];
}

// ——— policies ———————————————————————————————————————————————————————————————————————————————————

type PolicyTerms = Pick<
  CancellationPolicy,
  | 'cancellationPolicyLogic'
  | 'cancellationPolicyDeadline'
  | 'cancellationPolicyDeadlineType'
  | 'guaranteePaymentPolicy'
  | 'guaranteePaymentAmount'
>;

/** How much of the stay is paid when booking (DECISIONS 11): none, full (100 %), or partial. */
export function paymentKind(
  policy: Pick<PolicyTerms, 'guaranteePaymentPolicy' | 'guaranteePaymentAmount'> | null | undefined,
): 'none' | 'full' | 'partial' {
  if (!policy || policy.guaranteePaymentPolicy === 'none') return 'none';
  if (policy.guaranteePaymentPolicy === 'percent_based' && policy.guaranteePaymentAmount >= 100)
    return 'full';
  return 'partial';
}

/** Who collects the money: prepaid in full, a card as guarantee (partial), or paid at the property. */
export function liabilityOf(
  policy: Pick<PolicyTerms, 'guaranteePaymentPolicy' | 'guaranteePaymentAmount'> | null | undefined,
): 'prepaid' | 'guarantee' | 'pay_at_property' {
  const kind = paymentKind(policy);
  return kind === 'full' ? 'prepaid' : kind === 'partial' ? 'guarantee' : 'pay_at_property';
}

/** A card is needed when any chosen rate's policy asks for a payment (document 1 §4, R079). */
export function isCardNeeded(
  policies: readonly (Pick<PolicyTerms, 'guaranteePaymentPolicy'> | null | undefined)[],
): boolean {
  return policies.some((p) => p != null && p.guaranteePaymentPolicy !== 'none');
}

/** A deadline in hours (days × 24); 0 when the policy has none. */
export function deadlineHours(
  policy: Pick<PolicyTerms, 'cancellationPolicyDeadline' | 'cancellationPolicyDeadlineType'>,
): number {
  const n = policy.cancellationPolicyDeadline ?? 0;
  return policy.cancellationPolicyDeadlineType === 'days' ? n * 24 : n;
}

/**
 * The cancellation policy that applies to a booking of several rooms (document 1 §5, R073): when every room
 * has the same logic and it is not `deadline`, the first room's policy; otherwise the one with the longest
 * deadline in hours (days × 24). `null` when no room has a policy.
 */
export function bookingPolicy<P extends PolicyTerms>(policies: readonly (P | null | undefined)[]): P | null {
  const present = policies.filter((p): p is P => p != null);
  const first = present[0];
  if (!first) return null;
  const logic = first.cancellationPolicyLogic;
  if (logic !== 'deadline' && present.every((p) => p.cancellationPolicyLogic === logic)) return first;
  return present.reduce((best, p) => (deadlineHours(p) > deadlineHours(best) ? p : best), first);
}
