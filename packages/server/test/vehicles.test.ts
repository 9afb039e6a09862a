import { applyModifier, type ModifierLogic, roundMoney } from '@tern/core/bookingEngine';
import { formatMoney } from '@tern/core/format';
import { ApiError, type TernClient, type VehicleOffer, type VehicleQueryBody } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../src/services/housekeeping.js';
import { acrissAirConditioning } from '../src/services/vehicles/acriss.js';
import { sweepVehicleQueries } from '../src/services/vehicles/rentals.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Car rentals (v3): the asynchronous query answered by three simulated providers, places, booking and
// cancelling. One database for the file; each booking test rents on days of its own.

let server: TestServer;
let agent: TernClient;
let agent2: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Four charged days (the drop-off is later in the day than the pick-up) starting `from` days ahead. */
const rental = (from = 20) => ({
  pickupDate: day(from),
  dropoffDate: day(from + 3),
  pickupTime: '10:00',
  dropoffTime: '12:00',
});

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
  agent2 = server.client(await server.signIn('agent2'));
  // Northern Lights Travel holds contracts with Northwind (Keflavík) and Fjord Drive (Reykjavík); give it
  // Atlas Rent's Lisbon station too, at no modifier, so that one search reaches all three providers.
  await server.db.query(
    `insert into contracts (agency_id, property_id, status, initiator, modifier_logic, modifier_amount)
     select u.agency_id, p.id, 'approved', 'reseller', 'increase_by_percent', 0
       from users u, properties p where u.email = 'agent@demo.tern.test' and p.provider = 'atlas_rent'`,
  );
});
afterAll(() => server?.close());

/** Starts a query and lets every provider answer (the slowest answers within 4 s). */
async function search(body: Partial<VehicleQueryBody> = {}, client = agent) {
  const { queryId } = await client.vehicles.startQuery({
    body: { ...rental(), currency: 'EUR', ...body },
  });
  const first = await client.vehicles.queryResults({ params: { queryId } });
  server.clock.advance(4_001);
  const done = await client.vehicles.queryResults({ params: { queryId } });
  return { first, done, queryId };
}

const driver = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  email: 'ada@example.test',
  phone: '+354 555 0101',
  // The search's driver country, as the web app and the CLI send it (the driver form shows it disabled).
  address: { countryCode: 'IS' },
};

const booking = (offer: VehicleOffer, dates = rental(), extra: Record<string, unknown> = {}) => ({
  booking: {
    vehicleChannelId: offer.vehicleChannelId,
    rateId: offer.id,
    ...dates,
    currency: offer.ratePlans[0]!.currency,
    driver,
    policyAccepted: true as const,
    ...extra,
  },
});

/** The error a call rejected with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The car's availability on each day of the rental, straight from the inventory. */
async function stock(unitId: string, dates: ReturnType<typeof rental>): Promise<number[]> {
  const rows = await server.db.query<{ available: number }>(
    `select available from unit_availability where unit_id = $1 and date >= $2 and date <= $3 order by date`,
    [unitId, dates.pickupDate, dates.dropoffDate],
  );
  return rows.map((r) => Number(r.available));
}

/** What the station charges a day for the car, and the agent's contract with it. */
async function terms(offer: VehicleOffer) {
  const row = await server.db.one<{
    daily_price: string;
    modifier_logic: ModifierLogic;
    modifier_amount: string;
  }>(
    `select u.daily_price, c.modifier_logic, c.modifier_amount
       from units u join contracts c on c.property_id = u.property_id and c.status = 'approved'
       join users a on a.agency_id = c.agency_id and a.email = 'agent@demo.tern.test'
      where u.id = $1`,
    [offer.vehicleChannelId],
  );
  return {
    daily: Number(row!.daily_price),
    modifier: { modifierLogic: row!.modifier_logic, modifierAmount: Number(row!.modifier_amount) },
  };
}

const price = (o: VehicleOffer | undefined) => o?.ratePlans[0]?.totalPrice;

describe('ACRISS codes', () => {
  it('say whether a car has air conditioning by their fourth letter', () => {
    expect(['CDMR', 'FFBD', 'EDAH', 'SFDE', 'IWMV', 'MBMU'].map(acrissAirConditioning)).toEqual(
      Array(6).fill(true),
    );
    expect(['MBMN', 'EDMQ', 'CDAI', 'CDAC', 'MBMZ', 'CDMX'].map(acrissAirConditioning)).toEqual(
      Array(6).fill(false),
    );
    expect(['CDM', '', 'CDMW'].map(acrissAirConditioning)).toEqual([null, null, null]);
  });
});

