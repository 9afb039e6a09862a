import { readFileSync } from 'node:fs';
import { applyModifier, type PriceModifier, roundMoney } from '@tern/core/bookingEngine';
import type { DerivedModifier } from '@tern/core/rates';
import type { RateOffer, RatePlanBody, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// The engine sells what core's rate rules say: per-person options (manual, derived with each step
// type, auto), a child plan's modifier and inherited restrictions, and a plan's caps on the rooms it sells.
// Harbour View sells in ISK (no decimals).

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
let unitId: string;
let contract: PriceModifier;
/** The stay's net price at `night` a night: the contract's modifier on it, rounded to whole krónur. */
const net = (night: number) => NIGHTS * roundMoney(applyModifier(night, contract), 'ISK');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stay = { checkinDate: day(30), checkoutDate: day(32) };
const NIGHTS = 2;
const option = (occupancy: number, steps: DerivedModifier[] = []) => ({
  occupancy,
  rate: null,
  isPrimary: false,
  derivedOption: { rate: steps },
});
const primary = (occupancy: number, rate: number) => ({
  occupancy,
  rate,
  isPrimary: true,
  derivedOption: { rate: [] },
});

/** The calendar of one plan on the stay's first night. */
async function calendarOf(planId: string) {
  const calendar = await hotelier.inventory.calendar({
    params: { propertyId },
    query: { from: stay.checkinDate, to: stay.checkinDate, ratePlanIds: [planId] },
  });
  return calendar.ratePlans[0]!;
}

async function offers(planId: string): Promise<RateOffer[]> {
  const units = await agent.engine.listWithRates({
    params: { kind: 'accommodations', id: propertyId },
    query: { ...stay, currency: 'ISK', withVirtualRatePlans: true },
  });
  return units.items.find((u) => u.id === unitId)!.ratePlans.filter((r) => r.ratePlanId === planId);
}
const at = (list: RateOffer[], adults: number, children = 0) =>
  list.find(
    (r) => r.occupancy.adults === adults && r.occupancy.children === children && r.occupancy.infants === 0,
  )!;

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  propertyId = (await server.db.one<{ id: string }>("select id from properties where key = 'harbour-view'"))!
    .id;
  const unit = await hotelier.roomsAndRates.createUnit({
    body: {
      propertyId,
      title: 'Family Loft',
      countOfRooms: 4,
      occAdults: 3,
      occChildren: 1,
      occInfants: 0,
      defaultOccupancy: 3,
      content: { description: 'Three beds under the roof.' },
      facilities: [],
    },
  });
  unitId = unit.id;
  // The agent's contract with the property covers all its plans (stored as `[]`): its modifier on each night.
  const c = await server.db.one<{ modifier_logic: PriceModifier['modifierLogic']; modifier_amount: string }>(
    `select modifier_logic, modifier_amount from contracts c join users u on u.agency_id = c.agency_id
      where c.property_id = $1 and c.status = 'approved' and u.key = 'agent'
      order by c.created_at desc limit 1`,
    [propertyId],
  );
  contract = { modifierLogic: c!.modifier_logic, modifierAmount: Number(c!.modifier_amount) };
}, 120_000);
afterAll(() => server?.close());

const base = (title: string): RatePlanBody =>
  ({ propertyId, unitId, title, childrenFee: 10, options: [primary(3, 300)] }) as RatePlanBody;

