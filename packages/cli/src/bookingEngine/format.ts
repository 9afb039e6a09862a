import { formatPrice, isScarce, paymentKind } from '@tern/core/bookingEngine';
import { modifierText } from '@tern/core/contracts';
import type {
  CancellationPolicy,
  Place,
  PropertyInfo,
  RateOffer,
  SearchProperty,
  UnitWithRates,
  VehicleOffer,
} from '@tern/sdk';
import { type FieldValue, formatFields, formatTable } from '../output.js';

/** The booking engine's objects as text for a person (tables and key/value fields); `--json` prints them as is. */

const words = (code: string) => code.replace(/_/g, ' ');

const stars = (n: number | null) => (n ? '★'.repeat(n) : '');

/** The reseller's contract as the contracts list words it (core's `modifierText`: an amount in the property's currency). */
const modifier = (contract: SearchProperty['contract'], currency: string): string =>
  contract ? modifierText({ ...contract, currency }) : 'none';

/** `tern search stays`: one row per property with its best offer. */
export function searchTable(items: SearchProperty[]): string {
  return formatTable(
    ['ID', 'NAME', 'CITY', 'COUNTRY', 'STARS', 'CONTRACT', 'NIGHTS', 'BEST OFFER'],
    items.map((p) => [
      p.id,
      p.title,
      p.city,
      p.country,
      stars(p.starRating),
      modifier(p.contract, p.currency),
      p.bestOffer.nights === null ? '' : String(p.bestOffer.nights),
      p.bestOffer.offer === null
        ? p.bestOffer.errors.length > 0
          ? `— (${p.bestOffer.errors.map(words).join(', ')})`
          : '—'
        : formatPrice(p.bestOffer.offer, p.bestOffer.currency),
    ]),
  );
}

/** A cancellation policy in one line: its logic, deadline and penalty, and what it asks of a card. */
export function policyLine(policy: CancellationPolicy | null): string {
  if (!policy) return 'no policy';
  const penalty =
    policy.cancellationPolicyMode === 'percent'
      ? `${policy.cancellationPolicyPenalty}%`
      : formatPrice(policy.cancellationPolicyPenalty, policy.currency);
  const logic =
    policy.cancellationPolicyLogic === 'free'
      ? 'free cancellation'
      : policy.cancellationPolicyLogic === 'non_refundable'
        ? `non-refundable (${penalty})`
        : `free until ${policy.cancellationPolicyDeadline} ${policy.cancellationPolicyDeadlineType ?? 'hours'} before arrival, then ${penalty}`;
  return `${policy.title}: ${logic}; ${cardLine(policy)}`;
}

/** What a policy asks of a card (DECISIONS 11). */
export function cardLine(policy: CancellationPolicy | null): string {
  const kind = paymentKind(policy);
  if (kind === 'none') return 'no card needed';
  if (kind === 'full') return 'card needed: full prepayment';
  return 'card needed: partial guarantee';
}

