import { roundMoney } from '@tern/core/bookingEngine';
import { formOfRatePlan, type StoredDay, storedPlanNight } from '@tern/core/rates';
import { ApiError, facilityCatalogue, type RatePlanBody, type TernClient, type UnitBody } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// A hotel's rooms and rates (document 2 §3, §7 H1–H14): staff and admins edit units and rate plans, another
// company's hotelier reaches none of them, and what is saved is what the booking engine sells at once.

let server: TestServer;
let hotelier: TernClient;
let staff: TernClient;
let hotelier2: TernClient;
let admin: TernClient;
let agent: TernClient;
let agent2: TernClient;
const property: Record<string, string> = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};
const suite = (propertyId: string): UnitBody => ({
  propertyId,
  title: 'Garden Suite',
  countOfRooms: 3,
  occAdults: 2,
  occChildren: 1,
  occInfants: 1,
  defaultOccupancy: 2,
  content: { description: 'A quiet suite on the garden.' },
  facilities: ['tv', 'kettle'],
});
const plan = (propertyId: string, unitId: string, rate = 180): RatePlanBody => ({
  propertyId,
  unitId,
  title: 'Garden Flex',
  options: [{ occupancy: 2, rate, isPrimary: true }],
});
const stay = { checkinDate: day(30), checkoutDate: day(32) };

/** Contracts name the plans they sell: the agent's live contract with the property gives way to one naming these. */
async function sellTo(client: TernClient, propertyId: string, ratePlanIds: string[]) {
  const live = await client.contracts.list({ query: { propertyId, status: 'active' } });
  for (const c of live.items) await client.contracts.terminate({ params: { id: c.id }, body: {} });
  const proposal = await client.contracts.create({
    body: {
      propertyId,
      propertyType: 'accommodation',
      contract: { modifierLogic: 'increase_by_percent', modifierAmount: 10, ratePlanIds },
    },
  });
  await hotelier.contracts.approve({ params: { id: proposal.id }, body: {} });
}

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  const as = async (login: string) => server.client(await server.signIn(login));
  hotelier = await as('hotelier');
  staff = await as('staff');
  hotelier2 = await as('hotelier2');
  admin = await as('admin');
  agent = await as('agent');
  agent2 = await as('agent2');
  for (const key of ['harbour-view', 'nordurljos-spa', 'casa-alfama'])
    property[key] = (await server.db.one<{ id: string }>('select id from properties where key = $1', [
      key,
    ]))!.id;
}, 120_000);
afterAll(() => server?.close());