describe('per-person plans', () => {
  it('a derived plan sells each occupancy at its steps from the typed primary rate (each step type)', async () => {
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft derived'),
        sellMode: 'per_person',
        rateMode: 'derived',
        primaryOccupancy: 3,
        options: [
          primary(3, 300),
          option(2, [
            ['decrease_by_percent', 20],
            ['increase_by_amount', 5],
          ]),
          option(1, [
            ['decrease_by_amount', 100],
            ['increase_by_percent', 10],
          ]),
        ],
      },
    });
    // The night is stored as typed: the room's price for three adults.
    const stored = await server.db.one<{ price: string }>(
      'select price from rate_prices where rate_plan_id = $1 and date = $2',
      [plan.id, stay.checkinDate],
    );
    expect(Number(stored!.price)).toBe(300);
    const list = await offers(plan.id);
    expect(at(list, 3).netPrice).toBe(net(300));
    expect(at(list, 2).netPrice).toBe(net(300 * 0.8 + 5));
    expect(at(list, 1).netPrice).toBe(net((300 - 100) * 1.1));
    // Children pay their fee on top of the adults' option.
    expect(at(list, 2, 1).netPrice).toBe(net(245 + 10));
    expect(at(list, 2).nightly.map((n) => n.price)).toEqual([net(245) / 2, net(245) / 2]);
    // The hotelier's calendar shows each occupancy's price as the engine sells it (before the contract).
    const calendar = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: stay.checkinDate, to: stay.checkinDate, ratePlanIds: [plan.id] },
    });
    expect(calendar.ratePlans[0]!.nights[0]!.byOccupancy).toEqual([220, 245, 300]);

    // What is booked costs what the rates table showed.
    const rate = at(list, 2);
    const booked = await agent.engine.createBooking({
      params: { kind: 'accommodations', id: propertyId },
      body: {
        booking: {
          currency: 'ISK',
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
      },
    });
    expect(booked.total).toBe(rate.totalPrice);
  });

  it('an auto plan sells each occupancy at the auto step from the primary', async () => {
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft auto'),
        sellMode: 'per_person',
        rateMode: 'auto',
        primaryOccupancy: 2,
        options: [option(3), primary(2, 200), option(1)],
        autoRateSettings: {
          decreaseMode: '%',
          decreaseValue: 25,
          increaseMode: 'ISK',
          increaseValue: 40,
          mode: '%',
        },
      },
    });
    const list = await offers(plan.id);
    expect(at(list, 2).netPrice).toBe(net(200));
    expect(at(list, 1).netPrice).toBe(net(150));
    expect(at(list, 3).netPrice).toBe(net(240));
  });

  it('a manual plan sells its options at their own rates', async () => {
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft manual'),
        sellMode: 'per_person',
        rateMode: 'manual',
        primaryOccupancy: 3,
        options: [primary(3, 330), { ...option(2), rate: 250 }],
      },
    });
    const list = await offers(plan.id);
    expect(at(list, 3).netPrice).toBe(net(330));
    expect(at(list, 2).netPrice).toBe(net(250));
    // No option for one adult: not sold for one.
    expect(at(list, 1)?.unavailableReason ?? 'occupancy').toBe('occupancy');
  });

  it('a manual plan’s rates by occupancy per night are stored, shown, sold, and undone (bulk edit and rows)', async () => {
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft manual nights'),
        sellMode: 'per_person',
        rateMode: 'manual',
        primaryOccupancy: 3,
        options: [primary(3, 330), { ...option(2), rate: 250 }, option(1)],
      },
    });
    const nights = { from: stay.checkinDate, to: day(31) };
    const edited = await hotelier.inventory.edit({
      params: { propertyId },
      body: { ...nights, ratePlanIds: [plan.id], changes: { occupancyRates: { '2': 260, '1': 180 } } },
    });
    expect(edited.cells).toHaveLength(2);
    expect(edited.cells[0]).toMatchObject({
      kind: 'rate',
      to: { price: 330, occupancyRates: { '1': 180, '2': 260 } },
    });
    let list = await offers(plan.id);
    expect(at(list, 3).netPrice).toBe(net(330));
    expect(at(list, 2).netPrice).toBe(net(260));
    // One adult had no rate at all: now sold at the night's.
    expect(at(list, 1).netPrice).toBe(net(180));
    const shown = await calendarOf(plan.id);
    expect(shown.nights[0]).toMatchObject({ occupancyRates: { '1': 180, '2': 260 } });
    expect(shown.nights[0]!.byOccupancy).toEqual([180, 260, 330]);
    // A negative rate is refused by the contract; an occupancy key that is not adults too.
    for (const occupancyRates of [{ '2': -1 }, { two: 5 }])
      await expect(
        hotelier.inventory.edit({
          params: { propertyId },
          body: { ...nights, ratePlanIds: [plan.id], changes: { occupancyRates } as never },
        }),
      ).rejects.toMatchObject({ status: 400 });
    // A plan that is not manual per person has no rates by occupancy to store: 400 on the field, both calls.
    const perRoom = await hotelier.roomsAndRates.createRatePlan({ body: base('Loft per room') });
    await expect(
      hotelier.inventory.edit({
        params: { propertyId },
        body: { ...nights, ratePlanIds: [perRoom.id], changes: { occupancyRates: { '2': 100 } } },
      }),
    ).rejects.toMatchObject({ status: 400, fields: [{ field: 'changes.occupancyRates' }] });
    await expect(
      hotelier.inventory.putRows({
        params: { propertyId },
        body: { rows: [{ ratePlanId: perRoom.id, date: stay.checkinDate, occupancyRates: { '2': 100 } }] },
      }),
    ).rejects.toMatchObject({ status: 400, fields: [{ field: 'rows.0.occupancyRates' }] });
    // The rows call merges (a null removes one), and its undo puts the rates back.
    await hotelier.inventory.putRows({
      params: { propertyId },
      body: {
        rows: [{ ratePlanId: plan.id, date: stay.checkinDate, occupancyRates: { '1': null, '2': 270 } }],
      },
    });
    list = await offers(plan.id);
    expect(at(list, 2).nightly[0]!.price).toBe(roundMoney(applyModifier(270, contract), 'ISK'));
    expect(at(list, 1).unavailableReason).toBe('occupancy');
    expect((await calendarOf(plan.id)).nights[0]!.occupancyRates).toEqual({ '2': 270 });
    await hotelier.inventory.undo({ params: { propertyId } });
    expect((await calendarOf(plan.id)).nights[0]!.occupancyRates).toEqual({ '1': 180, '2': 260 });
    // And the bulk edit's undo: back to the option's own rate (none stored).
    await hotelier.inventory.undo({ params: { propertyId } });
    expect((await calendarOf(plan.id)).nights[0]).not.toHaveProperty('occupancyRates');
    expect(at(await offers(plan.id), 2).netPrice).toBe(net(250));
  });
});

