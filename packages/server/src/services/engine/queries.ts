import { convertMoney, roundMoney } from '@tern/core/bookingEngine';
import { addDays, daysFrom, isPastDay, nightsBetween } from '@tern/core/dates';
import type { BestOffer, ClosedDates, PropertyInfo, SearchProperty, UnitRates } from '@tern/sdk';
import { type Clock, todayAt } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import { invalidField } from '../../http/errors.js';
import { likePattern } from '../listQuery.js';
import {
  type EngineProperty,
  type EngineRow,
  engineColumns,
  engineProperty,
  loadCurrencyRates,
  loadEngineProperties,
  loadTaxes,
  policyFromRow,
} from './load.js';
import {
  bestOfferOf,
  effectiveDay,
  photoOf,
  planAvailability,
  planCovered,
  type Stay,
  unitAvailability,
} from './offers.js';

// The reseller's read calls of the booking engine: search, property page, closed dates, rates, best offer.

export type Kind = 'accommodation' | 'vehicle';

/** Days ahead every unit has inventory rows for (the seed writes 400; suppliers' calendars keep them). */
export const INVENTORY_HORIZON_DAYS = 365;
export const kindOf = (segment: 'accommodations' | 'vehicles'): Kind =>
  segment === 'vehicles' ? 'vehicle' : 'accommodation';

/** The longest stay priced in one call. */
export const MAX_NIGHTS = 60;

export async function currencyRatesFor(db: Db, currency: string): Promise<Record<string, number>> {
  const rates = await loadCurrencyRates(db);
  if (!rates[currency])
    throw invalidField('currency_unavailable', 'currency', {
      currency,
      currencies: Object.keys(rates).sort().join(', '),
    });
  return rates;
}

/** The property's today: the calendar day in its time zone (UTC if it has none). */
export async function propertyToday(db: Db, clock: Clock, propertyId: string): Promise<string> {
  const row = await db.one<{ timezone: string | null }>('select timezone from properties where id = $1', [
    propertyId,
  ]);
  return todayAt(clock, row?.timezone || 'UTC');
}

/**
 * Checks a stay's dates: check-out after check-in, not in the past, at most `MAX_NIGHTS`. `today` is the
 * property's (`propertyToday`), or the UTC day for a search across properties.
 */
export function checkStay(checkin: string, checkout: string, today: string): void {
  if (checkout <= checkin) throw invalidField('checkout_before_checkin', 'checkoutDate');
  if (isPastDay(checkin, today)) throw invalidField('checkin_past', 'checkinDate');
  if (nightsBetween(checkin, checkout) > MAX_NIGHTS)
    throw invalidField('stay_too_long', 'checkoutDate', { max: MAX_NIGHTS });
}

export interface SearchInput {
  kind: Kind;
  agencyId: string;
  today: string;
  currency: string;
  checkinDate?: string | undefined;
  checkoutDate?: string | undefined;
  occupancy?: { adults: number; children: number; childrenAge: number[] } | undefined;
  isAvailable?: boolean | undefined;
  discover?: boolean | undefined;
  filter?:
    | {
        title?: { has: string } | undefined;
        city?: string | undefined;
        state?: string | undefined;
        country?: string | undefined;
        latitude?: { gte: number; lte: number } | undefined;
        longitude?: { gte: number; lte: number } | undefined;
      }
    | undefined;
  page: number;
  limit: number;
}

