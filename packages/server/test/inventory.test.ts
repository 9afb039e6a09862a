import { ApiError, type BulkEditBody, createClient, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// The inventory calendar: the calendar read, bulk edits with preview and undo, the year-long rows call
// in one transaction, availability never below what is booked (also under racing bookings), and the one-time
// token that opens a calendar session of one property.

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
let unitId: string;
let planIds: string[];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, fields: error.fields, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
};

/** Books `rooms` rooms of the unit for two nights from `offset` days on, as the agent. */
async function book(offset: number, rooms = 1) {
  const stay = { checkinDate: day(offset), checkoutDate: day(offset + 2) };
  const units = await agent.engine.listWithRates({
    params: { kind: 'accommodations', id: propertyId },
    query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
  });
  const unit = units.items.find((u) => u.id === unitId)!;
  const rate = unit.ratePlans.find((r) => r.cancellationPolicy?.guaranteePaymentPolicy === 'none')!;
  return agent.engine.createBooking({
    params: { kind: 'accommodations', id: propertyId },
    body: {
      booking: {
        currency: 'EUR',
        arrivalDate: stay.checkinDate,
        departureDate: stay.checkoutDate,
        customer: { name: 'Ada', surname: 'Lovelace' },
        rooms: Array.from({ length: rooms }, () => ({
          ratePlanId: rate.id,
          roomTypeCode: unit.id,
          occupancy: rate.occupancy,
          guests: [],
        })),
        policyAccepted: true,
      },
    },
  });
}

/** Opens every restriction of the unit's plans on those nights, so a booking is refused only for rooms. */
async function openNights(from: number, to: number) {
  await server.db.query(
    `update rate_prices set stop_sell = false, closed_to_arrival = false, closed_to_departure = false,
            min_stay_arrival = 1, min_stay_through = 1, max_stay = null
      where rate_plan_id = any($1) and date >= $2 and date <= $3`,
    [planIds, day(from), day(to)],
  );
}

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const plan = (await server.db.one<{ unit_id: string }>(
    `select rp.unit_id from rate_plans rp join cancellation_policies cp on cp.id = rp.cancellation_policy_id
      where rp.property_id = $1 and cp.guarantee_payment_policy = 'none' order by rp.unit_id limit 1`,
    [propertyId],
  ))!;
  unitId = plan.unit_id;
  planIds = (
    await server.db.query<{ id: string }>('select id from rate_plans where unit_id = $1 order by id', [
      unitId,
    ])
  ).map((r) => r.id);
}, 120_000);
afterAll(() => server?.close());