describe('child plans and caps', () => {
  it('a child plan sells at its parent’s price with its modifier, and takes the restrictions it inherits', async () => {
    const parent = await hotelier.roomsAndRates.createRatePlan({ body: base('Loft parent') });
    const child = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft child'),
        parentRatePlanId: parent.id,
        inheritRate: true,
        inheritStopSell: true,
        options: [{ ...primary(3, 999), derivedOption: { rate: [['decrease_by_percent', 10]] } }],
      },
    });
    expect(at(await offers(child.id), 3).netPrice).toBe(net(270));
    // The parent's new rate and a stop sell every day reach the child, whose own week is open.
    const week = [true, true, true, true, true, true, true];
    await hotelier.roomsAndRates.updateRatePlan({
      params: { ratePlanId: parent.id },
      body: { ...base('Loft parent'), options: [primary(3, 400)], stopSell: week },
    });
    const sold = at(await offers(child.id), 3);
    expect(sold.netPrice).toBe(net(360));
    expect(sold.unavailableReason).toBe('stop_sell');
  });

  it('the offset, max availability and max sell cap the rooms a plan offers', async () => {
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: { ...base('Loft capped'), availabilityOffset: 1 },
    });
    // The unit's rooms free on both nights (four, less any booked above).
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: propertyId },
      query: { ...stay, currency: 'ISK', withVirtualRatePlans: false },
    });
    const free = units.items.find((u) => u.id === unitId)!.availability;
    expect(free).toBeGreaterThanOrEqual(3);
    expect(at(await offers(plan.id), 3).availability).toBe(free - 1);
    const update = async (caps: Partial<RatePlanBody>) => {
      await hotelier.roomsAndRates.updateRatePlan({
        params: { ratePlanId: plan.id },
        body: { ...base('Loft capped'), ...caps },
      });
      return at(await offers(plan.id), 3);
    };
    expect((await update({ availabilityOffset: 1, maxAvailability: 1 })).availability).toBe(1);
    expect((await update({ availabilityOffset: -2, maxAvailability: null })).availability).toBe(free + 2);
    expect((await update({ maxSell: 2 })).availability).toBe(2);
    const closed = await update({ maxSell: 0 });
    expect(closed.availability).toBe(0);
    expect(closed.unavailableReason).toBe('sold_out');
  });

  const booking = (rate: RateOffer, name: string) => ({
    params: { kind: 'accommodations' as const, id: propertyId },
    body: {
      booking: {
        currency: 'ISK',
        arrivalDate: stay.checkinDate,
        departureDate: stay.checkoutDate,
        customer: { name, surname: 'Capped' },
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
    },
  });
  /** Rooms enough free in the unit on the stay's nights: only a plan's max sell limits what it sells here. */
  const roomsFree = (rooms: number) =>
    server.db.query(
      'update unit_availability set available = $4 where unit_id = $1 and date >= $2 and date < $3',
      [unitId, stay.checkinDate, stay.checkoutDate, rooms],
    );
  const calendarNight = async (planId: string, date: string) => {
    const calendar = await hotelier.inventory.calendar({
      params: { propertyId },
      query: { from: date, to: date, ratePlanIds: [planId] },
    });
    return calendar.ratePlans[0]!;
  };

  it('max sell counts the rooms the plan has sold each night: the calendar and every offer', async () => {
    await roomsFree(8);
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: { ...base('Loft max sell'), maxSell: 2 },
    });
    const other = await hotelier.roomsAndRates.createRatePlan({ body: { ...base('Loft uncapped') } });
    expect(at(await offers(plan.id), 3).availability).toBe(2);
    // A room of another plan of the unit is not this plan's.
    await agent.engine.createBooking(booking(at(await offers(other.id), 3), 'Other'));
    expect(at(await offers(plan.id), 3).availability).toBe(2);
    await agent.engine.createBooking(booking(at(await offers(plan.id), 3), 'First'));
    expect(at(await offers(plan.id), 3).availability).toBe(1);
    let night = await calendarNight(plan.id, stay.checkinDate);
    expect(night.maxSell).toBe(2);
    expect(night.nights[0]).toMatchObject({ sold: 1, maxSellLeft: 1 });
    await agent.engine.createBooking(booking(at(await offers(plan.id), 3), 'Second'));
    const full = at(await offers(plan.id), 3);
    expect(full.availability).toBe(0);
    expect(full.unavailableReason).toBe('sold_out');
    // The unit still has rooms: the other plan sells them.
    expect(at(await offers(other.id), 3).availability).toBeGreaterThan(0);
    night = await calendarNight(plan.id, stay.checkinDate);
    expect(night.nights[0]).toMatchObject({ sold: 2, maxSellLeft: 0 });
    // The day after the stay: nothing sold there.
    night = await calendarNight(plan.id, stay.checkoutDate);
    expect(night.nights[0]).toMatchObject({ sold: 0, maxSellLeft: 2 });
    // A booking priced before the cap was reached is refused, writing nothing.
    await expect(agent.engine.createBooking(booking(full, 'Late'))).rejects.toMatchObject({
      status: 409,
      code: 'no_longer_available',
    });
    // The search's best offer: the unit is still sold (the other plans), and it names no capped plan's price.
    const uncapped = await calendarNight(other.id, stay.checkinDate);
    expect(uncapped.maxSell).toBeNull();
    expect(uncapped.nights[0]).toMatchObject({ maxSellLeft: null });
  });

  it('two bookings racing for the last max-sell room of a plan: one wins', async () => {
    await roomsFree(8);
    const plan = await hotelier.roomsAndRates.createRatePlan({
      body: { ...base('Loft last one'), maxSell: 1 },
    });
    const rate = at(await offers(plan.id), 3);
    expect(rate.availability).toBe(1);
    const results = await Promise.allSettled(
      ['Racer A', 'Racer B', 'Racer C'].map((name) => agent.engine.createBooking(booking(rate, name))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ status: 409, code: 'no_longer_available' });
    const sold = await server.db.one<{ n: number }>(
      `select count(*)::int as n from booking_rooms br join bookings b on b.id = br.booking_id
        where br.rate_plan_id = $1 and b.status <> 'canceled'`,
      [plan.id],
    );
    expect(Number(sold!.n)).toBe(1);
  });

  it('the calendar shows a child plan as the engine sells it: the parent’s price with its modifier, marked', async () => {
    const parent = await hotelier.roomsAndRates.createRatePlan({ body: { ...base('Loft cal parent') } });
    const child = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft cal child'),
        parentRatePlanId: parent.id,
        inheritRate: true,
        inheritStopSell: true,
        options: [{ ...primary(3, 300), derivedOption: { rate: [['decrease_by_percent', 10]] } }],
      },
    });
    // The parent's night changes; the child's own stored row is left as it was.
    await hotelier.inventory.edit({
      params: { propertyId },
      body: {
        from: stay.checkinDate,
        to: stay.checkinDate,
        ratePlanIds: [parent.id],
        changes: { price: { op: 'set', value: 500 }, restrictions: { stopSell: true } },
      },
    });
    const shown = await calendarNight(child.id, stay.checkinDate);
    expect(shown.parentRatePlanId).toBe(parent.id);
    expect(shown.inherited).toEqual(['price', 'stopSell']);
    expect(shown.nights[0]).toMatchObject({ price: 450, stopSell: true });
    expect(shown.nights[0]!.byOccupancy.at(2)).toBe(450);
    const sold = at(await offers(child.id), 3);
    expect(sold.nightly[0]!.price).toBe(roundMoney(applyModifier(450, contract), 'ISK'));
    const own = await calendarNight(parent.id, stay.checkinDate);
    expect(own.inherited).toEqual([]);
    expect(own.parentRatePlanId).toBeNull();
  });
});

