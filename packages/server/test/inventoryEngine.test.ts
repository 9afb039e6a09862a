import type { RateOffer, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// The engine follows at once: what the inventory calendar saves is what the next rates table,
// checkout price and booking see — the price, closures to arrival and departure, the minimum and maximum stay —
// and an undo puts the engine back. (Stop sell and a closed night across the roles: e2e/inventory.spec.ts;
// derived, auto and inherited rates and max sell: engineRatePlans.test.ts; availability: inventory.test.ts.)

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
let unitId: string;
let planId: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The plan's offer for one adult, for a stay from `from` to `to` days ahead. */
async function offer(from: number, to: number): Promise<RateOffer> {
  const units = await agent.engine.listWithRates({
    params: { kind: 'accommodations', id: propertyId },
    query: { checkinDate: day(from), checkoutDate: day(to), currency: 'EUR', withVirtualRatePlans: false },
  });
  const rates = units.items.find((u) => u.id === unitId)!.ratePlans;
  // The plan's offer for its first occupancy (the same one on every call).
  const found = rates.find((r) => r.ratePlanId === planId);
  if (!found) throw new Error(`no offer of the plan for ${day(from)}–${day(to)}`);
  return found;
}

function book(from: number, to: number, rate: RateOffer) {
  return agent.engine.createBooking({
    params: { kind: 'accommodations', id: propertyId },
    body: {
      booking: {
        currency: 'EUR',
        arrivalDate: day(from),
        departureDate: day(to),
        customer: { name: 'Ada', surname: 'Lovelace' },
        rooms: [{ ratePlanId: rate.id, roomTypeCode: unitId, occupancy: rate.occupancy, guests: [] }],
        policyAccepted: true,
      },
    },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const plan = (await server.db.one<{ id: string; unit_id: string }>(
    `select rp.id, rp.unit_id from rate_plans rp join cancellation_policies cp on cp.id = rp.cancellation_policy_id
      where rp.property_id = $1 and cp.guarantee_payment_policy = 'none' and rp.parent_rate_plan_id is null
      order by rp.unit_id, rp.id limit 1`,
    [propertyId],
  ))!;
  [planId, unitId] = [plan.id, plan.unit_id];
  // Open nights, as the demo world's seed may have closed some.
  await server.db.query(
    `update rate_prices set stop_sell = false, closed_to_arrival = false, closed_to_departure = false,
            min_stay_arrival = 1, min_stay_through = 1, max_stay = null
      where rate_plan_id = $1 and date >= $2 and date <= $3`,
    [planId, day(60), day(75)],
  );
}, 120_000);
afterAll(() => server?.close());

describe('the engine follows the inventory calendar at once', () => {
  it('a price raised and restrictions set are what the next rates, booking price and booking see; undo puts them back', async () => {
    const stays: Record<string, [number, number]> = {
      raised: [60, 62],
      arrivalClosed: [62, 63],
      departureClosed: [63, 64],
      tooShort: [66, 67],
      tooLong: [68, 70],
    };
    const before = Object.fromEntries(
      await Promise.all(Object.entries(stays).map(async ([k, [a, b]]) => [k, await offer(a, b)] as const)),
    );
    for (const o of Object.values(before)) expect(o.unavailableReason).toBeNull();

    const edit = (from: number, to: number, changes: object) =>
      hotelier.inventory.edit({
        params: { propertyId },
        body: { from: day(from), to: day(to), ratePlanIds: [planId], changes },
      });
    await edit(60, 61, { price: { op: 'increase_by_percent', value: 50 } });
    await edit(62, 62, { restrictions: { closedToArrival: true } });
    await edit(64, 64, { restrictions: { closedToDeparture: true } });
    await edit(66, 66, { restrictions: { minStayArrival: 3 } });
    await edit(68, 68, { restrictions: { maxStay: 1 } });

    const raised = await offer(60, 62);
    expect(raised.unavailableReason).toBeNull();
    expect(raised.netPrice / before.raised!.netPrice).toBeCloseTo(1.5, 2);
    expect((await offer(62, 63)).unavailableReason).toBe('closed_to_arrival');
    expect((await offer(63, 64)).unavailableReason).toBe('closed_to_departure');
    expect((await offer(66, 67)).unavailableReason).toBe('min_stay');
    expect((await offer(66, 69)).unavailableReason).toBeNull();
    expect((await offer(68, 70)).unavailableReason).toBe('max_stay');

    // The booking is priced at the new rate, and a closed arrival cannot be booked.
    const booked = await book(60, 62, raised);
    expect(booked.total).toBe(raised.totalPrice);
    await expect(book(62, 63, before.arrivalClosed!)).rejects.toMatchObject({
      status: 400,
      code: 'rate_unavailable',
      params: { reason: 'closed_to_arrival' },
    });

    // Undone, change by change (the last first): the engine sells as before.
    for (let i = 0; i < 5; i++) await hotelier.inventory.undo({ params: { propertyId } });
    for (const [k, [a, b]] of Object.entries(stays)) {
      const now = await offer(a, b);
      expect(now.unavailableReason, k).toBeNull();
      expect(now.netPrice, k).toBe(before[k]!.netPrice);
    }
  });
});