describe('the car search', () => {
  it('answers with a query id at once, then each provider after its own delay, until all three have', async () => {
    const { queryId } = await agent.vehicles.startQuery({ body: { ...rental(), currency: 'EUR' } });
    expect(queryId).toMatch(/^[0-9a-f-]{36}$/);
    // The server's clock is real time moved by the test: step 50 ms at a time (providers answer at least
    // 100 ms apart: Northwind within 1.0–1.9 s, Fjord Drive 2.0–2.9 s, Atlas Rent 3.0–4.0 s).
    const seen: { finished: string[]; fromProviders: string[]; done: boolean }[] = [];
    for (let waited = 0; waited <= 5_000 && !seen.at(-1)?.done; waited += 50) {
      const r = await agent.vehicles.queryResults({ params: { queryId } });
      const finished = r.providers.filter((p) => p.finished).map((p) => p.provider);
      seen.push({
        finished,
        fromProviders: [...new Set(r.results.map((o) => o.provider))],
        done: r.finished,
      });
      expect(r.finished).toBe(finished.length === 3);
      server.clock.advance(50);
    }
    expect(seen[0]).toEqual({ finished: [], fromProviders: [], done: false });
    // One provider after the other, in the order of their speed, never going back.
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.finished).toEqual(expect.arrayContaining(seen[i - 1]!.finished));
    const states = [...new Set(seen.map((s) => s.finished.join()))];
    expect(states).toEqual([
      '',
      'northwind_cars',
      'northwind_cars,fjord_drive',
      'northwind_cars,fjord_drive,atlas_rent',
    ]);
    for (const s of seen) for (const p of s.fromProviders) expect(s.finished).toContain(p);
    const last = seen.at(-1)!;
    expect(last.done).toBe(true);
    expect(last.fromProviders.sort()).toEqual(['atlas_rent', 'fjord_drive', 'northwind_cars']);
    // The same query keeps its answers: polling again gives the same offers.
    const again = await agent.vehicles.queryResults({ params: { queryId } });
    const twice = await agent.vehicles.queryResults({ params: { queryId } });
    expect(twice.results).toEqual(again.results);
  });

  it('describes each car: make, model, ACRISS code, seats, doors, luggage, station and price', async () => {
    const { done } = await search({ currency: 'ISK', filter: { country: 'IS' } });
    expect(done.results.length).toBeGreaterThan(5);
    for (const car of done.results) {
      expect(car.make).not.toBe('');
      expect(car.model).not.toBe('');
      expect(car.acrissCode).toMatch(/^[A-Z]{4}$/);
      expect(car.seats).toBeGreaterThan(1);
      expect([2, 3, 4, 5]).toContain(car.doors);
      expect(car.largeSuitcasesCapacity + car.smallSuitcasesCapacity).toBeGreaterThan(0);
      expect(['manual', 'automatic']).toContain(car.transmission);
      expect(car.station.location.latitude).toBeGreaterThan(63);
      expect(car.stationChannelId).toBe(car.station.id);
      expect(car.days).toBe(4);
      expect(car.ratePlans[0]!.id).toBe(car.id);
      // The station's daily price for the car, after the agency's contract, times the charged days.
      const { daily, modifier } = await terms(car);
      const dailyRate = car.provider === 'fjord_drive' ? daily * 0.95 : daily; // an Icelander at an Icelandic station
      expect(price(car)).toBe(roundMoney(applyModifier(dailyRate, modifier) * 4, 'ISK'));
      // The availability is the fewest cars left on any day of the rental.
      expect(car.availability).toBe(Math.min(...(await stock(car.vehicleChannelId, rental()))));
    }
    const prices = done.results.map((o) => price(o)!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Air conditioning from the ACRISS code's fourth letter: every Icelandic car has it (R, D, H or E).
    for (const car of done.results) expect(car.airConditioning, car.acrissCode).toBe(true);
    expect(done.results.map((o) => o.acrissCode)).toContain('CFND'); // a diesel with air
  });

  it('prices for the driver: young drivers pay more or are refused, locals pay less at Fjord Drive', async () => {
    const base = (await search({ currency: 'ISK', driverAge: 30, driverCountry: 'DE' })).done.results;
    const young = (await search({ currency: 'ISK', driverAge: 22, driverCountry: 'DE' })).done.results;
    const local = (await search({ currency: 'ISK', driverAge: 30, driverCountry: 'IS' })).done.results;
    const teen = await search({ currency: 'ISK', driverAge: 19 });
    const same = (list: VehicleOffer[], o: VehicleOffer) =>
      list.find((x) => x.vehicleChannelId === o.vehicleChannelId);

    const northwind = base.find((o) => o.provider === 'northwind_cars')!;
    const { daily, modifier } = await terms(northwind);
    expect(price(same(young, northwind))).toBe(roundMoney(applyModifier(daily * 1.2, modifier) * 4, 'ISK'));
    expect(price(same(local, northwind))).toBe(price(northwind));

    const fjord = base.find((o) => o.provider === 'fjord_drive')!;
    const fjordTerms = await terms(fjord);
    expect(price(fjord)).toBe(roundMoney(applyModifier(fjordTerms.daily, fjordTerms.modifier) * 4, 'ISK'));
    expect(price(same(local, fjord))).toBe(
      roundMoney(applyModifier(fjordTerms.daily * 0.95, fjordTerms.modifier) * 4, 'ISK'),
    );
    expect(young.some((o) => o.provider === 'fjord_drive')).toBe(false); // from 23 years of age

    expect(teen.done.finished).toBe(true);
    expect(teen.done.results).toEqual([]); // nobody rents to a 19-year-old
  });

  it('gives Atlas Rent’s weekly rate from 7 charged days', async () => {
    const week = { pickupDate: day(30), dropoffDate: day(36), pickupTime: '09:00', dropoffTime: '09:30' };
    const { done } = await search({ ...week, filter: { city: 'Lisbon' } });
    expect(done.results.length).toBeGreaterThan(0);
    for (const car of done.results) {
      expect(car.provider).toBe('atlas_rent');
      expect(car.days).toBe(7);
      const { daily, modifier } = await terms(car);
      expect(price(car)).toBe(roundMoney(applyModifier(daily * 0.9, modifier) * 7, 'EUR'));
    }
  });

  it('filters by city and by station', async () => {
    const { done } = await search({ filter: { city: 'reykjavik' } });
    expect(done.results.length).toBeGreaterThan(0);
    expect(done.results.every((o) => o.station.city === 'Reykjavik')).toBe(true);
    const station = done.results[0]!.stationChannelId;
    const one = await search({ filter: { stationId: station } });
    expect(one.done.results.length).toBe(done.results.filter((o) => o.stationChannelId === station).length);
  });

  it('refuses bad searches with field errors', async () => {
    const bad = async (body: Record<string, unknown>) =>
      failure(agent.vehicles.startQuery({ body: { ...rental(), ...body } as VehicleQueryBody }));
    const past = await bad({ pickupDate: day(-1) });
    expect(past.status).toBe(400);
    expect(past.fields.map((f) => f.field)).toEqual(['pickupDate']);
    expect((await bad({ dropoffDate: day(19) })).fields.map((f) => f.field)).toEqual(['dropoffDate']);
    expect((await bad({ dropoffDate: day(120) })).fields.map((f) => f.field)).toEqual(['dropoffDate']);
    expect((await bad({ pickupTime: '10:15' })).fields.map((f) => f.field)).toEqual(['pickupTime']);
    const young = await bad({ driverAge: 17 });
    expect(young.status).toBe(400);
    expect(young.fields.map((f) => f.field)).toContain('driverAge');
    const currency = await bad({ currency: 'XYZ' });
    expect(currency.status).toBe(400);
    expect(currency.fields.map((f) => f.field)).toContain('currency');
  });

  it('keeps a query to the agency that started it', async () => {
    const { queryId } = await search();
    expect((await failure(agent2.vehicles.queryResults({ params: { queryId } }))).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await failure(agent.vehicles.queryResults({ params: { queryId: unknown } }))).status).toBe(404);
  });

  it('forgets searches a day old', async () => {
    const { queryId: old } = await agent.vehicles.startQuery({ body: rental() });
    const { queryId: fresh } = await agent.vehicles.startQuery({ body: rental() });
    await server.db.query(
      `update vehicle_queries set created_at = created_at - interval '25 hours' where id = $1`,
      [old],
    );
    // The hourly housekeeping sweep removes it; nothing is left for a second sweep.
    await sweep(server.db, server.clock);
    expect(await sweepVehicleQueries(server.db, server.clock)).toBe(0);
    expect(await failure(agent.vehicles.queryResults({ params: { queryId: old } }))).toMatchObject({
      status: 404,
    });
    expect((await agent.vehicles.queryResults({ params: { queryId: fresh } })).queryId).toBe(fresh);
  });

  it('finds places for the search box among the stations the agency can book', async () => {
    const places = await agent.vehicles.places({ params: { kind: 'vehicles' }, query: { term: 'rey' } });
    expect(places.items.some((p) => p.kind === 'city' && p.title === 'Reykjavik')).toBe(true);
    const edinburgh = await agent.vehicles.places({ params: { kind: 'vehicles' }, query: { term: 'edinb' } });
    expect(edinburgh.items).toEqual([]); // no contract with the Edinburgh station
    const hers = await agent2.vehicles.places({ params: { kind: 'vehicles' }, query: { term: 'oslo' } });
    expect(hers.items.some((p) => p.kind === 'property' && p.title.includes('Fjord Drive'))).toBe(true);
  });
});

