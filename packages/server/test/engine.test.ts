import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let agent: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stay = { checkinDate: day(30), checkoutDate: day(33) };

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
});
afterAll(() => server?.close());

/** A contracted hotel of the agent's, and a free rate of it for the stay. */
async function firstBookable(currency = 'EUR') {
  const list = await agent.engine.search({
    params: { kind: 'accommodations' },
    query: { currency, ...stay, occupancy: { adults: 2, children: 0, childrenAge: [] }, isAvailable: true },
  });
  for (const property of list.items) {
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency, withVirtualRatePlans: true },
    });
    for (const unit of units.items) {
      const rate = unit.ratePlans.find(
        (r) =>
          r.unavailableReason === null &&
          r.occupancy.adults === 2 &&
          r.occupancy.children === 0 &&
          r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
      );
      if (rate) return { property, unit, rate };
    }
  }
  throw new Error('nothing bookable');
}

describe('search', () => {
  it('lists only contracted properties with a best offer; discover adds the rest', async () => {
    const list = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...stay, limit: 100 },
    });
    expect(list.items.length).toBeGreaterThan(3);
    expect(list.items.every((p) => p.contract !== null)).toBe(true);
    expect(list.items.some((p) => p.bestOffer.offer !== null && p.bestOffer.currency === 'EUR')).toBe(true);
    const all = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...stay, discover: true, limit: 100 },
    });
    expect(all.meta.total).toBe(22);
    expect(all.items.some((p) => p.contract === null && p.bestOffer.errors.includes('no_contract'))).toBe(
      true,
    );
  });

  it('filters by city and map bounds, and pages', async () => {
    const lisbon = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { filter: { city: 'Lisbon' }, discover: true },
    });
    expect(lisbon.items.length).toBe(5);
    expect(lisbon.items.every((p) => p.city === 'Lisbon')).toBe(true);
    const bounds = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: {
        discover: true,
        filter: { latitude: { gte: 64, lte: 64.3 }, longitude: { gte: -22.1, lte: -21.7 } },
      },
    });
    expect(bounds.items.length).toBe(6);
    const page2 = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { discover: true, limit: 5, page: 2 },
    });
    expect(page2.items.length).toBe(5);
    expect(page2.meta).toMatchObject({ page: 2, limit: 5, total: 22 });
  });

  it('leaves out a property with every unit sold out on a night when asked for available ones only', async () => {
    const dates = { checkinDate: day(50), checkoutDate: day(53) };
    const query = { ...dates, limit: 100 };
    const before = await agent.engine.search({ params: { kind: 'accommodations' }, query });
    const target = before.items[0]!;
    await server.db.query(
      `update unit_availability set available = 0
        where unit_id in (select id from units where property_id = $1) and date = $2`,
      [target.id, day(51)],
    );
    const available = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { ...query, isAvailable: true },
    });
    expect(available.items.map((p) => p.id)).not.toContain(target.id);
    const all = await agent.engine.search({ params: { kind: 'accommodations' }, query });
    const soldOut = all.items.find((p) => p.id === target.id)!;
    expect(soldOut.bestOffer).toMatchObject({ offer: null, errors: ['sold_out'] });
  });

  it('counts what it lists when asked for available ones only: a hotel with no unit or every unit sold out on a night is in neither', async () => {
    const dates = { checkinDate: day(60), checkoutDate: day(63) };
    const search = (isAvailable: boolean) =>
      agent.engine.search({
        params: { kind: 'accommodations' },
        query: { ...dates, limit: 100, isAvailable, currency: 'EUR' },
      });
    const ids = (page: { items: { id: string }[] }) => page.items.map((p) => p.id);
    const before = await search(true);
    expect(before.meta.total).toBe(before.items.length);
    // One hotel with every unit sold out on a night, one with one of its units free on every night sold out
    // on a night (another stays free).
    const full = before.items[0]!.id;
    const [partly] = await server.db.query<{ property_id: string; unit_id: string }>(
      `select u.property_id, min(u.id::text) as unit_id from units u
        where u.property_id = any($1) and u.property_id <> $2 and not exists (
              select 1 from unit_availability a
               where a.unit_id = u.id and a.date >= $3 and a.date < $4 and a.available <= 0)
        group by u.property_id having count(*) >= 2 limit 1`,
      [ids(before), full, dates.checkinDate, dates.checkoutDate],
    );
    await server.db.query(
      `update unit_availability set available = 0
        where unit_id in (select id from units where property_id = $1) and date = $2`,
      [full, day(61)],
    );
    await server.db.query('update unit_availability set available = 0 where unit_id = $1 and date = $2', [
      partly!.unit_id,
      day(62),
    ]);
    // A hotel of the agent's with no unit yet.
    const [agency] = await server.db.query<{ agency_id: string }>(
      `select agency_id from users where email = 'agent@demo.tern.test'`,
    );
    const [empty] = await server.db.query<{ id: string }>(
      `insert into properties (kind, supplier_id, title)
       select 'accommodation', supplier_id, 'Aaa Empty Inn' from properties where id = $1
       returning id`,
      [full],
    );
    await server.db.query(
      `insert into contracts (agency_id, property_id, status, initiator) values ($1, $2, 'approved', 'reseller')`,
      [agency!.agency_id, empty!.id],
    );
    const soldOut = await search(true);
    expect(ids(soldOut)).not.toContain(full);
    expect(ids(soldOut)).toContain(partly!.property_id);
    expect(ids(soldOut)).not.toContain(empty!.id);
    expect(soldOut.meta.total).toBe(before.meta.total - 1);
    expect(soldOut.meta.total).toBe(soldOut.items.length);
    expect((await search(false)).items.find((p) => p.id === empty!.id)?.bestOffer.offer).toBeNull();
    // Its first unit, free on every night, makes it available; without it, it is not again.
    const [unit] = await server.db.query<{ id: string }>(
      `insert into units (property_id, title) values ($1, 'Room') returning id`,
      [empty!.id],
    );
    await server.db.query(
      `insert into unit_availability (unit_id, date, available)
       select $1, d::date, 3 from generate_series($2::date, $3::date, interval '1 day') d`,
      [unit!.id, dates.checkinDate, dates.checkoutDate],
    );
    const opened = await search(true);
    expect(ids(opened)).toContain(empty!.id);
    expect(opened.meta.total).toBe(soldOut.meta.total + 1);
    await server.db.query('delete from units where id = $1', [unit!.id]);
    const closed = await search(true);
    expect(ids(closed)).not.toContain(empty!.id);
    expect(closed.meta.total).toBe(soldOut.meta.total);
    await server.db.query('delete from contracts where property_id = $1', [empty!.id]);
    await server.db.query('delete from properties where id = $1', [empty!.id]);
  });

  it('keeps each property’s number of units through inserts, deletes, moves and the property’s deletion', async () => {
    const count = async (id: string) =>
      (
        await server.db.query<{ unit_count: number }>('select unit_count from properties where id = $1', [id])
      )[0]?.unit_count;
    const [check] = await server.db.query<{ wrong: number }>(
      `select count(*)::int as wrong from properties p
        where p.unit_count <> (select count(*) from units u where u.property_id = p.id)`,
    );
    expect(check!.wrong).toBe(0);
    const [a, b] = await server.db.query<{ id: string }>(
      `insert into properties (kind, supplier_id, title)
       select 'accommodation', supplier_id, t from (select supplier_id from properties limit 1) s,
              unnest(array['Unit count A', 'Unit count B']) t
       returning id`,
    );
    expect(await count(a!.id)).toBe(0);
    await server.db.query(
      `insert into units (property_id, title) values ($1, 'one'), ($1, 'two'), ($1, 'three'), ($2, 'four')`,
      [a!.id, b!.id],
    );
    expect([await count(a!.id), await count(b!.id)]).toEqual([3, 1]);
    await server.db.query(`update units set property_id = $2 where property_id = $1 and title <> 'one'`, [
      a!.id,
      b!.id,
    ]);
    await server.db.query(`update units set title = title || '!' where property_id = $1`, [b!.id]);
    expect([await count(a!.id), await count(b!.id)]).toEqual([1, 3]);
    await server.db.query(`delete from units where property_id = $1 and title = 'four!'`, [b!.id]);
    expect([await count(a!.id), await count(b!.id)]).toEqual([1, 2]);
    await server.db.query('delete from properties where id = any($1)', [[a!.id, b!.id]]);
    expect(await count(a!.id)).toBeUndefined();
  });

  it('refuses an unknown currency and a check-out before the check-in', async () => {
    await expect(
      agent.engine.search({ params: { kind: 'accommodations' }, query: { currency: 'XYZ' } }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      agent.engine.search({
        params: { kind: 'accommodations' },
        query: { checkinDate: day(10), checkoutDate: day(9) },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('is for resellers only', async () => {
    const hotelier = server.client(await server.signIn('hotelier'));
    await expect(
      hotelier.engine.search({ params: { kind: 'accommodations' }, query: {} }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('a property', () => {
  it('gives its page, closed dates, rates and best offer', async () => {
    const { property, rate } = await firstBookable();
    const info = await agent.engine.info({ params: { kind: 'accommodations', id: property.id } });
    expect(info.title).toBe(property.title);
    expect(info.photos[0]?.url).toMatch(/^\/photos\//);
    expect(info.contract).not.toBeNull();
    const closed = await agent.engine.closedDates({
      params: { kind: 'accommodations', id: property.id },
      query: { from: day(0), to: day(60) },
    });
    expect(closed.ratePlans.length).toBeGreaterThan(0);
    expect(rate.nightly).toHaveLength(3);
    expect(rate.totalPrice).toBeGreaterThanOrEqual(rate.netPrice);
    const best = await agent.engine.bestOffer({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency: 'EUR', occupancy: { adults: 2, children: 0, childrenAge: [] } },
    });
    expect(best.offer).not.toBeNull();
    expect(best.offer!).toBeLessThanOrEqual(rate.totalPrice);
  });

  it('converts prices to the currency asked', async () => {
    const { property, unit, rate } = await firstBookable('EUR');
    const usd = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency: 'USD', withVirtualRatePlans: true },
    });
    const same = usd.items.find((u) => u.id === unit.id)!.ratePlans.find((r) => r.id === rate.id)!;
    expect(same.currency).toBe('USD');
    expect(same.netPrice / rate.netPrice).toBeCloseTo(1 / 0.92, 1);
  });

  it('is not found for a property without a contract, for rates', async () => {
    const all = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { discover: true, limit: 100 },
    });
    const other = all.items.find((p) => p.contract === null)!;
    await expect(
      agent.engine.listWithRates({
        params: { kind: 'accommodations', id: other.id },
        query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('unit rates (for contracts)', () => {
  it('lists units and their plans to a reseller, to the property’s supplier, and to no other supplier', async () => {
    const all = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { discover: true, limit: 100 },
    });
    const harbour = all.items.find((p) => p.title === 'Harbour View Hotel')!;
    const forAgent = await agent.engine.unitRates({ params: { kind: 'accommodations', id: harbour.id } });
    expect(forAgent.items.length).toBeGreaterThan(0);
    expect(forAgent.items[0]!.ratePlans[0]).toMatchObject({ occupancy: { adults: expect.any(Number) } });
    const hotelier = server.client(await server.signIn('hotelier'));
    const forOwner = await hotelier.engine.unitRates({ params: { kind: 'accommodations', id: harbour.id } });
    expect(forOwner.items.map((u) => u.id)).toEqual(forAgent.items.map((u) => u.id));
    const other = server.client(await server.signIn('hotelier2'));
    await expect(
      other.engine.unitRates({ params: { kind: 'accommodations', id: harbour.id } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('booking a stay', () => {
  const body = (
    rate: { id: string; occupancy: { adults: number; children: number; infants: number } },
    unitId: string,
  ) => ({
    booking: {
      currency: 'EUR',
      arrivalDate: stay.checkinDate,
      departureDate: stay.checkoutDate,
      customer: { name: 'Ada', surname: 'Lovelace', mail: 'ada@example.test' },
      rooms: [
        {
          ratePlanId: rate.id,
          roomTypeCode: unitId,
          occupancy: rate.occupancy,
          guests: [{ name: '', surname: '', nationality: '' }],
        },
      ],
      policyAccepted: true as const,
    },
  });

  it('books, takes the room, writes the e-mails, and replays an idempotent retry', async () => {
    const { property, unit, rate } = await firstBookable();
    const before = unit.availability;
    const key = 'book-once-1';
    const created = await agent.engine.createBooking(
      { params: { kind: 'accommodations', id: property.id }, body: body(rate, unit.id) },
      { idempotencyKey: key },
    );
    expect(created.reservationId).toMatch(/^TRN-[A-Z2-9]{8}$/);
    expect(created.total).toBe(rate.totalPrice);
    const again = await agent.engine.createBooking(
      { params: { kind: 'accommodations', id: property.id }, body: body(rate, unit.id) },
      { idempotencyKey: key },
    );
    expect(again.reservationId).toBe(created.reservationId);
    const after = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
    });
    expect(after.items.find((u) => u.id === unit.id)!.availability).toBe(before - 1);
    const mails = await server.client(null).mail.list({ query: { limit: 50 } });
    expect(mails.items.filter((m) => m.subject.includes(created.reservationId))).toHaveLength(2);
    const guest = await server.db.one<{ name: string }>(
      `select g.name from booking_guests g join booking_rooms r on r.id = g.booking_room_id
        join bookings b on b.id = r.booking_id where b.reservation_id = $1`,
      [created.reservationId],
    );
    expect(guest?.name).toBe('No Name');
  });

  it('gives the last room to exactly one of several agents racing for it', async () => {
    const { property, unit, rate } = await firstBookable();
    await server.db.query(
      `update unit_availability set available = 1 where unit_id = $1 and date >= $2 and date < $3`,
      [unit.id, stay.checkinDate, stay.checkoutDate],
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        agent.engine.createBooking({
          params: { kind: 'accommodations', id: property.id },
          body: body(rate, unit.id),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409 });
    const left = await server.db.query<{ available: number }>(
      `select available from unit_availability where unit_id = $1 and date >= $2 and date < $3`,
      [unit.id, stay.checkinDate, stay.checkoutDate],
    );
    expect(left.every((r) => r.available === 0)).toBe(true);
  });

  it('refuses two rooms of a unit that has one left, taking nothing and writing nothing', async () => {
    const { property, unit, rate } = await firstBookable();
    const free = () =>
      server.db.query<{ available: number }>(
        `select available from unit_availability where unit_id = $1 and date >= $2 and date < $3`,
        [unit.id, stay.checkinDate, stay.checkoutDate],
      );
    await server.db.query(
      `update unit_availability set available = 1 where unit_id = $1 and date >= $2 and date < $3`,
      [unit.id, stay.checkinDate, stay.checkoutDate],
    );
    const one = body(rate, unit.id);
    const two = {
      booking: {
        ...one.booking,
        customer: { name: 'Two', surname: 'Rooms' },
        rooms: [one.booking.rooms[0]!, one.booking.rooms[0]!],
      },
    };
    const bookingsBefore = await server.db.one<{ n: number }>('select count(*) as n from bookings');
    await expect(
      agent.engine.createBooking({ params: { kind: 'accommodations', id: property.id }, body: two }),
    ).rejects.toMatchObject({ status: 409, code: 'no_longer_available' });
    expect((await free()).every((r) => r.available === 1)).toBe(true);
    expect(await server.db.one('select count(*) as n from bookings')).toEqual(bookingsBefore);
    // With two left, both rooms are taken in one booking.
    await server.db.query(
      `update unit_availability set available = 2 where unit_id = $1 and date >= $2 and date < $3`,
      [unit.id, stay.checkinDate, stay.checkoutDate],
    );
    const created = await agent.engine.createBooking({
      params: { kind: 'accommodations', id: property.id },
      body: two,
    });
    expect(created.total).toBe(rate.totalPrice * 2);
    expect((await free()).every((r) => r.available === 0)).toBe(true);
  });

  it('gives the rooms back when a refusal comes after they were taken (an unusable card)', async () => {
    const list = await agent.engine.search({
      params: { kind: 'accommodations' },
      query: { currency: 'EUR', ...stay, isAvailable: true, limit: 100 },
    });
    let found: { propertyId: string; unitId: string; rate: Parameters<typeof body>[0] } | null = null;
    for (const p of list.items) {
      const units = await agent.engine.listWithRates({
        params: { kind: 'accommodations', id: p.id },
        query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
      });
      for (const u of units.items) {
        const rate = u.ratePlans.find(
          (r) =>
            r.unavailableReason === null &&
            r.cancellationPolicy !== null &&
            r.cancellationPolicy.guaranteePaymentPolicy !== 'none',
        );
        if (rate && !found) found = { propertyId: p.id, unitId: u.id, rate };
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const { propertyId, unitId, rate } = found!;
    const free = () =>
      server.db.query<{ available: number }>(
        `select available from unit_availability where unit_id = $1 and date >= $2 and date < $3 order by date`,
        [unitId, stay.checkinDate, stay.checkoutDate],
      );
    const before = await free();
    const withCard = body(rate, unitId);
    await expect(
      agent.engine.createBooking({
        params: { kind: 'accommodations', id: propertyId },
        body: { booking: { ...withCard.booking, guarantee: { cardToken: 'tok_not_a_real_token' } } },
      }),
    ).rejects.toMatchObject({ status: 400, fields: [{ field: 'guarantee.cardToken' }] });
    expect(await free()).toEqual(before);
  });

  it('refuses bad input with field errors, and a changed price', async () => {
    const { property, unit, rate } = await firstBookable();
    const bad = body(rate, unit.id);
    await expect(
      agent.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: { booking: { ...bad.booking, rooms: [{ ...bad.booking.rooms[0]!, ratePlanId: 'nope' }] } },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      agent.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: { booking: { ...bad.booking, total: rate.totalPrice + 10 } },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'price_changed' });
  });
});
