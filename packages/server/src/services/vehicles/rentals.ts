import {
  applyModifier,
  carChargedDays,
  convertMoney,
  isCardNeeded,
  liabilityOf,
  type RentalPeriod,
  rentalDays,
  rentalProblems,
  roundMoney,
} from '@tern/core/bookingEngine';
import { formatMoney } from '@tern/core/format';
import type {
  BookingCreated,
  Place,
  VehicleOffer,
  VehicleQueryResults,
  vehicleBookingBody,
  vehicleQueryBody,
} from '@tern/sdk';
import type * as z from 'zod';
import { type Clock, todayAt, utcToday } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { conflict, forbidden, HttpError, invalidField, notFound } from '../../http/errors.js';
import type { OwnedBooking, OwnedVehicleQuery } from '../../http/ownership.js';
import { cancelBooking } from '../bookings/changes.js';
import type { Viewer } from '../bookings/records.js';
import { newReservationId } from '../engine/book.js';
import { currencyRatesFor } from '../engine/queries.js';
import { likePattern } from '../listQuery.js';
import { html, sendMail } from '../mail.js';
import { redeemCardToken } from '../vault/tokens.js';
import { acrissAirConditioning } from './acriss.js';
import { type CarProvider, carProviders, type DriverProfile, providerNamed } from './providers/index.js';

type QueryBody = z.output<typeof vehicleQueryBody>;
type BookingBody = z.output<typeof vehicleBookingBody>['booking'];

export interface Reseller {
  userId: string;
  agencyId: string;
}

/** The car station's today, in its time zone (UTC when the car is unknown: the booking is refused later). */
async function stationToday(db: Db, clock: Clock, unitId: string): Promise<string> {
  const row = await db.one<{ timezone: string | null }>(
    'select p.timezone from units u join properties p on p.id = u.property_id where u.id::text = $1',
    [unitId],
  );
  return todayAt(clock, row?.timezone || 'UTC');
}

/** The e-mails are written in English: their amounts as the stays' are (core's `formatMoney`, the currency's decimals). */
const MAIL_LOCALE = 'en-GB';

/** A rental's dates and times as core's `rentalProblems` reads them, refused with the first problem. */
function checkRental(r: RentalPeriod, today: string): void {
  const [problem] = rentalProblems(r, today);
  if (problem) throw invalidField(problem.code, problem.field, problem.params);
}

/** Starts a car search; the providers answer over the next seconds (`queryResults`). */
export async function startVehicleQuery(
  db: Db,
  clock: Clock,
  who: Reseller,
  body: QueryBody,
): Promise<{ queryId: string }> {
  // A car search spans stations in many zones: the UTC day (the booking checks the station's own today).
  checkRental(body, utcToday(clock));
  await currencyRatesFor(db, body.currency);
  const row = await db.one<{ id: string }>(
    'insert into vehicle_queries (agency_id, user_id, body, created_at) values ($1, $2, $3, $4) returning id',
    [who.agencyId, who.userId, JSON.stringify(body), clock.now()],
  );
  return { queryId: row!.id };
}

interface CarRow {
  unit_id: string;
  station_id: string;
  station_title: string;
  timezone: string;
  address: string;
  city: string;
  country: string;
  email: string;
  latitude: number;
  longitude: number;
  provider: string;
  currency: string;
  make: string;
  model: string;
  acriss_code: string;
  seats: number;
  doors: number;
  large_suitcases: number;
  small_suitcases: number;
  transmission: 'manual' | 'automatic';
  fuel: string;
  daily_price: string;
  image_file: string | null;
  contract_id: string;
  modifier_logic: 'increase_by_percent' | 'decrease_by_percent' | 'increase_by_amount' | 'decrease_by_amount';
  modifier_amount: string;
  available: number;
}