describe('booking a car', () => {
  /** The cheapest car of a provider for the dates, from a fresh search by `client`. */
  async function offerOf(provider: string, dates = rental(), client = agent, filter = { country: 'IS' }) {
    const { done } = await search({ ...dates, currency: 'ISK', filter }, client);
    const offer = done.results.find((o) => o.provider === provider);
    expect(offer).toBeDefined();
    return offer!;
  }

  it('takes one car for every rental day, writes the booking, its car, history and e-mails; a retry returns it', async () => {
    const dates = rental(40);
    const offer = await offerOf('northwind_cars', dates);
    const before = await stock(offer.vehicleChannelId, dates);
    const created = await agent.vehicles.createBooking(
      { body: booking(offer, dates, { notes: 'Child seat' }) },
      { idempotencyKey: 'car-take-1' },
    );
    expect(created).toMatchObject({ status: 'new', total: price(offer), currency: 'ISK' });
    // The drop-off day is a charged day (12:00 after 10:00): four days taken, each by one car.
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(before.map((n, i) => (i < 4 ? n - 1 : n)));

    const again = await agent.vehicles.createBooking(
      { body: booking(offer, dates, { notes: 'Child seat' }) },
      { idempotencyKey: 'car-take-1' },
    );
    expect(again.reservationId).toBe(created.reservationId);
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(before.map((n, i) => (i < 4 ? n - 1 : n)));

    const row = await server.db.one<Record<string, unknown>>(
      `select b.kind, b.status, b.total::float as total, b.liability, b.pickup_time, b.dropoff_time,
              v.provider, v.make, v.model, v.acriss_code, v.driver_age, v.driver_country, v.charged_days
         from bookings b join booking_vehicles v on v.booking_id = b.id where b.reservation_id = $1`,
      [created.reservationId],
    );
    expect(row).toEqual({
      kind: 'vehicle',
      status: 'new',
      total: price(offer),
      liability: 'pay_at_property',
      pickup_time: '10:00',
      dropoff_time: '12:00',
      provider: 'northwind_cars',
      make: offer.make,
      model: offer.model,
      acriss_code: offer.acrissCode,
      driver_age: 36,
      driver_country: 'IS',
      charged_days: 4,
    });
    const history = await server.db.query<{ action: string }>(
      `select h.action from booking_history h join bookings b on b.id = h.booking_id where b.reservation_id = $1`,
      [created.reservationId],
    );
    expect(history.map((h) => h.action)).toEqual(['created']);
    const station = await server.db.one<{ email: string; timezone: string }>(
      'select email, timezone from properties where id = $1',
      [offer.stationChannelId],
    );
    // The offer names its station's zone: the checkout counts the cancellation deadline in it.
    expect(offer.station.timezone).toBe(station!.timezone);
    const mails = await server.db.query<{ to: string; kind: string }>(
      `select "to", kind from outbox_mails where subject like '%' || $1 || '%' order by seq`,
      [created.reservationId],
    );
    expect(mails).toEqual(
      [
        { to: driver.email, kind: 'booking_confirmation' },
        { to: station!.email, kind: 'booking_notification' },
      ].filter((m) => m.to),
    );
    expect(mails.length).toBeGreaterThan(0);
    // The total as core's `formatMoney` writes it: ISK has no decimals, thousands grouped (not `ISK 45600`).
    const written = await server.db.query<{ text: string }>(
      `select text from outbox_mails where subject like '%' || $1 || '%' order by seq`,
      [created.reservationId],
    );
    for (const mail of written)
      expect(mail.text).toContain(`Total: ${formatMoney(price(offer), 'ISK', 'en-GB')}\n`);
    expect(formatMoney(price(offer), 'ISK', 'en-GB')).toMatch(/^ISK\s\d{1,3}(,\d{3})*$/);
  });

  it('gives the last car to one agent only: the others hear it is no longer available', async () => {
    const dates = rental(50);
    const mine = await offerOf('northwind_cars', dates);
    const theirs = await offerOf('northwind_cars', dates, agent2);
    expect(theirs.vehicleChannelId).toBe(mine.vehicleChannelId); // both agencies sell Keflavík's cars
    await server.db.query(
      `update unit_availability set available = 1 where unit_id = $1 and date >= $2 and date <= $3`,
      [mine.vehicleChannelId, dates.pickupDate, dates.dropoffDate],
    );
    const attempts = [
      ...Array.from({ length: 4 }, () => agent.vehicles.createBooking({ body: booking(mine, dates) })),
      ...Array.from({ length: 4 }, () => agent2.vehicles.createBooking({ body: booking(theirs, dates) })),
    ];
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ status: 409, code: 'no_longer_available' });
    expect(await stock(mine.vehicleChannelId, dates)).toEqual([0, 0, 0, 0]);
    const booked = await server.db.one<{ n: number }>(
      `select count(*)::int as n from bookings b join booking_rooms r on r.booking_id = b.id
        where r.unit_id = $1 and b.arrival_date = $2`,
      [mine.vehicleChannelId, dates.pickupDate],
    );
    expect(booked!.n).toBe(1);
    expect(server.errors).toEqual([]);
  });

  it('cancels only the agency’s own booking, and the car is free again', async () => {
    const dates = rental(60);
    const offer = await offerOf('northwind_cars', dates);
    const before = await stock(offer.vehicleChannelId, dates);
    const created = await agent.vehicles.createBooking({ body: booking(offer, dates) });
    const taken = await stock(offer.vehicleChannelId, dates);
    expect(taken).not.toEqual(before);

    const other = await failure(
      agent2.vehicles.cancelBooking({ params: { reservationId: created.reservationId } }),
    );
    expect(other.status).toBe(404);
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(taken);

    await agent.vehicles.cancelBooking({ params: { reservationId: created.reservationId } });
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(before);
    const row = await server.db.one<{ status: string }>(
      'select status from bookings where reservation_id = $1',
      [created.reservationId],
    );
    expect(row!.status).toBe('canceled');
    const history = await server.db.query<{ action: string }>(
      `select h.action from booking_history h join bookings b on b.id = h.booking_id
        where b.reservation_id = $1 order by h.created_at`,
      [created.reservationId],
    );
    expect(history.map((h) => h.action)).toEqual(['created', 'canceled']);

    const twice = await failure(
      agent.vehicles.cancelBooking({ params: { reservationId: created.reservationId } }),
    );
    expect(twice.status).toBe(409);
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(before);
    expect(
      (await failure(agent.vehicles.cancelBooking({ params: { reservationId: 'TRN-NOTTHERE' } }))).status,
    ).toBe(404);
  });

  it('asks for a card when the provider needs one, uses a vault token once, keeps no number', async () => {
    const dates = rental(70);
    const prepaid = await offerOf('fjord_drive', dates);
    expect(prepaid.ratePlans[0]!.liability).toBe('prepaid');
    const without = await failure(agent.vehicles.createBooking({ body: booking(prepaid, dates) }));
    expect(without.status).toBe(400);
    expect(without.fields.map((f) => f.field)).toEqual(['guarantee.cardToken']);

    const { cardCaptureFormUrl } = await agent.engine.cardCaptureFormUrl({
      params: { kind: 'vehicles', id: prepaid.stationChannelId },
    });
    const card = (await (
      await fetch(new URL('tokens', cardCaptureFormUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: '4000 0566 5566 5556',
          expMonth: 8,
          expYear: 2030,
          cvc: '737',
          holder: 'Ada',
        }),
      })
    ).json()) as { token: string };
    // The price shown was a resident's (an Icelander at Reykjavík): a driver from elsewhere pays the full rate.
    const foreign = await failure(
      agent.vehicles.createBooking({
        body: booking(prepaid, dates, {
          driver: { ...driver, address: { countryCode: 'DE' } },
          total: price(prepaid),
          guarantee: { cardToken: card.token },
        }),
      }),
    );
    expect(foreign).toMatchObject({ status: 409, code: 'price_changed' });
    const created = await agent.vehicles.createBooking({
      body: booking(prepaid, dates, { total: price(prepaid), guarantee: { cardToken: card.token } }),
    });
    expect(created.total).toBe(price(prepaid));
    const row = await server.db.one<{ card_brand: string; card_last4: string; card_exp: string }>(
      'select card_brand, card_last4, card_exp from bookings where reservation_id = $1',
      [created.reservationId],
    );
    expect(row).toEqual({ card_brand: 'visa', card_last4: '5556', card_exp: '08/30' });
    const reused = await failure(
      agent.vehicles.createBooking({
        body: booking(prepaid, dates, { guarantee: { cardToken: card.token } }),
      }),
    );
    expect(reused.status).toBe(400);
    expect(reused.fields.map((f) => f.field)).toEqual(['guarantee.cardToken']);
  });

  it('refuses bad bookings with clear errors and takes nothing', async () => {
    const dates = rental(80);
    const offer = await offerOf('northwind_cars', dates);
    const before = await stock(offer.vehicleChannelId, dates);
    const refused = async (body: ReturnType<typeof booking>) =>
      failure(agent.vehicles.createBooking({ body }));

    const empty = await refused(
      booking(offer, dates, { driver: { ...driver, firstName: '', email: 'nope' } }),
    );
    expect(empty.status).toBe(400);
    expect(empty.fields.map((f) => f.field).sort()).toEqual([
      'booking.driver.email',
      'booking.driver.firstName',
    ]);
    const policy = await refused(booking(offer, dates, { policyAccepted: false }));
    expect(policy.fields.map((f) => f.field)).toEqual(['booking.policyAccepted']);
    const mismatch = await refused(
      booking(offer, dates, { vehicleChannelId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(mismatch.fields.map((f) => f.field)).toEqual(['rateId']);
    const forged = await refused(booking(offer, dates, { rateId: `${offer.vehicleChannelId}~nobody_cars` }));
    expect(forged.fields.map((f) => f.field)).toEqual(['rateId']);
    const young = await refused(booking(offer, dates, { driver: { ...driver, age: 19 } }));
    expect(young.fields.map((f) => f.field)).toEqual(['driver.age']);
    expect(young.message).toContain('20 and over');
    const past = await refused(booking(offer, { ...dates, pickupDate: day(-2) }));
    expect(past.fields.map((f) => f.field)).toEqual(['pickupDate']);
    const changed = await refused(booking(offer, dates, { total: price(offer)! - 1000 }));
    expect(changed).toMatchObject({ status: 409, code: 'price_changed' });
    // A young driver pays Northwind's young-driver rate: the price shown for a 36-year-old no longer holds.
    const younger = await refused(
      booking(offer, dates, { driver: { ...driver, age: 22 }, total: price(offer) }),
    );
    expect(younger).toMatchObject({ status: 409, code: 'price_changed' });
    expect(await stock(offer.vehicleChannelId, dates)).toEqual(before);
  });

  it('books only stations the agency holds a contract with', async () => {
    const james = server.client(await server.signIn('james'));
    const edinburgh = await offerOf('northwind_cars', rental(90), james, { country: 'GB' });
    // Northern Lights has no contract with Edinburgh: its cars are not theirs to book.
    const refused = await failure(agent.vehicles.createBooking({ body: booking(edinburgh, rental(90)) }));
    expect(refused).toMatchObject({ status: 403, code: 'no_contract' });
  });
});

describe('who may rent cars', () => {
  it('is a reseller: suppliers and admins are refused every call', async () => {
    const offer = (await search({ currency: 'ISK' })).done.results[0]!;
    for (const login of ['bjorn', 'admin']) {
      const client = server.client(await server.signIn(login));
      const calls = [
        () => client.vehicles.places({ params: { kind: 'vehicles' }, query: { term: 'rey' } }),
        () => client.vehicles.startQuery({ body: rental() }),
        () => client.vehicles.queryResults({ params: { queryId: '00000000-0000-4000-8000-000000000000' } }),
        () => client.vehicles.createBooking({ body: booking(offer) }),
        () => client.vehicles.cancelBooking({ params: { reservationId: 'TRN-ANY' } }),
      ];
      for (const call of calls) expect((await failure(call())).status).toBe(403);
    }
    const anonymous = await failure(server.client().vehicles.startQuery({ body: rental() }));
    expect(anonymous.status).toBe(401);
  });
});