describe('units', () => {
  it('a hotelier creates, reads, lists, updates and deletes a unit; the count of rooms moves free rooms', async () => {
    const propertyId = property['harbour-view']!;
    const created = await hotelier.roomsAndRates.createUnit({ body: suite(propertyId) });
    expect(created).toMatchObject({
      title: 'Garden Suite',
      roomKind: 'room',
      countOfRooms: 3,
      occAdults: 2,
      defaultOccupancy: 2,
      ratePlans: 0,
      facilities: [{ categoryCode: 'room', facilityCodes: ['tv', 'kettle'] }],
    });
    const free = async () =>
      server.db.query<{ available: number }>(
        'select available from unit_availability where unit_id = $1 and date >= $2 order by date',
        [created.id, day(0)],
      );
    // Every day of the inventory window has its rooms free.
    expect((await free()).length).toBeGreaterThanOrEqual(365);
    expect(new Set((await free()).map((r) => r.available))).toEqual(new Set([3]));
    expect(
      await hotelier.roomsAndRates.getUnit({ params: { roomTypeId: created.id }, query: { propertyId } }),
    ).toEqual(created);
    const list = await hotelier.roomsAndRates.listUnits({ query: { propertyId } });
    expect(list.meta.limit).toBe(100);
    expect(list.items.map((u) => u.id)).toContain(created.id);

    // Two rooms booked on one day (as a booking takes them), then the count drops by two: never below none.
    await server.db.query('update unit_availability set available = 1 where unit_id = $1 and date = $2', [
      created.id,
      day(10),
    ]);
    const smaller = await staff.roomsAndRates.updateUnit({
      params: { roomTypeId: created.id },
      body: { ...suite(propertyId), countOfRooms: 1, roomKind: 'dorm', title: 'Garden Dorm' },
    });
    expect(smaller).toMatchObject({ countOfRooms: 1, roomKind: 'dorm', title: 'Garden Dorm' });
    const rows = await server.db.query<{ date: string; available: number }>(
      `select date::text as date, available from unit_availability where unit_id = $1 and date in ($2, $3)`,
      [created.id, day(10), day(11)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.date, r.available]))).toEqual({
      [day(10)]: 0,
      [day(11)]: 1,
    });

    expect(
      await refusal(
        hotelier.roomsAndRates.updateUnit({
          params: { roomTypeId: created.id },
          body: { ...suite(propertyId), facilities: ['spa'] },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'unknown_facilities' });
    expect(
      await refusal(
        hotelier.roomsAndRates.createUnit({ body: { ...suite(propertyId), countOfRooms: 0, title: ' ' } }),
      ),
    ).toMatchObject({ status: 400 });

    await hotelier.roomsAndRates.deleteUnit({ params: { roomTypeId: created.id }, query: { propertyId } });
    expect(
      await refusal(
        hotelier.roomsAndRates.getUnit({ params: { roomTypeId: created.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 404, code: 'unit_not_found' });
    expect(await free()).toEqual([]);
    const trail = await server.db.query<{ action: string }>(
      `select action from audit_log where object_id = $1 and action like '%_unit' order by at`,
      [propertyId],
    );
    expect(trail.map((t) => t.action)).toEqual(['create_unit', 'update_unit', 'delete_unit']);
  });

  it('another company’s hotelier reaches none of them; an admin reaches all', async () => {
    const propertyId = property['harbour-view']!;
    const [unit] = (await hotelier.roomsAndRates.listUnits({ query: { propertyId } })).items;
    expect(
      await refusal(
        hotelier2.roomsAndRates.getUnit({ params: { roomTypeId: unit!.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        hotelier2.roomsAndRates.getUnit({
          params: { roomTypeId: unit!.id },
          query: { propertyId: property['casa-alfama']! },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'unit_not_found' });
    expect(await refusal(hotelier2.roomsAndRates.createUnit({ body: suite(propertyId) }))).toMatchObject({
      status: 404,
      code: 'property_not_found',
    });
    expect(
      await refusal(staff.roomsAndRates.listUnits({ query: { propertyId: property['nordurljos-spa']! } })),
    ).toMatchObject({ status: 404 });
    const byAdmin = await admin.roomsAndRates.createUnit({
      body: { ...suite(propertyId), title: 'Admin’s room' },
    });
    const plans = await admin.roomsAndRates.roomTypeRatePlans({ params: { id: propertyId } });
    expect(plans.roomTypes.find((u) => u.id === byAdmin.id)).toEqual({
      id: byAdmin.id,
      title: 'Admin’s room',
      ratePlans: [],
    });
    await admin.roomsAndRates.deleteUnit({ params: { roomTypeId: byAdmin.id }, query: { propertyId } });
    expect((await hotelier.roomsAndRates.roomFacilityOptions()).categories.map((c) => c.code)).toEqual(
      facilityCatalogue.filter((c) => c.scope === 'unit').map((c) => c.code),
    );
    expect(await hotelier.roomsAndRates.unitOptions()).toEqual({ roomKinds: ['room', 'dorm'] });
  });
});

describe('rate plans', () => {
  it('a new unit and plan sell at once to an agency whose contract covers all plans', async () => {
    const propertyId = property['harbour-view']!;
    const unit = await hotelier.roomsAndRates.createUnit({ body: suite(propertyId) });
    const created = await hotelier.roomsAndRates.createRatePlan({ body: plan(propertyId, unit.id) });
    expect(created).toMatchObject({
      unitId: unit.id,
      sellMode: 'per_room',
      rateMode: 'manual',
      mealType: 'room_only',
      minStayArrival: [1, 1, 1, 1, 1, 1, 1],
      maxStay: [0, 0, 0, 0, 0, 0, 0],
      availabilityOffset: 0,
      autoRateSettings: { mode: '%', decreaseValue: 0 },
    });
    const sold = async () =>
      (
        await agent.engine.listWithRates({
          params: { kind: 'accommodations', id: propertyId },
          query: { ...stay, currency: 'ISK', withVirtualRatePlans: false },
        })
      ).items.find((u) => u.id === unit.id);
    // The unit and its plan sell at once: agent@'s contract with the property covers all its plans (stored as
    // `[]`, docs/decisions.md), so a plan added later is among them.
    expect((await sold())!.ratePlans.map((r) => r.ratePlanId)).toContain(created.id);
    await sellTo(agent, propertyId, [created.id]);
    const offer = (await sold())!.ratePlans.find((r) => r.ratePlanId === created.id)!;
    expect(offer.unavailableReason).toBeNull();
    expect(offer.availability).toBe(3);
    const currency = (await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } }))
      .currency;
    // The contract's 10% on the plan's 180 a night, shown in the property's currency.
    expect(currency).toBe('ISK');
    expect(offer.netPrice).toBe(2 * 198);

    // A change of rate and a Saturday stop sell reach the next search.
    const saturday = [false, false, false, false, false, true, false];
    const updated = await hotelier.roomsAndRates.updateRatePlan({
      params: { ratePlanId: created.id },
      body: { ...plan(propertyId, unit.id, 200), stopSell: saturday, mealType: 'breakfast' },
    });
    expect(updated).toMatchObject({ stopSell: saturday, mealType: 'breakfast' });
    const again = (await sold())!.ratePlans.find((r) => r.ratePlanId === created.id)!;
    expect(again.netPrice).toBe(2 * 220);
    const nights = await server.db.query<{ dow: number; stop_sell: boolean; price: string }>(
      `select extract(isodow from date)::int as dow, stop_sell, price from rate_prices
        where rate_plan_id = $1 and date >= $2 and date < $3`,
      [created.id, day(0), day(14)],
    );
    for (const n of nights) {
      expect(n.stop_sell).toBe(n.dow === 6);
      expect(Number(n.price)).toBe(200);
    }

    const listed = await staff.roomsAndRates.listRatePlans({ query: { propertyId, roomTypeId: unit.id } });
    expect(listed.items.map((p) => p.id)).toEqual([created.id]);
    const options = await staff.roomsAndRates.ratePlanOptions({ query: { propertyId, roomTypeId: unit.id } });
    expect(options.mealTypes).toHaveLength(23);
    expect(options.currencies).toEqual(['ISK']);
    expect(options.parents).toEqual([{ id: created.id, title: 'Garden Flex', unitId: unit.id }]);
    expect(
      (
        await hotelier.roomsAndRates.getRatePlan({
          params: { ratePlanId: created.id },
          query: { propertyId },
        })
      ).title,
    ).toBe('Garden Flex');
  });

  it('a plan inherits its parent’s nights; a parent with heirs, and cycles, are refused', async () => {
    const propertyId = property['harbour-view']!;
    const unit = await hotelier.roomsAndRates.createUnit({ body: { ...suite(propertyId), title: 'Loft' } });
    const parent = await hotelier.roomsAndRates.createRatePlan({ body: plan(propertyId, unit.id, 150) });
    const child = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...plan(propertyId, unit.id, 0),
        title: 'Loft Non-refundable',
        parentRatePlanId: parent.id,
        inheritRate: true,
        inheritStopSell: true,
      },
    });
    const price = async (id: string) =>
      Number(
        (await server.db.one<{ price: string }>(
          'select price from rate_prices where rate_plan_id = $1 and date = $2',
          [id, day(5)],
        ))!.price,
      );
    expect(await price(child.id)).toBe(150);
    await hotelier.roomsAndRates.updateRatePlan({
      params: { ratePlanId: parent.id },
      body: plan(propertyId, unit.id, 170),
    });
    expect(await price(child.id)).toBe(170);
    expect(
      await refusal(
        hotelier.roomsAndRates.updateRatePlan({
          params: { ratePlanId: parent.id },
          body: { ...plan(propertyId, unit.id, 170), parentRatePlanId: child.id },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'rate_plan_parent_cycle' });
    expect(
      await refusal(
        hotelier.roomsAndRates.createRatePlan({ body: { ...plan(propertyId, unit.id), inheritRate: true } }),
      ),
    ).toMatchObject({ status: 400, code: 'inherit_needs_parent' });
    expect(
      await refusal(
        hotelier.roomsAndRates.createRatePlan({ body: { ...plan(propertyId, unit.id), currency: 'EUR' } }),
      ),
    ).toMatchObject({ status: 400, code: 'rate_plan_currency' });
    expect(
      await refusal(
        hotelier.roomsAndRates.deleteRatePlan({ params: { ratePlanId: parent.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 409, code: 'rate_plan_has_children' });
    await hotelier.roomsAndRates.deleteRatePlan({
      params: { ratePlanId: child.id },
      query: { propertyId, roomTypeId: unit.id },
    });
    // Deleting the unit takes its plans and their nights.
    await hotelier.roomsAndRates.deleteUnit({ params: { roomTypeId: unit.id }, query: { propertyId } });
    expect(await server.db.query('select 1 from rate_prices where rate_plan_id = $1', [parent.id])).toEqual(
      [],
    );
  });

  it('a plan’s nights are core’s storedPlanNight in the currency’s decimals (0, 2, 3), a child’s of its parent’s', async () => {
    const propertyId = property['harbour-view']!;
    const kept = (await server.db.one<{ currency: string }>('select currency from properties where id = $1', [
      propertyId,
    ]))!.currency;
    type Row = { date: string; price: string; msa: number; mst: number; max: number | null } & Record<
      'cta' | 'ctd' | 'stop',
      boolean
    >;
    const nights = async (id: string) =>
      (
        await server.db.query<Row>(
          `select date::text as date, price::text as price, min_stay_arrival as msa, min_stay_through as mst,
                  max_stay as max, closed_to_arrival as cta, closed_to_departure as ctd, stop_sell as stop
             from rate_prices where rate_plan_id = $1 and date >= $2 and date < $3 order by date`,
          [id, day(0), day(21)],
        )
      ).map((r): [string, StoredDay] => [
        r.date,
        {
          price: Number(r.price),
          minStayArrival: r.msa,
          minStayThrough: r.mst,
          maxStay: r.max,
          closedToArrival: r.cta,
          closedToDeparture: r.ctd,
          stopSell: r.stop,
        },
      ]);
    const saturdays = [false, false, false, false, false, true, false];
    try {
      for (const currency of ['ISK', 'EUR', 'KWD']) {
        await server.db.query('update properties set currency = $2 where id = $1', [propertyId, currency]);
        const unit = await hotelier.roomsAndRates.createUnit({
          body: { ...suite(propertyId), title: `Nights in ${currency}` },
        });
        const parent = await hotelier.roomsAndRates.createRatePlan({
          body: {
            ...plan(propertyId, unit.id, 149.4985),
            stopSell: saturdays,
            maxStay: [0, 0, 0, 0, 5, 0, 0],
          },
        });
        const child = await hotelier.roomsAndRates.createRatePlan({
          body: {
            ...plan(propertyId, unit.id),
            title: 'Garden Saver',
            parentRatePlanId: parent.id,
            inheritRate: true,
            inheritStopSell: true,
            options: [
              {
                occupancy: 2,
                rate: 80,
                isPrimary: true,
                derivedOption: { rate: [['decrease_by_percent', 7.5]] },
              },
            ],
          },
        });
        const parentNights = await nights(parent.id);
        expect(parentNights.length).toBeGreaterThan(14);
        for (const [date, night] of parentNights)
          expect(night).toEqual(storedPlanNight(formOfRatePlan(parent), date, undefined));
        const childNights = await nights(child.id);
        expect(childNights.map(([date]) => date)).toEqual(parentNights.map(([date]) => date));
        const parentOf = new Map(parentNights);
        for (const [date, night] of childNights)
          expect(night).toEqual(storedPlanNight(formOfRatePlan(child), date, parentOf.get(date)));
        // The figures themselves: the typed rate, and 92.5 % of it, each in the currency's decimals.
        const typed = roundMoney(149.4985, currency);
        expect(parentNights[0]![1].price).toBe({ ISK: 149, EUR: 149.5, KWD: 149.499 }[currency]);
        expect(childNights[0]![1].price).toBe(roundMoney(typed * 0.925, currency));
        expect(childNights[0]![1].price).toBe({ ISK: 138, EUR: 138.29, KWD: 138.287 }[currency]);
        await hotelier.roomsAndRates.deleteUnit({ params: { roomTypeId: unit.id }, query: { propertyId } });
      }
    } finally {
      await server.db.query('update properties set currency = $2 where id = $1', [propertyId, kept]);
    }
  });

  it('a stay priced in KWD books with its three decimals, and the booking reads them back exactly', async () => {
    const propertyId = property['harbour-view']!;
    const kept = (await server.db.one<{ currency: string }>('select currency from properties where id = $1', [
      propertyId,
    ]))!.currency;
    await server.db.query(`update properties set currency = 'KWD' where id = $1`, [propertyId]);
    // A rate of the dinar against the euro, so the engine sells in it (the demo world has none).
    await server.db.query(
      `insert into currency_rates (currency, rate) values ('KWD', 0.33) on conflict do nothing`,
    );
    try {
      const unit = await hotelier.roomsAndRates.createUnit({ body: { ...suite(propertyId), title: 'Fils' } });
      const created = await hotelier.roomsAndRates.createRatePlan({
        body: plan(propertyId, unit.id, 12.3456),
      });
      await sellTo(agent, propertyId, [created.id]);
      const offer = (
        await agent.engine.listWithRates({
          params: { kind: 'accommodations', id: propertyId },
          query: { ...stay, currency: 'KWD', withVirtualRatePlans: false },
        })
      ).items
        .find((u) => u.id === unit.id)!
        .ratePlans.find((r) => r.ratePlanId === created.id)!;
      // 12.346 a night (the plan's rate in fils), plus the contract's 10 %: 13.581, two nights, and the hotel's
      // taxes: a total in fils that two decimals cannot hold.
      const total = offer.totalPrice;
      expect(offer.netPrice).toBe(27.162);
      expect(Math.round(total * 1000) % 10).not.toBe(0);
      const booked = await agent.engine.createBooking({
        params: { kind: 'accommodations', id: propertyId },
        body: {
          booking: {
            currency: 'KWD',
            arrivalDate: stay.checkinDate,
            departureDate: stay.checkoutDate,
            customer: { name: 'Ada', surname: 'Lovelace', mail: 'ada@example.test' },
            rooms: [
              {
                ratePlanId: offer.id,
                roomTypeCode: unit.id,
                occupancy: offer.occupancy,
                guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }],
              },
            ],
            policyAccepted: true,
          },
        },
      });
      expect(booked.total).toBe(total);
      const read = await agent.bookings.show({ params: { id: booked.bookingId } });
      expect(read.price).toEqual({ total, currency: 'KWD' });
      const stored = await server.db.one<{ total: string; property_total: string }>(
        'select total::text, property_total::text from bookings where id = $1',
        [booked.bookingId],
      );
      expect(stored).toEqual({ total: total.toFixed(3), property_total: total.toFixed(3) });
    } finally {
      await server.db.query('update properties set currency = $2 where id = $1', [propertyId, kept]);
    }
  });

  it('per-person plans of the seed keep their price per adult: no options until saved with some', async () => {
    const legacy = await server.db.one<{ id: string; property_id: string }>(
      `select id, property_id from rate_plans where sell_mode = 'per_person' and key is not null limit 1`,
    );
    const got = await admin.roomsAndRates.getRatePlan({
      params: { ratePlanId: legacy!.id },
      query: { propertyId: legacy!.property_id },
    });
    expect(got).toMatchObject({ sellMode: 'per_person', options: [], primaryOccupancy: null });
    const perRoom = await server.db.one<{ options: unknown[]; currency: string }>(
      `select options, currency from rate_plans where sell_mode = 'per_room' and key is not null limit 1`,
    );
    expect(perRoom!.options).toHaveLength(1);
    expect(perRoom!.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('a contract naming some plans sells a new plan only once a contract names it; one of all plans at once', async () => {
    const propertyId = property['nordurljos-spa']!;
    const [unit] = (await hotelier.roomsAndRates.listUnits({ query: { propertyId } })).items;
    const created = await hotelier.roomsAndRates.createRatePlan({
      body: { ...plan(propertyId, unit!.id, 300), options: [{ occupancy: 1, rate: 300, isPrimary: true }] },
    });
    const offers = async (client: TernClient) =>
      (
        await client.engine.listWithRates({
          params: { kind: 'accommodations', id: propertyId },
          query: { ...stay, currency: 'ISK', withVirtualRatePlans: false },
        })
      ).items.flatMap((u) => u.ratePlans.map((r) => r.ratePlanId));
    // agent@'s contract names two plans, not this one; a new contract naming it, once approved, sells it.
    expect(await offers(agent)).not.toContain(created.id);
    await sellTo(agent, propertyId, [created.id]);
    expect(await offers(agent)).toEqual([created.id]);
    // agent2@'s contract covers all the property's plans: the new one is among them at once.
    expect(await offers(agent2)).toContain(created.id);
  });

  it('a unit or plan with a booking for a coming night cannot be deleted', async () => {
    const propertyId = property['harbour-view']!;
    const unit = await hotelier.roomsAndRates.createUnit({ body: { ...suite(propertyId), title: 'Attic' } });
    const created = await hotelier.roomsAndRates.createRatePlan({ body: plan(propertyId, unit.id) });
    await sellTo(agent, propertyId, [created.id]);
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: propertyId },
      query: { ...stay, currency: 'ISK', withVirtualRatePlans: false },
    });
    const rate = units.items.find((u) => u.id === unit.id)!.ratePlans[0]!;
    await agent.engine.createBooking({
      params: { kind: 'accommodations', id: propertyId },
      body: {
        booking: {
          currency: 'ISK',
          arrivalDate: stay.checkinDate,
          departureDate: stay.checkoutDate,
          customer: { name: 'Ada', surname: 'Lovelace' },
          rooms: [{ ratePlanId: rate.id, roomTypeCode: unit.id, occupancy: rate.occupancy, guests: [] }],
          policyAccepted: true,
        },
      },
    });
    expect(
      await refusal(
        hotelier.roomsAndRates.deleteUnit({ params: { roomTypeId: unit.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 409, code: 'unit_has_future_bookings' });
    expect(
      await refusal(
        hotelier.roomsAndRates.deleteRatePlan({ params: { ratePlanId: created.id }, query: { propertyId } }),
      ),
    ).toMatchObject({ status: 409, code: 'rate_plan_has_future_bookings' });
    // Fewer rooms: the booked one stays booked, the free ones go.
    const after = await hotelier.roomsAndRates.updateUnit({
      params: { roomTypeId: unit.id },
      body: { ...suite(propertyId), title: 'Attic', countOfRooms: 1 },
    });
    expect(after.countOfRooms).toBe(1);
    const free = await server.db.one<{ available: number }>(
      'select available from unit_availability where unit_id = $1 and date = $2',
      [unit.id, stay.checkinDate],
    );
    expect(free!.available).toBe(0);
  });
});