/** Cars of the agency's contracted stations free on every day of the rental. */
async function availableCars(
  db: Db,
  agencyId: string,
  rental: RentalPeriod,
  where: { providers?: string[]; stationId?: string; unitId?: string; filter?: QueryBody['filter'] },
  lock = false,
): Promise<CarRow[]> {
  const days = rentalDays(rental);
  const params: unknown[] = [agencyId, days, days.length];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conditions: string[] = [];
  if (where.providers) conditions.push(`p.provider = any(${add(where.providers)})`);
  if (where.stationId) conditions.push(`p.id = ${add(where.stationId)}`);
  if (where.unitId) conditions.push(`u.id = ${add(where.unitId)}`);
  const f = where.filter ?? {};
  if (f.city) conditions.push(`lower(p.city) = lower(${add(f.city)})`);
  if (f.country) conditions.push(`upper(p.country) = upper(${add(f.country)})`);
  if (f.stationId) conditions.push(`p.id = ${add(f.stationId)}`);
  if (f.latitude) conditions.push(`p.latitude between ${add(f.latitude.gte)} and ${add(f.latitude.lte)}`);
  if (f.longitude) conditions.push(`p.longitude between ${add(f.longitude.gte)} and ${add(f.longitude.lte)}`);
  if (lock && where.unitId)
    await db.query(
      'select 1 from unit_availability where unit_id = $1 and date = any($2) order by date for update',
      [where.unitId, days],
    );
  return db.query<CarRow>(
    `select u.id as unit_id, p.id as station_id, p.title as station_title, p.timezone, p.address, p.city, p.country, p.email, p.latitude,
            p.longitude,
            p.provider, p.currency, u.make, u.model, u.acriss_code, u.seats, u.doors, u.large_suitcases,
            u.small_suitcases, u.transmission, u.fuel, u.daily_price, u.image_file,
            c.id as contract_id, c.modifier_logic, c.modifier_amount, a.available
       from units u
       join properties p on p.id = u.property_id and p.kind = 'vehicle'
       join lateral (
         select id, modifier_logic, modifier_amount from contracts
          where property_id = p.id and agency_id = $1 and status = 'approved'
          order by created_at desc limit 1
       ) c on true
       join lateral (
         select min(available) as available, count(*) as n from unit_availability
          where unit_id = u.id and date = any($2)
       ) a on a.n = $3 and a.available > 0
      ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
      order by u.daily_price, u.make, u.model`,
    params,
  );
}

/** The offer id (and its one rate's id): the car type and its provider, the same in every search. */
export const offerIdOf = (unitId: string, provider: string) => `${unitId}~${provider}`;

/** Reads an offer id, or `null` when it names no car type and known provider. */
export function parseOfferId(rateId: string): { unitId: string; provider: CarProvider } | null {
  const [unitId, name, ...rest] = rateId.split('~');
  const provider = providerNamed(name);
  if (!unitId || !provider || rest.length > 0) return null;
  return { unitId, provider };
}

/** A car's price for a rental: the provider's daily rate for the driver, after the contract, × charged days. */
function priceOf(
  car: CarRow,
  rental: RentalPeriod,
  driver: DriverProfile,
  currency: string,
  rates: Record<string, number>,
) {
  const provider = providerNamed(car.provider)!;
  const days = carChargedDays(rental);
  const dailyRate = provider.dailyRate(
    { dailyPrice: Number(car.daily_price), stationCountry: car.country },
    { chargedDays: days, driver },
  );
  const perDay = applyModifier(dailyRate, {
    modifierLogic: car.modifier_logic,
    modifierAmount: Number(car.modifier_amount),
  });
  const total = roundMoney(convertMoney(perDay * days, car.currency, currency, rates), currency);
  return { provider, days, dailyRate: roundMoney(dailyRate, car.currency), total };
}

function offerOf(
  car: CarRow,
  rental: RentalPeriod,
  driver: DriverProfile,
  currency: string,
  rates: Record<string, number>,
): VehicleOffer {
  const { provider, days, total } = priceOf(car, rental, driver, currency, rates);
  const policy = { ...provider.policy, currency };
  const id = offerIdOf(car.unit_id, provider.name);
  return {
    id,
    vehicleChannelId: car.unit_id,
    stationChannelId: car.station_id,
    stationTitle: car.station_title,
    station: {
      id: car.station_id,
      title: car.station_title,
      address: car.address,
      city: car.city,
      location: { latitude: Number(car.latitude), longitude: Number(car.longitude) },
      timezone: car.timezone,
    },
    provider: provider.name,
    make: car.make,
    model: car.model,
    imageUrl: car.image_file ? `/photos/${car.image_file}` : '',
    acrissCode: car.acriss_code,
    seats: Number(car.seats),
    doors: Number(car.doors),
    largeSuitcasesCapacity: Number(car.large_suitcases),
    smallSuitcasesCapacity: Number(car.small_suitcases),
    transmission: car.transmission,
    fuel: car.fuel,
    airConditioning: acrissAirConditioning(car.acriss_code),
    days,
    ratePlans: [{ id, totalPrice: total, currency, liability: liabilityOf(policy) }],
    cancellationPolicy: policy,
    availability: Number(car.available),
  };
}