/** Properties the reseller can book (or, with `discover`, all of the kind), with their best offer. */
export async function searchProperties(
  db: Db,
  input: SearchInput,
): Promise<{ items: SearchProperty[]; meta: { page: number; limit: number; total: number } }> {
  const dates =
    input.checkinDate && input.checkoutDate
      ? { checkin: input.checkinDate, checkout: input.checkoutDate }
      : null;
  if (dates) checkStay(dates.checkin, dates.checkout, input.today);
  const where: string[] = ['p.kind = $1'];
  // The filter's parameters, then each statement's own (the count's and the page's, each a copy). A statement
  // names only parameters it uses (the server could not type one it does not).
  const params: unknown[] = [input.kind];
  const adder = (list: unknown[]) => (value: unknown) => {
    list.push(value);
    return `$${list.length}`;
  };
  const add = adder(params);
  // The agency's approved contract with the property (index contracts_agency_approved_idx).
  const contracted = (agency: string) => `exists (select 1 from contracts c where c.agency_id = ${agency}
                                and c.property_id = p.id and c.status = 'approved')`;
  const agency = input.discover ? null : add(input.agencyId);
  if (agency) where.push(contracted(agency));
  const f = input.filter ?? {};
  // Case and accents ignored, as the lists' search (tern_fold): the folded title is kept in the row and in the
  // search's covering index (migration 058), so nothing is folded per property here.
  if (f.title?.has) where.push(`p.title_fold like tern_fold(${add(likePattern(f.title.has))})`);
  if (f.city) where.push(`lower(p.city) = lower(${add(f.city)})`);
  if (f.state) where.push(`lower(p.state) = lower(${add(f.state)})`);
  if (f.country) where.push(`upper(p.country) = upper(${add(f.country)})`);
  if (f.latitude) where.push(`p.latitude between ${add(f.latitude.gte)} and ${add(f.latitude.lte)}`);
  if (f.longitude) where.push(`p.longitude between ${add(f.longitude.gte)} and ${add(f.longitude.lte)}`);
  // The count's filter and the page's, apart only for "available only".
  const countWhere = [...where];
  const countParams = [...params];
  const addCount = adder(countParams);
  const pageWhere = [...where];
  const pageParams = [...params];
  const addPage = adder(pageParams);
  const pageAgency = agency ?? addPage(input.agencyId);
  if (input.isAvailable && dates) {
    if (dates.checkout <= addDays(input.today, INVENTORY_HORIZON_DAYS)) {
      // A property is available when one of its units has no sold-out night in the stay. Inventory rows exist
      // for every unit over the horizon (a missing night counts as sold out), so within it only the rare
      // sold-out nights are read (partial indexes on unit_availability where available <= 0). A page's
      // property is asked unit by unit (by unit and date); the count takes the sold-out hotels away instead of
      // asking every hotel: those with no unit (properties.unit_count, kept by triggers, migration 039), and
      // those whose units each have a sold-out night (by date: the stay's sold-out units, counted by property).
      const [checkin, checkout] = [addCount(dates.checkin), addCount(dates.checkout)];
      countWhere.push(`p.unit_count > 0 and not exists (
             select 1 from (select u.property_id, count(*) as sold_out from units u
                             where u.id in (select a.unit_id from unit_availability a
                                             where a.date >= ${checkin} and a.date < ${checkout}
                                               and a.available <= 0)
                             group by u.property_id) s
              where s.property_id = p.id and s.sold_out >= p.unit_count)`);
      pageWhere.push(`exists (select 1 from units u where u.property_id = p.id and not exists (
             select 1 from unit_availability a where a.unit_id = u.id and a.date >= ${addPage(dates.checkin)}
                and a.date < ${addPage(dates.checkout)} and a.available <= 0))`);
    } else {
      // Past the horizon, every night is counted.
      const available = (add: (value: unknown) => string) =>
        `p.id in (select u.property_id from unit_availability ua join units u on u.id = ua.unit_id
                   where ua.date >= ${add(dates.checkin)} and ua.date < ${add(dates.checkout)} and ua.available > 0
                   group by u.property_id, ua.unit_id
                  having count(*) = ${add(nightsBetween(dates.checkin, dates.checkout))})`;
      countWhere.push(available(addCount));
      pageWhere.push(available(addPage));
    }
  }
  const limit = input.limit;
  const offset = (input.page - 1) * limit;
  // Three statements at once (on a server, each on a connection of the pool), the count and the page prepared
  // (a connection plans each filter's text once; their texts vary only with the filters asked): the currency
  // rates; the count
  // of every match (a plain count, no window over the matches); and the page — in title order, which index
  // properties_search_idx gives without sorting every match, so the page stops after its rows — with each
  // page property's newest approved contract of the agency and, with dates, what pricing needs of each
  // contracted one (`engineColumns`: the nights of the stay and its departure day).
  const pricing = dates
    ? engineColumns({
        agency: pageAgency,
        from: addPage(dates.checkin),
        to: addPage(dates.checkout),
        unitDetails: false,
        policies: false,
      })
    : null;
  const [rates, counted, page] = await Promise.all([
    currencyRatesFor(db, input.currency),
    db.query<{ total: number }>(
      prepared(`select count(*) as total from properties p where ${countWhere.join(' and ')}`, {
        readOnly: true,
      }),
      countParams,
    ),
    db.query<Record<string, unknown>>(
      prepared(
        `select p.id, p.kind, p.title, p.description, p.photos, p.address, p.city, p.state, p.country,
              p.latitude, p.longitude, p.currency, p.star_rating, p.provider, p.email, p.timezone,
              k.id as contract_id, k.modifier_logic, k.modifier_amount
              ${pricing ? ', e.contract as engine_contract, e.taxes, e.units, e.plans' : ''}
         from (select p.* from properties p where ${pageWhere.join(' and ')}
                order by ${input.discover ? `(not ${contracted(pageAgency)}), ` : ''}p.title, p.id
                limit ${addPage(limit)} offset ${addPage(offset)}) p
         left join lateral (
           select id, modifier_logic, modifier_amount from contracts
            where agency_id = ${pageAgency} and property_id = p.id and status = 'approved'
            order by created_at desc limit 1
         ) k on true
         ${pricing ? `left join lateral (select ${pricing} where k.id is not null) e on true` : ''}
        order by (k.id is null), p.title, p.id`,
        { readOnly: true },
      ),
      pageParams,
    ),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  const guests = {
    adults: input.occupancy?.adults ?? 1,
    children: input.occupancy?.children ?? 0,
    infants: 0,
  };
  const priced = new Map<string, EngineProperty>();
  if (dates)
    for (const r of page)
      if (r.contract_id)
        priced.set(
          String(r.id),
          engineProperty({
            ...(r as unknown as EngineRow),
            contract: r.engine_contract as EngineRow['contract'],
          }),
        );
  // One stay for the whole page: its nights are worked out once (offers.ts `nightsOf`).
  const stay: Stay | null = dates ? { ...dates, currency: input.currency, rates } : null;
  const items = page.map((r): SearchProperty => {
    const property = priced.get(String(r.id));
    const best = !stay
      ? { offer: null, errors: ['no_dates'] }
      : !r.contract_id
        ? { offer: null, errors: ['no_contract'] }
        : property
          ? property.kind === 'vehicle'
            ? vehicleBestOffer(property, stay)
            : bestOfferOf(property, stay, guests)
          : { offer: null, errors: ['sold_out'] };
    return {
      id: String(r.id),
      type: 'property',
      kind: r.kind as Kind,
      title: String(r.title),
      description: String(r.description),
      photos: (r.photos as { file: string; description: string }[]).map(photoOf),
      address: String(r.address),
      city: String(r.city),
      state: (r.state as string | null) ?? null,
      country: String(r.country),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      currency: String(r.currency),
      starRating: r.star_rating === null ? null : Number(r.star_rating),
      provider: (r.provider as string | null) ?? null,
      contract: r.contract_id
        ? {
            id: String(r.contract_id),
            modifierLogic: r.modifier_logic as 'increase_by_percent',
            modifierAmount: Number(r.modifier_amount),
          }
        : null,
      bestOffer: {
        offer: best.offer,
        currency: input.currency,
        nights: stay ? nightsBetween(stay.checkin, stay.checkout) : null,
        errors: best.errors,
      },
    };
  });
  return { items, meta: { page: input.page, limit, total } };
}

/** A car station's cheapest car for the days (the station's daily price × days, converted). */
function vehicleBestOffer(property: EngineProperty, stay: Stay) {
  const nights = daysFrom(stay.checkin, stay.checkout);
  const days = Math.max(1, nights.length);
  let best: number | null = null;
  for (const unit of property.units) {
    if (
      unit.dailyPrice === null ||
      unitAvailability(property, unit.id, nights.length ? nights : [stay.checkin]) <= 0
    )
      continue;
    const price = unit.dailyPrice * days;
    if (best === null || price < best) best = price;
  }
  if (best === null) return { offer: null, errors: ['sold_out'] };
  const offer = roundMoney(convertMoney(best, property.currency, stay.currency, stay.rates), stay.currency);
  return { offer, errors: [] };
}

/** The property page (document 1 §2): also for the discover list, with `contract: null`. */
export async function propertyInfo(db: Db, row: Record<string, unknown>): Promise<PropertyInfo> {
  const id = String(row.id);
  const [policies, taxes] = await Promise.all([
    db.query<Record<string, unknown>>(
      'select * from cancellation_policies where property_id = $1 and not archived order by title',
      [id],
    ),
    loadTaxes(db, [id]),
  ]);
  const currency = String(row.currency);
  const policy = row.policy as Record<string, unknown>;
  return {
    id: String(row.id),
    type: 'property',
    kind: row.kind as Kind,
    title: String(row.title),
    description: String(row.description),
    address: String(row.address),
    city: String(row.city),
    state: (row.state as string | null) ?? null,
    country: String(row.country),
    zipCode: String(row.zip_code),
    email: String(row.email),
    phone: String(row.phone),
    timezone: String(row.timezone),
    // The logo a hotelier uploaded in settings (photos service): served like the photos.
    logo: typeof row.logo === 'string' && row.logo ? `/photos/${row.logo}` : null,
    hideLogo: false,
    hideTitle: false,
    photos: (row.photos as { file: string; description: string }[]).map(photoOf),
    location: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    currency,
    starRating: row.star_rating === null ? null : Number(row.star_rating),
    provider: (row.provider as string | null) ?? null,
    facilities: row.facilities as PropertyInfo['facilities'],
    propertyPolicy:
      policy && Object.keys(policy).length > 0
        ? ({ ...policy, currency } as PropertyInfo['propertyPolicy'])
        : null,
    cancellationPolicies: policies.map((p) => policyFromRow(p, currency)),
    taxes: (taxes.get(id) ?? []).map((t) => ({ ...t })),
    contract: row.contract_id
      ? {
          id: String(row.contract_id),
          modifierLogic: row.modifier_logic as 'increase_by_percent',
          modifierAmount: Number(row.modifier_amount),
        }
      : null,
  };
}

/** Nights nothing (or a plan) can be sold between `from` and `to` (default: 400 days from the property's today). */
export async function closedDates(
  db: Db,
  at: { id: string; agencyId: string },
  today: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<ClosedDates> {
  const { id, agencyId } = at;
  const from = range.from && !isPastDay(range.from, today) ? range.from : today;
  const to = range.to ?? addDays(today, 400);
  if (to < from) throw invalidField('range_end_before_start', 'to');
  if (nightsBetween(from, to) > 500) throw invalidField('range_too_long', 'to', { max: 500 });
  const property = (await loadEngineProperties(db, [id], agencyId, from, to)).get(id)!;
  const days = daysFrom(from, to);
  const plans = property.units.flatMap((u) =>
    u.plans.filter((p) => planCovered(property, p)).map((p) => ({ u, p })),
  );
  const perPlan = plans.map(({ u, p }) => {
    return {
      ratePlanId: p.id,
      closedDates: days.filter((d) => {
        const row = effectiveDay(property, p, d);
        return !row || row.stopSell || planAvailability(property, p, [d]) <= 0;
      }),
    };
  });
  const closedSets = perPlan.map((p) => new Set(p.closedDates));
  return {
    closedDates: days.filter((d) => closedSets.length === 0 || closedSets.every((s) => s.has(d))),
    ratePlans: perPlan,
  };
}

export type { BestOffer };

/**
 * The units of a property with the rate plans each sells (max occupancy), for contract creation. A reseller
 * may look at any property; a supplier only at one they work at, an admin at any (checked by the contract's
 * `owns` before this runs).
 */
export async function unitRatesOf(db: Db, id: string): Promise<UnitRates[]> {
  const rows = await db.query<{
    unit_id: string;
    unit_title: string;
    plan_id: string | null;
    plan_title: string | null;
    max_adults: number | null;
    max_children: number | null;
    max_infants: number | null;
    meal_type: UnitRates['ratePlans'][number]['mealType'] | null;
    sell_mode: 'per_room' | 'per_person' | null;
  }>(
    `select u.id as unit_id, u.title as unit_title, rp.id as plan_id, rp.title as plan_title, rp.max_adults,
            rp.max_children, rp.max_infants, rp.meal_type, rp.sell_mode
       from units u left join rate_plans rp on rp.unit_id = u.id
      where u.property_id = $1
      order by u.position, u.title, rp.position, rp.title`,
    [id],
  );
  const units = new Map<string, UnitRates>();
  for (const r of rows) {
    let unit = units.get(r.unit_id);
    if (!unit) {
      unit = { id: r.unit_id, type: 'unit', title: r.unit_title, ratePlans: [] };
      units.set(r.unit_id, unit);
    }
    if (r.plan_id)
      unit.ratePlans.push({
        id: r.plan_id,
        title: r.plan_title ?? '',
        occupancy: { adults: r.max_adults ?? 1, children: r.max_children ?? 0, infants: r.max_infants ?? 0 },
        mealType: r.meal_type ?? 'room_only',
        sellMode: r.sell_mode ?? 'per_room',
      });
  }
  return [...units.values()];
}