describe('migration 044', () => {
  // Last in the file: the migration runs again on this database, and converts every per-person night it finds.
  it('gives per-person nights stored as rate ÷ occupancy their typed rate back; a child inheriting follows', async () => {
    const parent = await hotelier.roomsAndRates.createRatePlan({
      body: {
        ...base('Loft old'),
        sellMode: 'per_person',
        rateMode: 'derived',
        primaryOccupancy: 3,
        options: [primary(3, 100), option(2), option(1)],
      },
    });
    const child = await hotelier.roomsAndRates.createRatePlan({
      body: { ...base('Loft old child'), parentRatePlanId: parent.id, inheritRate: true },
    });
    // As the service stored them before: 100 ÷ 3, and one night the calendar set to 40 per adult.
    for (const id of [parent.id, child.id])
      await server.db.query('update rate_prices set price = 33.33 where rate_plan_id = $1', [id]);
    await server.db.query('update rate_prices set price = 40 where rate_plan_id = $1 and date = $2', [
      parent.id,
      stay.checkinDate,
    ]);
    await server.db.exec(
      readFileSync(
        new URL('../src/db/migrations/044_per_person_primary_as_typed.sql', import.meta.url),
        'utf8',
      ),
    );
    const prices = async (id: string) =>
      (
        await server.db.query<{ price: string }>(
          'select price from rate_prices where rate_plan_id = $1 and date >= $2 and date <= $3 order by date',
          [id, stay.checkinDate, stay.checkoutDate],
        )
      ).map((r) => Number(r.price));
    expect(await prices(parent.id)).toEqual([120, 100, 100]);
    expect(await prices(child.id)).toEqual([120, 100, 100]);
  });
});
