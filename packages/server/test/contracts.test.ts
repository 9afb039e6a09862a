import { readFileSync } from 'node:fs';
import { convertMoney, roundMoney } from '@tern/core/bookingEngine';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let agent: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
});
afterAll(() => server?.close());

/** A hotel of the demo world the agent has no contract with, and a client of one of its managers. */
async function openHotel() {
  const rows = await agent.contracts.discover({
    query: { propertyType: 'accommodation', withoutContract: true, limit: 100 },
  });
  const hotel = rows.items[0]!;
  const owner = await server.db.one<{ email: string }>(
    `select u.email from users u join property_users pu on pu.user_id = u.id
      where pu.property_id = $1 and pu.role = 'manager' limit 1`,
    [hotel.propertyId],
  );
  return { hotel, supplier: server.client(await server.signIn(owner!.email.split('@')[0]!)) };
}

describe('the contract lifecycle', () => {
  it('a reseller proposes, the property accepts, the modifier prices the rates, terminating stops bookings', async () => {
    const { hotel, supplier } = await openHotel();
    const plans = await agent.engine.unitRates({ params: { kind: 'accommodations', id: hotel.propertyId } });
    const ratePlanIds = plans.items.flatMap((u) => u.ratePlans.map((p) => p.id));
    const proposed = await agent.contracts.create({
      body: {
        propertyId: hotel.propertyId,
        propertyType: 'accommodation',
        contract: { modifierLogic: 'decrease_by_percent', modifierAmount: 10, ratePlanIds },
      },
    });
    expect(proposed).toMatchObject({
      status: 'proposed',
      initiator: 'reseller',
      agentName: 'Northern Lights Travel',
      // The property's currency, which an amount modifier is in.
      currency: (await agent.engine.info({ params: { kind: 'accommodations', id: hotel.propertyId } }))
        .currency,
    });
    await expect(
      agent.contracts.create({
        body: {
          propertyId: hotel.propertyId,
          propertyType: 'accommodation',
          contract: { modifierLogic: 'decrease_by_percent', modifierAmount: 10, ratePlanIds },
        },
      }),
    ).rejects.toMatchObject({ status: 409 });
    // The proposer cannot accept their own proposal; the property can.
    await expect(agent.contracts.approve({ params: { id: proposed.id }, body: {} })).rejects.toMatchObject({
      status: 403,
    });
    const pending = await supplier.contracts.list({ query: { status: 'pending' } });
    expect(pending.items.map((c) => c.id)).toContain(proposed.id);
    const active = await supplier.contracts.approve({ params: { id: proposed.id }, body: {} });
    expect(active.status).toBe('approved');

    const stay = { checkinDate: day(40), checkoutDate: day(42) };
    const rates = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: hotel.propertyId },
      query: { ...stay, currency: 'USD', withVirtualRatePlans: false },
    });
    const plan = rates.items[0]!.ratePlans[0]!;
    const base = await server.db.one<{ price: string; currency: string }>(
      `select rp.price, p.currency from rate_prices rp join rate_plans pl on pl.id = rp.rate_plan_id
         join properties p on p.id = pl.property_id where rp.rate_plan_id = $1 and rp.date = $2`,
      [plan.ratePlanId, stay.checkinDate],
    );
    const rates10 = Object.fromEntries(
      (
        await server.db.query<{ currency: string; rate: string }>('select currency, rate from currency_rates')
      ).map((r) => [r.currency, Number(r.rate)]),
    );
    const perNight =
      plan.sellMode === 'per_person' ? Number(base!.price) * plan.occupancy.adults : Number(base!.price);
    const expected = roundMoney(convertMoney(perNight * 0.9, base!.currency, 'USD', rates10), 'USD');
    expect(plan.nightly[0]!.price).toBeCloseTo(expected, 2);

    await agent.contracts.terminate({ params: { id: proposed.id }, body: {} });
    await expect(
      agent.engine.listWithRates({
        params: { kind: 'accommodations', id: hotel.propertyId },
        query: { ...stay, currency: 'USD', withVirtualRatePlans: false },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('a supplier proposes to an agency; the agency declines; a proposer withdraws', async () => {
    const { hotel, supplier } = await openHotel();
    const agencies = await supplier.contracts.resellers({ query: { term: 'Northern' } });
    const agency = agencies.items[0]!;
    expect(agency).toMatchObject({ name: 'Northern Lights Travel', legalName: expect.any(String) });
    expect(await supplier.contracts.resellerDetails({ params: { id: agency.id } })).toEqual(agency);
    await expect(
      supplier.contracts.resellerDetails({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(agent.contracts.resellerDetails({ params: { id: agency.id } })).rejects.toMatchObject({
      status: 403,
    });
    const plans = await supplier.engine.unitRates({
      params: { kind: 'accommodations', id: hotel.propertyId },
    });
    const body = {
      propertyId: hotel.propertyId,
      propertyType: 'accommodation' as const,
      agentId: agency.id,
      contract: {
        modifierLogic: 'increase_by_amount' as const,
        modifierAmount: 5,
        ratePlanIds: [plans.items[0]!.ratePlans[0]!.id],
      },
    };
    const proposal = await supplier.contracts.create({ body });
    expect(proposal.roomRates).toHaveLength(1);
    expect((await agent.contracts.decline({ params: { id: proposal.id }, body: {} })).status).toBe(
      'declined',
    );
    const again = await supplier.contracts.create({ body });
    await expect(agent.contracts.cancel({ params: { id: again.id }, body: {} })).rejects.toMatchObject({
      status: 403,
    });
    expect((await supplier.contracts.cancel({ params: { id: again.id }, body: {} })).status).toBe(
      'cancelled',
    );
  });

  it('refuses bad proposals and strangers', async () => {
    const { hotel } = await openHotel();
    await expect(
      agent.contracts.create({
        body: {
          propertyId: hotel.propertyId,
          propertyType: 'accommodation',
          contract: { modifierLogic: 'increase_by_percent', modifierAmount: -1, ratePlanIds: [] },
        },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const stranger = server.client(await server.signIn('hotelier2'));
    // One of the agent's active contracts with a property hotelier2 does not manage (the demo world gives the
    // agency contracts with hotelier2's hotel too, and the list's order depends on timing).
    const theirs = await server.db.query<{ property_id: string }>(
      `select pu.property_id from property_users pu join users u on u.id = pu.user_id
        where u.email = 'hotelier2@demo.tern.test'`,
    );
    const mine = await agent.contracts.list({ query: { status: 'active', limit: 100 } });
    const notTheirs = mine.items.find((c) => !theirs.some((t) => t.property_id === c.channelId));
    expect(notTheirs).toBeDefined();
    await expect(
      stranger.contracts.terminate({ params: { id: notTheirs!.id }, body: {} }),
    ).rejects.toMatchObject({ status: 404 });
    const requested = await agent.contracts.request({
      body: { propertyId: hotel.propertyId, requestMessage: 'Hello!' },
    });
    expect(requested).toMatchObject({ status: 'proposed', requestMessage: 'Hello!', modifierAmount: 0 });
  });
});

describe('the plans a contract sells (docs/decisions.md)', () => {
  const stored = async (id: string) =>
    (await server.db.one<{ rate_plan_ids: string[] }>('select rate_plan_ids from contracts where id = $1', [
      id,
    ]))!.rate_plan_ids;

  it('a contract of every plan sells a plan added later; one of some plans, or a plan named twice, does not', async () => {
    const { hotel, supplier } = await openHotel();
    const units = await supplier.engine.unitRates({
      params: { kind: 'accommodations', id: hotel.propertyId },
    });
    const planIds = units.items.flatMap((u) => u.ratePlans.map((p) => p.id));
    expect(planIds.length).toBeGreaterThan(1);
    const propose = (ratePlanIds: string[]) =>
      agent.contracts.create({
        body: {
          propertyId: hotel.propertyId,
          propertyType: 'accommodation',
          contract: { modifierLogic: 'increase_by_percent', modifierAmount: 0, ratePlanIds },
        },
      });
    const plansOf = (c: { roomRates: { ratePlans: { id: string }[] }[] }) =>
      c.roomRates.flatMap((u) => u.ratePlans.map((p) => p.id));

    // Every plan (the form's "select all", in any order): stored as all.
    const all = await propose([...planIds].reverse());
    expect(await stored(all.id)).toEqual([]);
    // Some plans, or one plan named as often as the property has plans: stored as named.
    await agent.contracts.cancel({ params: { id: all.id }, body: {} });
    const twice = await propose(planIds.map(() => planIds[0]!));
    expect(await stored(twice.id)).toEqual([planIds[0]]);
    expect(plansOf(twice)).toEqual([planIds[0]]);
    await agent.contracts.cancel({ params: { id: twice.id }, body: {} });
    const some = await propose([planIds[0]!]);
    expect(await stored(some.id)).toEqual([planIds[0]]);
    const again = await propose(planIds).catch((e: { status: number }) => e);
    expect(again).toMatchObject({ status: 409 }); // one live contract per agency and property
    await agent.contracts.cancel({ params: { id: some.id }, body: {} });
    const every = await propose(planIds);

    // The property adds a plan: the contract of every plan has it at once.
    const created = await supplier.roomsAndRates.createRatePlan({
      body: {
        propertyId: hotel.propertyId,
        unitId: units.items[0]!.id,
        title: 'Added later',
        options: [{ occupancy: 1, rate: 100, isPrimary: true }],
      },
    });
    const [record] = (
      await agent.contracts.list({ query: { status: 'pending', propertyId: hotel.propertyId } })
    ).items;
    expect(record!.id).toBe(every.id);
    expect(plansOf(record!)).toEqual(expect.arrayContaining([...planIds, created.id]));
  });

  it('the demo world stores its contracts of every plan as all, and names the others’ plans', async () => {
    const rows = await server.db.query<{ key: string; agency: string; plans: number; named: number }>(
      `select p.key, a.key as agency, cardinality(c.rate_plan_ids) as named,
              (select count(*)::int from rate_plans rp where rp.property_id = p.id) as plans
         from contracts c join properties p on p.id = c.property_id join agencies a on a.id = c.agency_id
        where p.key in ('harbour-view', 'nordurljos-spa') and a.key in ('northern-lights', 'saga-tours')`,
    );
    const named = (key: string, agency: string) => rows.find((r) => r.key === key && r.agency === agency);
    expect(named('harbour-view', 'northern-lights')).toMatchObject({ named: 0 });
    expect(named('nordurljos-spa', 'saga-tours')).toMatchObject({ named: 0 });
    const some = named('nordurljos-spa', 'northern-lights')!;
    // Its fixture names the plans `flex` and `hb-pp` (of each unit that has them): some of the property's.
    expect(some.named).toBeGreaterThan(0);
    expect(some.named).toBeLessThan(some.plans);

    // Migration 040 brings a contract stored before, listing every plan, to `[]`; one of some plans keeps them.
    const listed = `update contracts c set rate_plan_ids = array(
        select rp.id from rate_plans rp where rp.property_id = c.property_id order by rp.id desc)
      from properties p, agencies a
      where p.id = c.property_id and a.id = c.agency_id and p.key = 'nordurljos-spa' and a.key = $1
      returning c.id`;
    const [all] = await server.db.query<{ id: string }>(listed, ['saga-tours']);
    expect((await stored(all!.id)).length).toBe(some.plans);
    const kept = await server.db.query<{ id: string; rate_plan_ids: string[] }>(
      'select id, rate_plan_ids from contracts where cardinality(rate_plan_ids) > 0 order by id',
    );
    await server.db.exec(
      readFileSync(new URL('../src/db/migrations/040_contracts_of_all_plans.sql', import.meta.url), 'utf8'),
    );
    expect(await stored(all!.id)).toEqual([]);
    const after = await server.db.query<{ id: string; rate_plan_ids: string[] }>(
      'select id, rate_plan_ids from contracts where cardinality(rate_plan_ids) > 0 order by id',
    );
    expect(after).toEqual(kept.filter((c) => c.id !== all!.id));
    expect(after.length).toBeGreaterThan(0);
  });
});
