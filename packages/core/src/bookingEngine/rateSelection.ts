// The rates table and the rooms chosen in it (document 1 §5 "unit selection", §8, §9).

interface RateLike {
  id: string;
  availability: number;
  occupancy: { adults: number; children: number; infants: number };
  totalPrice: number;
  netPrice: number;
  taxes: { title: string; mode: string; amount: number; inclusive: boolean }[];
  cancellationPolicy: { guaranteePaymentPolicy: 'none' | 'percent_based' | 'amount' } | null;
}
interface UnitLike {
  id: string;
  availability: number;
  ratePlans: RateLike[];
}
type Selection = Record<string, Record<string, number>>;

/** 0 … (rooms chosen for this rate + rooms of the unit still free). */
export function quantityOptions(unit: UnitLike, rateId: string, selection: Selection): number[] {
  const chosen = selection[unit.id] ?? {};
  const taken = Object.values(chosen).reduce((n, q) => n + q, 0);
  const own = chosen[rateId] ?? 0;
  const rate = unit.ratePlans.find((r) => r.id === rateId);
  const free = Math.max(0, Math.min(unit.availability, rate?.availability ?? unit.availability) - taken);
  return Array.from({ length: own + free + 1 }, (_, i) => i);
}

/** (document 1 §9) 3 or fewer left. */
export function isScarce(availability: number): boolean {
  return availability <= 3;
}

/** The rooms of a selection one by one (a rate chosen twice is two rooms), for core's totals. */
export function roomsOf<R>(chosen: readonly { rate: R; quantity: number }[]): R[] {
  return chosen.flatMap(({ rate, quantity }) => Array.from({ length: quantity }, () => rate));
}

/** The chosen rates with their unit and count, in table order. */
export function chosenRates<U extends UnitLike>(units: U[], selection: Selection) {
  const out: { unit: U; rate: U['ratePlans'][number]; quantity: number }[] = [];
  for (const unit of units) {
    for (const rate of unit.ratePlans) {
      const quantity = selection[unit.id]?.[rate.id] ?? 0;
      if (quantity > 0) out.push({ unit, rate, quantity });
    }
  }
  return out;
}

/**
 * (document 1 §2, §8) the chosen rooms must sleep every adult, and everyone
 * (children with infants' spaces too). Nothing chosen is not "missing" (the page shows a search button).
 */
export function hasMissingSpaces(
  chosen: readonly { rate: Pick<RateLike, 'occupancy'>; quantity: number }[],
  guests: { adults: number; children: number },
): boolean {
  if (chosen.length === 0) return false;
  const adults = chosen.reduce((n, c) => n + c.rate.occupancy.adults * c.quantity, 0);
  const all = chosen.reduce(
    (n, c) =>
      n + (c.rate.occupancy.adults + c.rate.occupancy.children + c.rate.occupancy.infants) * c.quantity,
    0,
  );
  return adults < guests.adults || all < guests.adults + guests.children;
}

/**
 * The rates a party can use, for the property page's rates table: with virtual rate plans each plan
 * appears once per occupancy it sells, and only those within the party — no more adults, no more children and
 * infants together than it has — can be one of its rooms (a party of two adults may take one double or two
 * singles, never a room priced for a child it does not have). Units keep their order; a unit may end up with
 * no rate, which the table says.
 */
export function ratesForParty<U extends { ratePlans: readonly Pick<RateLike, 'occupancy'>[] }>(
  units: readonly U[],
  party: { adults: number; children: number },
): U[] {
  return units.map((unit) => ({
    ...unit,
    ratePlans: unit.ratePlans.filter(
      (rate) =>
        rate.occupancy.adults <= party.adults &&
        rate.occupancy.children + rate.occupancy.infants <= party.children,
    ),
  }));
}