/** `tern property show`: the property page as fields. */
export function propertyFields(info: PropertyInfo): string {
  const policy = info.propertyPolicy;
  const rows: [string, FieldValue][] = [
    ['ID', info.id],
    ['Name', info.title],
    ['Kind', words(info.kind)],
    ['Stars', stars(info.starRating)],
    ['Address', [info.address, [info.zipCode, info.city].filter(Boolean).join(' ')].filter(Boolean)],
    ['Country', [info.state, info.country].filter(Boolean).join(', ')],
    ['E-mail', info.email],
    ['Phone', info.phone],
    ['Currency', info.currency],
    ['Contract', info.contract ? modifier(info.contract, info.currency) : 'no active contract'],
    ['Location', `${info.location.latitude}, ${info.location.longitude}`],
    ['Photos', String(info.photos.length)],
    [
      'Check-in',
      policy ? [policy.checkinFromTime, policy.checkinToTime].filter(Boolean).join('–') : undefined,
    ],
    [
      'Check-out',
      policy ? [policy.checkoutFromTime, policy.checkoutToTime].filter(Boolean).join('–') : undefined,
    ],
    [
      'Policies',
      policy
        ? [
            `internet: ${words(policy.internetAccessType)}`,
            `parking: ${words(policy.parkingType)}`,
            `pets: ${words(policy.petsPolicy)}`,
            `smoking: ${words(policy.smokingPolicy)}`,
            ...(policy.isAdultsOnly ? ['adults only'] : []),
          ].join(' · ')
        : undefined,
    ],
    [
      'Facilities',
      info.facilities.map((g) => `${words(g.categoryCode)}: ${g.facilityCodes.map(words).join(', ')}`),
    ],
    ['Cancellation', info.cancellationPolicies.map(policyLine)],
    [
      'Taxes',
      info.taxes.map(
        (t) =>
          `${t.title}: ${t.mode === 'percent' ? `${t.rate}%` : `${t.rate} ${words(t.mode)}`}${t.inclusive ? ' (included)' : ''}`,
      ),
    ],
  ];
  return `${formatFields(rows)}\n${info.description.trim()}\n`;
}

function guests(rate: RateOffer): string {
  const { adults, children, infants } = rate.occupancy;
  return [`${adults} ad`, children ? `${children} ch` : '', infants ? `${infants} inf` : '']
    .filter(Boolean)
    .join(' ');
}

function availability(rate: RateOffer): string {
  if (rate.unavailableReason) return `no: ${words(rate.unavailableReason)}`;
  return isScarce(rate.availability) ? `${rate.availability} left!` : String(rate.availability);
}

/** `tern property rates`: each unit, then its rate offers (the ids `tern book stay --room` takes). */
export function ratesText(units: UnitWithRates[]): string {
  if (units.length === 0) return 'No rooms.\n';
  return units
    .map((unit) => {
      const head = `${unit.title}  (unit ${unit.id}; sleeps ${unit.maxOccupancy}; ${unit.availability} free)`;
      if (unit.ratePlans.length === 0) return `${head}\n  No rates for these dates.\n`;
      const table = formatTable(
        ['RATE', 'NAME', 'GUESTS', 'MEAL', 'TOTAL', 'FREE', 'POLICY'],
        unit.ratePlans.map((rate) => [
          rate.id,
          rate.title,
          guests(rate),
          words(rate.mealType),
          formatPrice(rate.totalPrice, rate.currency),
          availability(rate),
          rate.cancellationPolicy
            ? `${words(rate.cancellationPolicy.cancellationPolicyLogic)}, ${cardLine(rate.cancellationPolicy)}`
            : 'no policy',
        ]),
      );
      return `${head}\n${table.replace(/^(?=.)/gm, '  ')}`;
    })
    .join('\n');
}

/** `tern search cars`: one row per offer; the server prices an offer for its charged days (`DAYS`). */
export function vehicleTable(offers: VehicleOffer[]): string {
  return formatTable(
    ['OFFER', 'CAR', 'ACRISS', 'SEATS', 'DOORS', 'BAGS', 'GEAR', 'STATION', 'PROVIDER', 'DAYS', 'PRICE'],
    offers.map((o) => {
      const first = o.ratePlans[0];
      return [
        o.id,
        `${o.make} ${o.model}`,
        o.acrissCode,
        String(o.seats),
        String(o.doors),
        `${o.largeSuitcasesCapacity}L ${o.smallSuitcasesCapacity}S`,
        o.transmission,
        o.stationTitle,
        o.provider,
        String(o.days),
        first ? formatPrice(first.totalPrice, first.currency) : '—',
      ];
    }),
  );
}

/** `tern places`: the destinations matching a term. */
export function placesTable(places: Place[]): string {
  return formatTable(
    ['ID', 'KIND', 'NAME', 'CITY', 'COUNTRY', 'COUNT'],
    places.map((p) => [p.id, p.kind, p.title, p.city ?? '', p.country, String(p.count)]),
  );
}