describe('the calendar', () => {
  it('shows per unit and night the rooms in all, booked and free, and per plan the price and restrictions', async () => {
    await openNights(40, 42);
    await book(40);
    const calendar = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: day(39), to: day(42), unitIds: [unitId] },
    });
    expect(calendar.units.map((u) => u.id)).toEqual([unitId]);
    const nights = calendar.units[0]!.nights;
    expect(nights.map((n) => n.date)).toEqual([day(39), day(40), day(41), day(42)]);
    for (const n of nights) expect(n.total).toBe(n.free + n.booked);
    expect(nights[0]!.booked).toBe(0);
    expect(nights[1]!.booked).toBe(1);
    expect(nights[2]!.booked).toBe(1);
    expect(nights[3]!.booked).toBe(0);
    const free = await server.db.one<{ available: number }>(
      'select available from unit_availability where unit_id = $1 and date = $2',
      [unitId, day(40)],
    );
    expect(nights[1]!.free).toBe(free!.available);
    expect(calendar.ratePlans.map((p) => p.id).sort()).toEqual([...planIds].sort());
    // Every plan counts its rooms sold, capped or not: together the unit's rooms booked each night.
    for (const [i, n] of nights.entries())
      expect(calendar.ratePlans.reduce((sum, p) => sum + p.nights[i]!.sold, 0)).toBe(n.booked);
    const night = calendar.ratePlans[0]!.nights[0]!;
    expect(night.price).toBeGreaterThan(0);
    expect(night.byOccupancy.length).toBe(calendar.ratePlans[0]!.maxAdults);
    expect(night).toMatchObject({
      date: day(39),
      stopSell: expect.any(Boolean),
      minStayArrival: expect.any(Number),
    });
  });

  it('refuses a range over a year, one that ends before it starts, and another property’s units', async () => {
    expect(
      await refusal(
        hotelier.inventory.calendar({ params: { propertyId }, query: { from: day(0), to: day(400) } }),
      ),
    ).toMatchObject({ status: 400, code: 'inventory_range_too_long' });
    expect(
      await refusal(
        hotelier.inventory.calendar({ params: { propertyId }, query: { from: day(5), to: day(1) } }),
      ),
    ).toMatchObject({ status: 400 });
    const other = await server.db.one<{ id: string }>(
      'select id from units where property_id <> $1 limit 1',
      [propertyId],
    );
    expect(
      await refusal(
        hotelier.inventory.calendar({
          params: { propertyId },
          query: { from: day(1), to: day(2), unitIds: [other!.id] },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });
});

describe('bulk edits', () => {
  it('preview what changes without changing it, apply it, and undo it', async () => {
    const range = { from: day(100), to: day(113), weekdays: [6, 7] };
    const before = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: range.from, to: range.to },
    });
    const body = {
      ...range,
      ratePlanIds: [planIds[0]!],
      changes: { price: { op: 'increase_by_percent' as const, value: 10 }, restrictions: { stopSell: true } },
    };
    const preview = await hotelier.inventory.edit({
      params: { propertyId },
      body: { ...body, preview: true },
    });
    expect(preview.preview).toBe(true);
    expect(preview.changeSetId).toBeNull();
    expect(preview.summary.rates).toBe(4); // two weekends
    const plan = before.ratePlans.find((p) => p.id === planIds[0])!;
    for (const cell of preview.cells) {
      if (cell.kind !== 'rate') throw new Error('a rate cell only');
      const was = plan.nights.find((n) => n.date === cell.date)!;
      expect([6, 0]).toContain(new Date(`${cell.date}T00:00:00Z`).getUTCDay());
      expect(cell.from?.price).toBe(was.price);
      expect(cell.to?.price).toBeCloseTo(Math.round(was.price! * 1.1 * 100) / 100, 2);
      expect(cell.to?.stopSell).toBe(true);
    }
    const unchanged = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: range.from, to: range.to },
    });
    expect(unchanged).toEqual(before);

    const trail = async () =>
      (await server.db.one<{ n: number }>(
        `select count(*)::int as n from audit_log where object_id = $1 and action like 'inventory_%'`,
        [propertyId],
      ))!.n;
    const audited = await trail();
    const applied = await hotelier.inventory.edit({ params: { propertyId }, body });
    expect(applied.changeSetId).not.toBeNull();
    expect(applied.cells).toEqual(preview.cells);
    expect(await trail()).toBe(audited + 1);
    const after = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: range.from, to: range.to },
    });
    const changed = after.ratePlans
      .find((p) => p.id === planIds[0])!
      .nights.filter((n) => n.stopSell && !plan.nights.find((b) => b.date === n.date)!.stopSell);
    expect(changed.length).toBeGreaterThan(0);

    const undone = await hotelier.inventory.undo({ params: { propertyId } });
    expect(undone.changeSetId).toBe(applied.changeSetId);
    expect(
      await hotelier.inventory.calendar({
        params: { propertyId },
        query: { from: range.from, to: range.to },
      }),
    ).toEqual(before);
    // The edits before this test's are undone one by one; when none is left, there is nothing to undo.
    for (;;) {
      const r = await hotelier.inventory.undo({ params: { propertyId } }).catch((e: ApiError) => e);
      if (r instanceof ApiError) {
        expect(r).toMatchObject({ status: 409, code: 'nothing_to_undo' });
        break;
      }
    }
  });

  it('sets availability as rooms in all, and refuses less than what is booked', async () => {
    await openNights(50, 52);
    await server.db.query(
      'update unit_availability set available = 3 where unit_id = $1 and date >= $2 and date <= $3',
      [unitId, day(50), day(52)],
    );
    await book(50, 2);
    const set = await hotelier.inventory.edit({
      params: { propertyId },
      body: { from: day(50), to: day(52), unitIds: [unitId], changes: { availability: 4 } },
    });
    expect(set.cells).toEqual([
      { kind: 'availability', unitId, date: day(50), booked: 2, from: 3, to: 4 },
      { kind: 'availability', unitId, date: day(51), booked: 2, from: 3, to: 4 },
      { kind: 'availability', unitId, date: day(52), booked: 0, from: 3, to: 4 },
    ]);
    const low = await refusal(
      hotelier.inventory.edit({
        params: { propertyId },
        body: { from: day(50), to: day(52), unitIds: [unitId], changes: { availability: 1 } },
      }),
    );
    expect(low).toMatchObject({
      status: 409,
      code: 'availability_below_booked',
      params: { date: day(50), booked: 2 },
    });
    const cal = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: day(50), to: day(52), unitIds: [unitId] },
    });
    expect(cal.units[0]!.nights.map((n) => [n.total, n.booked, n.free])).toEqual([
      [4, 2, 2],
      [4, 2, 2],
      [4, 0, 4],
    ]);
    const exactly = await hotelier.inventory.edit({
      params: { propertyId },
      body: { from: day(50), to: day(51), unitIds: [unitId], changes: { availability: 2 } },
    });
    expect(exactly.summary.availability).toBe(2);
    // Sold out now: the next booking is refused.
    expect(await refusal(book(50))).toMatchObject({ status: 409 });
  });

  it('refuses past nights, another property’s plans, and an edit of nothing', async () => {
    expect(
      await refusal(
        hotelier.inventory.edit({
          params: { propertyId },
          body: { from: day(-3), to: day(2), changes: { restrictions: { stopSell: true } } },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'inventory_day_past' });
    const other = await server.db.one<{ id: string }>(
      'select id from rate_plans where property_id <> $1 limit 1',
      [propertyId],
    );
    expect(
      await refusal(
        hotelier.inventory.edit({
          params: { propertyId },
          body: {
            from: day(2),
            to: day(3),
            ratePlanIds: [other!.id],
            changes: { restrictions: { stopSell: true } },
          },
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        hotelier.inventory.edit({ params: { propertyId }, body: { from: day(2), to: day(3), changes: {} } }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe('bulk edits checked by core’s rules', () => {
  const editNights = (changes: BulkEditBody['changes']) =>
    refusal(
      hotelier.inventory.edit({
        params: { propertyId },
        body: { from: day(60), to: day(61), ratePlanIds: [planIds[0]!], changes },
      }),
    );

  it('refuses a decrease over 100 % and a maximum stay below a night’s minimum, naming the field', async () => {
    expect(await editNights({ price: { op: 'decrease_by_percent', value: 150 } })).toMatchObject({
      status: 400,
      code: 'invalid_value',
      fields: [{ field: 'changes.price.value' }],
    });
    await server.db.query(
      'update rate_prices set min_stay_arrival = 3, max_stay = null where rate_plan_id = $1 and date = $2',
      [planIds[0], day(61)],
    );
    const before = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: day(60), to: day(61) },
    });
    expect(await editNights({ restrictions: { maxStay: 2 } })).toMatchObject({
      status: 400,
      code: 'invalid_value',
      fields: [{ field: 'changes.restrictions.maxStay', params: { date: day(61), ratePlanId: planIds[0] } }],
    });
    // Nothing of it was written, the night before it included.
    expect(
      await hotelier.inventory.calendar({ params: { propertyId }, query: { from: day(60), to: day(61) } }),
    ).toEqual(before);
  });
});

describe('idempotent bulk edits and undo (Idempotency-Key)', () => {
  const range = { from: day(140), to: day(141) };
  const nightsOf = async () =>
    (
      await hotelier.inventory.calendar({
        params: { propertyId },
        query: { ...range, ratePlanIds: [planIds[0]!] },
      })
    ).ratePlans[0]!.nights.map((n) => n.price);
  const changeSets = async () =>
    (await server.db.one<{ n: number }>(
      'select count(*)::int as n from inventory_change_sets where property_id = $1',
      [propertyId],
    ))!.n;
  const raise = () => ({
    ...range,
    ratePlanIds: [planIds[0]!],
    changes: { price: { op: 'increase_by_percent' as const, value: 10 } },
  });
  const post = (path: string, key: string, body?: unknown) =>
    server.fetch(`/api/v1/tern_hotels/properties/${propertyId}/inventory/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let token: string;
  beforeAll(async () => {
    token = await server.signIn('hotelier');
    await server.db.query(
      'update rate_prices set price = 100 where rate_plan_id = $1 and date >= $2 and date <= $3',
      [planIds[0], range.from, range.to],
    );
  });

  it('applies a “+10 %” sent twice with one key once, and replays the first reply', async () => {
    const sets = await changeSets();
    const first = await post('edits', 'raise-once', raise());
    expect(first.status).toBe(201);
    const applied = await first.json();
    const again = await post('edits', 'raise-once', raise());
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(applied);
    expect(await nightsOf()).toEqual([110, 110]);
    expect(await changeSets()).toBe(sets + 1);
    // Another body with the same key is refused and changes nothing.
    const other = await post('edits', 'raise-once', {
      ...raise(),
      changes: { price: { op: 'set', value: 1 } },
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await nightsOf()).toEqual([110, 110]);
    // A new key is a new edit.
    expect((await post('edits', 'raise-twice', raise())).status).toBe(201);
    expect(await nightsOf()).toEqual([121, 121]);
  });

  it('applies an edit sent twice at once with one key once: the repeat waits and replays', async () => {
    const sets = await changeSets();
    const both = await Promise.all([
      post('edits', 'raise-racing', raise()),
      post('edits', 'raise-racing', raise()),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(both.map((r) => r.json()));
    expect(b).toEqual(a);
    expect(both.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect(await nightsOf()).toEqual([133, 133]); // in the property’s currency’s decimals
    expect(await changeSets()).toBe(sets + 1);
    expect((await post('edits/undo', 'undo-racing')).status).toBe(201);
    expect(await nightsOf()).toEqual([121, 121]);
  });

  it('undoes once for an undo sent twice with one key', async () => {
    const first = await post('edits/undo', 'undo-once');
    expect(first.status).toBe(201);
    const undone = await first.json();
    const again = await post('edits/undo', 'undo-once');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(undone);
    // Only the last “+10 %” is taken back.
    expect(await nightsOf()).toEqual([110, 110]);
    expect((await post('edits/undo', 'undo-next')).status).toBe(201);
    expect(await nightsOf()).toEqual([100, 100]);
  });

  it('the SDK keeps its key for the retry of a call whose reply was lost', async () => {
    let calls = 0;
    const keys: (string | null)[] = [];
    const client = createClient({
      baseUrl: server.url,
      token: () => token,
      retries: 2,
      // The first reply is lost after the server committed the edit; the retry must not apply it again.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        keys.push(request.headers.get('idempotency-key'));
        const reply = await fetch(request);
        if (calls++ === 0) throw new TypeError('connection reset');
        return reply;
      },
    });
    const result = await client.inventory.edit({ params: { propertyId }, body: raise() });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/\S/);
    expect(keys[1]).toBe(keys[0]);
    expect(result.changeSetId).not.toBeNull();
    expect(await nightsOf()).toEqual([110, 110]);
    await client.inventory.undo({ params: { propertyId } });
    expect(await nightsOf()).toEqual([100, 100]);
  });
});

describe('the year-long rows call', () => {
  it('applies prices, restrictions and availability in one transaction, or nothing', async () => {
    const days = Array.from({ length: 30 }, (_, i) => day(200 + i));
    const rows = planIds.flatMap((ratePlanId, p) =>
      days.map((date, i) => ({ ratePlanId, date, price: 100 + p + i, restrictions: { minStayArrival: 2 } })),
    );
    const availability = days.map((date) => ({ unitId, date, availability: 7 }));
    const range = { from: days[0]!, to: days[29]!, unitIds: [unitId] };
    const first = await hotelier.inventory.calendar({ params: { propertyId }, query: range });
    // A night that had no row gets one (and loses it again on undo).
    await server.db.query('delete from rate_prices where rate_plan_id = $1 and date = $2', [
      planIds[0],
      days[3],
    ]);
    const untouched = await hotelier.inventory.calendar({ params: { propertyId }, query: range });
    expect(untouched.ratePlans.find((p) => p.id === planIds[0])!.nights[3]!.price).toBeNull();
    const done = await hotelier.inventory.putRows({ params: { propertyId }, body: { rows, availability } });
    expect(done.summary.rates).toBe(rows.length);
    const cal = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: days[0]!, to: days[29]!, unitIds: [unitId] },
    });
    expect(cal.units[0]!.nights.every((n) => n.total === 7)).toBe(true);
    const plan = cal.ratePlans.find((p) => p.id === planIds[0])!;
    expect(plan.nights.map((n) => n.price)).toEqual(days.map((_, i) => 100 + i));
    expect(plan.nights.every((n) => n.minStayArrival === 2)).toBe(true);

    // One bad row (another property's plan) at the end: nothing of the call is written.
    const other = await server.db.one<{ id: string }>(
      'select id from rate_plans where property_id <> $1 limit 1',
      [propertyId],
    );
    const bad = await refusal(
      hotelier.inventory.putRows({
        params: { propertyId },
        body: {
          rows: [
            ...rows.map((r) => ({ ...r, price: 1 })),
            { ratePlanId: other!.id, date: days[0]!, price: 5 },
          ],
        },
      }),
    );
    expect(bad).toMatchObject({ status: 404, code: 'rate_plan_not_found' });
    const twice = await refusal(
      hotelier.inventory.putRows({
        params: { propertyId },
        body: { rows: [rows[0]!, { ...rows[0]!, price: 3 }] },
      }),
    );
    expect(twice).toMatchObject({ status: 400, code: 'inventory_row_twice' });
    const same = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: days[0]!, to: days[29]!, unitIds: [unitId] },
    });
    expect(same).toEqual(cal);
    // Undo puts every night back as it was, the missing one missing again.
    const undone = await hotelier.inventory.undo({ params: { propertyId } });
    expect(undone.changeSetId).toBe(done.changeSetId);
    expect(undone.summary).toEqual({ availability: done.summary.availability, rates: rows.length });
    expect(await hotelier.inventory.calendar({ params: { propertyId }, query: range })).toEqual(untouched);
    expect(first.units).toEqual(untouched.units);
    // The same rows twice: the second call changes nothing and stores no change set.
    await hotelier.inventory.putRows({ params: { propertyId }, body: { rows } });
    const again = await hotelier.inventory.putRows({ params: { propertyId }, body: { rows } });
    expect(again).toEqual({ changeSetId: null, summary: { availability: 0, rates: 0 } });
    // A night with no price yet needs one.
    await server.db.query('delete from rate_prices where rate_plan_id = $1 and date = $2', [
      planIds[0],
      day(300),
    ]);
    expect(
      await refusal(
        hotelier.inventory.putRows({
          params: { propertyId },
          body: { rows: [{ ratePlanId: planIds[0]!, date: day(300), restrictions: { stopSell: true } }] },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'price_required' });
  });
});

describe('availability edits racing bookings', () => {
  it('never lets the rooms booked exceed what the hotel has, and free never goes below 0', async () => {
    await openNights(70, 72);
    await server.db.query(
      'update unit_availability set available = 6 where unit_id = $1 and date >= $2 and date <= $3',
      [unitId, day(70), day(72)],
    );
    // Totals each edit may leave: the first, and every edit that went through. An edit that counted the rooms
    // booked before a racing booking committed, and wrote over its free count, would leave one of these + 1.
    const possible = new Set([6]);
    for (let round = 0; round < 3; round++) {
      const edits = [5, 2, 8, 3, 1, 6].map((total) =>
        hotelier.inventory
          .edit({
            params: { propertyId },
            body: { from: day(70), to: day(71), unitIds: [unitId], changes: { availability: total + round } },
          })
          .then(() => {
            possible.add(total + round);
            return 'set';
          })
          .catch((e: ApiError) => e.code),
      );
      const bookings = Array.from({ length: 8 }, () =>
        book(70)
          .then(() => 'booked')
          .catch((e: ApiError) => e.code),
      );
      const results = await Promise.all([...edits, ...bookings]);
      for (const r of results)
        expect(['set', 'booked', 'availability_below_booked', 'no_longer_available']).toContain(r);
    }
    const cal = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: day(70), to: day(71), unitIds: [unitId] },
    });
    const rooms = await server.db.one<{ n: number }>(
      `select count(*)::int as n from booking_rooms br join bookings b on b.id = br.booking_id
        where br.unit_id = $1 and br.status = 'booked' and b.arrival_date = $2`,
      [unitId, day(70)],
    );
    for (const n of cal.units[0]!.nights) {
      expect(n.free).toBeGreaterThanOrEqual(0);
      expect(n.booked).toBe(rooms!.n);
      expect([...possible]).toContain(n.total);
    }
  });
});

describe('an availability edit waiting on a booking in flight', () => {
  it('counts the room that booking took once it commits, and never writes over it', async () => {
    await server.db.query(
      'update unit_availability set available = 5 where unit_id = $1 and date >= $2 and date <= $3',
      [unitId, day(80), day(81)],
    );
    // A booking holding the nights (as the engine's does between its conditional update and its commit).
    let commit!: () => void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let locked!: () => void;
    const taken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const booking = server.db.transaction(async (tx) => {
      await tx.query(
        'update unit_availability set available = available - 1 where unit_id = $1 and date >= $2 and date <= $3',
        [unitId, day(80), day(81)],
      );
      const b = await tx.one<{ id: string }>(
        `insert into bookings (reservation_id, kind, agency_id, property_id, booker_id, arrival_date, departure_date,
                               currency, total, property_currency, property_total, customer, liability)
         select 'RACE-' || substr(md5(random()::text), 1, 8), 'accommodation', a.id, $1, u.id, $2, $3, 'EUR', 1,
                'EUR', 1, '{}', 'pay_at_property'
           from agencies a join users u on u.agency_id = a.id limit 1
         returning id`,
        [propertyId, day(80), day(82)],
      );
      await tx.query(
        `insert into booking_rooms (booking_id, unit_id, offer_id, adults, children, infants, nightly, taxes,
                                    net_price, total_price)
         values ($1, $2, 'race', 1, 0, 0, '[]', '[]', 1, 1)`,
        [b!.id, unitId],
      );
      locked();
      await held;
    });
    await taken;
    const edit = hotelier.inventory.edit({
      params: { propertyId },
      body: { from: day(80), to: day(81), unitIds: [unitId], changes: { availability: 7 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await booking;
    await edit;
    const cal = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: day(80), to: day(81), unitIds: [unitId] },
    });
    for (const n of cal.units[0]!.nights) expect(n.total).toBe(7);
    expect(cal.units[0]!.nights[0]!.free).toBe(7 - cal.units[0]!.nights[0]!.booked);
  });
});

describe('the one-time token', () => {
  it('opens a calendar session of its property once, refusing a reused, foreign or expired token', async () => {
    const issued = await hotelier.inventory.oneTimeToken({ body: { propertyId } });
    expect(issued.expiresIn).toBe(60);
    const stored = await server.db.one<{ token_hash: string }>(
      'select token_hash from inventory_tokens limit 1',
    );
    expect(stored!.token_hash).not.toBe(issued.token);
    const anonymous = server.client(null);
    const session = await anonymous.inventory.openCalendar({ body: { token: issued.token, propertyId } });
    expect(session.propertyId).toBe(propertyId);
    // The calendar counts its days in the property's zone, which the session names.
    const zone = await server.db.one<{ timezone: string }>('select timezone from properties where id = $1', [
      propertyId,
    ]);
    expect(session.timezone).toBe(zone!.timezone || 'UTC');
    expect(session.timezone).not.toBe('');
    expect(
      await refusal(anonymous.inventory.openCalendar({ body: { token: issued.token, propertyId } })),
    ).toMatchObject({ status: 401, code: 'one_time_token_invalid' });

    // The calendar session reaches this property's calendar, and nothing else.
    const calendar = server.client(session.token);
    const cal = await calendar.inventory.calendar({
      params: { propertyId },
      query: { from: day(1), to: day(2) },
    });
    expect(cal.propertyId).toBe(propertyId);
    // Its edits go with an Idempotency-Key (the SDK's), kept under the session's user.
    const preview = await calendar.inventory.edit({
      params: { propertyId },
      body: { from: day(1), to: day(2), changes: { restrictions: { stopSell: true } }, preview: true },
    });
    expect(preview).toMatchObject({ preview: true, changeSetId: null });
    const second = await server.db.one<{ id: string }>(
      `select pu.property_id as id from property_users pu join users u on u.id = pu.user_id
        where u.email = 'hotelier@demo.tern.test' and pu.property_id <> $1 limit 1`,
      [propertyId],
    );
    if (second)
      expect(
        await refusal(
          calendar.inventory.calendar({
            params: { propertyId: second.id },
            query: { from: day(1), to: day(2) },
          }),
        ),
      ).toMatchObject({ status: 404 });
    expect(await refusal(calendar.bookings.list({ query: {} }))).toMatchObject({
      status: 403,
      code: 'calendar_session_only',
    });
    expect(await refusal(calendar.inventory.oneTimeToken({ body: { propertyId } }))).toMatchObject({
      status: 403,
    });

    // A token for one property does not open another's calendar (and is spent by trying).
    const foreign = await hotelier.inventory.oneTimeToken({ body: { propertyId } });
    const elsewhere = await server.db.one<{ id: string }>(
      'select id from properties where id <> $1 limit 1',
      [propertyId],
    );
    expect(
      await refusal(
        anonymous.inventory.openCalendar({ body: { token: foreign.token, propertyId: elsewhere!.id } }),
      ),
    ).toMatchObject({ status: 401 });
    expect(
      await refusal(anonymous.inventory.openCalendar({ body: { token: foreign.token, propertyId } })),
    ).toMatchObject({ status: 401 });

    // An expired one.
    const late = await hotelier.inventory.oneTimeToken({ body: { propertyId } });
    server.clock.advance(61_000);
    expect(
      await refusal(anonymous.inventory.openCalendar({ body: { token: late.token, propertyId } })),
    ).toMatchObject({
      status: 401,
    });
    // Another's property cannot have a token made for it.
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect(await refusal(hotelier2.inventory.oneTimeToken({ body: { propertyId } }))).toMatchObject({
      status: 404,
    });
  });
});