/**
 * What the providers have answered so far: each answers once its delay since the query has passed, with
 * the cars of its stations free on every rental day (none when it does not rent to the driver).
 */
export async function vehicleQueryResults(
  db: Db,
  clock: Clock,
  who: Reseller,
  query: OwnedVehicleQuery,
): Promise<VehicleQueryResults> {
  const queryId = query.id;
  const elapsed = clock.now().getTime() - query.createdAt.getTime();
  const body = query.body as QueryBody;
  const driver: DriverProfile = { age: body.driverAge, country: body.driverCountry };
  const providers = carProviders.map((p) => ({ provider: p, finished: elapsed >= p.latencyMs(queryId) }));
  const renting = providers
    .filter((p) => p.finished && p.provider.refusal(driver) === null)
    .map((p) => p.provider.name);
  const rates = await currencyRatesFor(db, body.currency);
  const cars = renting.length
    ? await availableCars(db, who.agencyId, body, { providers: renting, filter: body.filter })
    : [];
  return {
    queryId,
    finished: providers.every((p) => p.finished),
    providers: providers.map((p) => ({ provider: p.provider.name, finished: p.finished })),
    results: cars
      .map((car) => offerOf(car, body, driver, body.currency, rates))
      .sort((a, b) => a.ratePlans[0]!.totalPrice - b.ratePlans[0]!.totalPrice),
  };
}

/** Books a car (v3): takes it for every rental day in one transaction; idempotent through the registrar. */
export async function createVehicleBooking(
  db: Db,
  clock: Clock,
  who: Reseller,
  body: BookingBody,
): Promise<BookingCreated> {
  checkRental(body, await stationToday(db, clock, body.vehicleChannelId));
  const rates = await currencyRatesFor(db, body.currency);
  const parsed = parseOfferId(body.rateId);
  if (!parsed || parsed.unitId !== body.vehicleChannelId) throw invalidField('offer_mismatch', 'rateId');
  const { unitId, provider } = parsed;
  // The driver's country is the search's (document 1 §4: shown, not editable, in the driver form).
  const country = body.driver.address.countryCode || null;
  const driver: DriverProfile = { age: body.driver.age, country };
  const refusal = provider.refusal(driver);
  if (refusal) throw invalidField('driver_too_young', 'driver.age', refusal);
  return db.transaction(async (tx) => {
    const [car] = await availableCars(tx, who.agencyId, body, { unitId }, true);
    if (!car) {
      const station = await tx.one<{ provider: string; contracted: boolean }>(
        `select p.provider, exists (select 1 from contracts c where c.property_id = p.id and c.agency_id = $2
                                      and c.status = 'approved') as contracted
           from units u join properties p on p.id = u.property_id where u.id = $1 and p.kind = 'vehicle'`,
        [unitId, who.agencyId],
      );
      if (!station) throw notFound('vehicle_not_found');
      if (station.provider !== provider.name) throw invalidField('offer_mismatch', 'rateId');
      if (!station.contracted) throw forbidden('no_contract');
      throw new HttpError(409, 'no_longer_available');
    }
    if (car.provider !== provider.name) throw invalidField('offer_mismatch', 'rateId');
    const offer = offerOf(car, body, driver, body.currency, rates);
    const price = priceOf(car, body, driver, body.currency, rates);
    const total = offer.ratePlans[0]!.totalPrice;
    if (body.total !== undefined && Math.abs(roundMoney(body.total, body.currency) - total) > 0.005)
      throw conflict('price_changed', { currency: body.currency, total });
    let card: { brand: string; last4: string; exp: string } | null = null;
    if (isCardNeeded([offer.cancellationPolicy])) {
      if (!body.guarantee?.cardToken) throw invalidField('card_required', 'guarantee.cardToken');
      card = await redeemCardToken(tx, clock, body.guarantee.cardToken);
    }
    const days = rentalDays(body);
    const taken = await tx.query(
      `update unit_availability set available = available - 1
        where unit_id = $1 and date = any($2) and available >= 1 returning date`,
      [unitId, days],
    );
    if (taken.length !== days.length) throw new HttpError(409, 'no_longer_available');
    const reservationId = newReservationId();
    const propertyTotal = roundMoney(convertMoney(total, body.currency, car.currency, rates), car.currency);
    const booking = await tx.one<{ id: string }>(
      `insert into bookings (reservation_id, kind, agency_id, property_id, booker_id, contract_id, arrival_date,
                             departure_date, pickup_time, dropoff_time, currency, total, property_currency,
                             property_total, customer, reservation_name, external_reference, special_request,
                             liability, cancellation_policy, card_brand, card_last4, card_exp, created_at, updated_at)
       values ($1, 'vehicle', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
               $21, $22, $23, $23) returning id`,
      [
        reservationId,
        who.agencyId,
        car.station_id,
        who.userId,
        car.contract_id,
        body.pickupDate,
        body.dropoffDate,
        body.pickupTime,
        body.dropoffTime,
        body.currency,
        total,
        car.currency,
        propertyTotal,
        JSON.stringify(body.driver),
        body.reservationName ?? null,
        body.externalReference ?? null,
        body.notes ?? null,
        offer.ratePlans[0]!.liability,
        JSON.stringify(offer.cancellationPolicy),
        card?.brand ?? null,
        card?.last4 ?? null,
        card?.exp ?? null,
        clock.now(),
      ],
    );
    await tx.query(
      `insert into booking_rooms (booking_id, unit_id, offer_id, adults, children, infants, nightly, taxes, net_price,
                                  total_price)
       values ($1, $2, $3, 1, 0, 0, $4, '[]', $5, $5)`,
      [booking!.id, unitId, body.rateId, JSON.stringify(days.map((date) => ({ date }))), total],
    );
    await tx.query(
      `insert into booking_vehicles (booking_id, unit_id, station_id, provider, make, model, acriss_code, driver_age,
                                     driver_country, charged_days, daily_rate, station_currency)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        booking!.id,
        unitId,
        car.station_id,
        provider.name,
        car.make,
        car.model,
        car.acriss_code,
        driver.age,
        driver.country,
        price.days,
        price.dailyRate,
        car.currency,
      ],
    );
    await tx.query(
      `insert into booking_history (booking_id, user_id, action, details, created_at) values ($1, $2, 'created', $3, $4)`,
      [
        booking!.id,
        who.userId,
        JSON.stringify({ total, currency: body.currency, days: days.length, provider: provider.name }),
        clock.now(),
      ],
    );
    const driverName = `${body.driver.firstName} ${body.driver.lastName}`;
    await sendMail(tx, {
      to: body.driver.email,
      subject: `Your car ${reservationId}: ${car.make} ${car.model} from ${car.station_title}`,
      text: `Dear ${driverName},\n\nBooking ${reservationId}: ${car.make} ${car.model}\nPick-up: ${body.pickupDate} ${body.pickupTime} at ${car.station_title}, ${car.address}\nDrop-off: ${body.dropoffDate} ${body.dropoffTime}\nTotal: ${formatMoney(total, body.currency, MAIL_LOCALE)}\n`,
      html: html`<p>Booking <strong>${reservationId}</strong>: ${car.make} ${car.model}</p><p>Pick-up: ${body.pickupDate} ${body.pickupTime} at ${car.station_title}<br>Drop-off: ${body.dropoffDate} ${body.dropoffTime}<br>Total: ${formatMoney(total, body.currency, MAIL_LOCALE)}</p>`,
      kind: 'booking_confirmation',
      at: clock.now(),
    });
    if (car.email)
      await sendMail(tx, {
        to: car.email,
        subject: `New car booking ${reservationId}: ${driverName}, ${body.pickupDate}`,
        text: `Booking ${reservationId}: ${car.make} ${car.model} (${car.acriss_code})\nDriver: ${driverName}, ${driver.age}\nPick-up: ${body.pickupDate} ${body.pickupTime}\nDrop-off: ${body.dropoffDate} ${body.dropoffTime}\nTotal: ${formatMoney(propertyTotal, car.currency, MAIL_LOCALE)}\n${body.notes ? `\nNotes: ${body.notes}\n` : ''}`,
        html: html`<p>Booking <strong>${reservationId}</strong>: ${car.make} ${car.model} (${car.acriss_code})</p><p>Driver: ${driverName}, ${driver.age}<br>Pick-up: ${body.pickupDate} ${body.pickupTime}<br>Drop-off: ${body.dropoffDate} ${body.dropoffTime}<br>Total: ${formatMoney(propertyTotal, car.currency, MAIL_LOCALE)}</p>`,
        kind: 'booking_notification',
        at: clock.now(),
      });
    return {
      uniqueId: booking!.id,
      bookingId: booking!.id,
      reservationId,
      status: 'new' as const,
      total,
      currency: body.currency,
    };
  });
}

/**
 * Cancels the agency's car booking (v3 DELETE) with the bookings' own rule (document 1 §4 booking edits:
 * not cancelled, before the pick-up, the policy still allowing it): the car is free again for every rental
 * day, with a history entry and e-mails. Another agency's booking, or a stay, is not found.
 */
export async function cancelVehicleBooking(
  db: Db,
  clock: Clock,
  who: Viewer,
  booking: OwnedBooking,
): Promise<void> {
  await cancelBooking(db, clock, who, {
    reservationId: booking.reservationId,
    propertyChannelId: booking.propertyId,
  });
}

/** Destinations for the search box: cities, countries and properties (or stations) the agency can book. */
export async function searchPlaces(
  db: Db,
  who: Reseller,
  kind: 'accommodation' | 'vehicle',
  term: string,
  limit: number,
): Promise<Place[]> {
  const rows = await db.query<{
    id: string;
    title: string;
    city: string;
    state: string | null;
    country: string;
    latitude: number;
    longitude: number;
    in_title: boolean;
    in_city: boolean;
    in_country: boolean;
  }>(
    // Case and accents ignored (tern_fold, migration 055: "reykjavik" finds "Reykjavík"); which of the three holds
    // the term is read here, so the places below need no fold of their own.
    `select * from (
       select p.id, p.title, p.city, p.state, p.country, p.latitude, p.longitude,
              tern_fold(p.title) like tern_fold($3) as in_title, tern_fold(p.city) like tern_fold($3) as in_city,
              tern_fold(p.country) like tern_fold($3) as in_country
         from properties p
        where p.kind = $1 and exists (
          select 1 from contracts c where c.property_id = p.id and c.agency_id = $2 and c.status = 'approved')) m
      where in_title or in_city or in_country
      order by title`,
    [kind, who.agencyId, likePattern(term)],
  );
  const places: Place[] = [];
  const cities = new Map<string, typeof rows>();
  for (const r of rows)
    cities.set(`${r.city}|${r.country}`, [...(cities.get(`${r.city}|${r.country}`) ?? []), r]);
  for (const [key, list] of cities) {
    const [city, country] = key.split('|') as [string, string];
    if (!list[0]!.in_city) continue;
    const lat = list.reduce((s, r) => s + Number(r.latitude), 0) / list.length;
    const lng = list.reduce((s, r) => s + Number(r.longitude), 0) / list.length;
    places.push({
      id: `city:${country}:${city}`,
      type: 'place',
      kind: 'city',
      title: city,
      city,
      state: list[0]!.state,
      country,
      latitude: lat,
      longitude: lng,
      count: list.length,
    });
  }
  for (const r of rows) {
    if (!r.in_title) continue;
    places.push({
      id: r.id,
      type: 'place',
      kind: 'property',
      title: r.title,
      city: r.city,
      state: r.state,
      country: r.country,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      count: 1,
    });
  }
  const countries = new Map<string, number>();
  for (const r of rows) if (r.in_country) countries.set(r.country, (countries.get(r.country) ?? 0) + 1);
  for (const [country, count] of countries)
    places.push({
      id: `country:${country}`,
      type: 'place',
      kind: 'country',
      title: country,
      city: null,
      state: null,
      country,
      latitude: null,
      longitude: null,
      count,
    });
  return places.slice(0, limit);
}

/** A car search can be polled for a day; older ones are deleted (for housekeeping). */
export const VEHICLE_QUERY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes car searches older than `VEHICLE_QUERY_TTL_MS`; returns how many. */
export async function sweepVehicleQueries(db: Db, clock: Clock): Promise<number> {
  const rows = await db.query('delete from vehicle_queries where created_at < $1 returning id', [
    new Date(clock.now().getTime() - VEHICLE_QUERY_TTL_MS),
  ]);
  return rows.length;
}
