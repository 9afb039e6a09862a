import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// A property's policies (document 2 §2 policies): staff edit the hotel policy and the cancellation policies; a
// change applies to bookings made afterwards — rooms booked before keep the policy they were sold with.

let server: TestServer;
let hotelier: TernClient;
let agent: TernClient;
let propertyId: string;
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
const free = {
  title: 'Free until 3 days before',
  cancellationPolicyLogic: 'deadline' as const,
  cancellationPolicyDeadline: 3,
  cancellationPolicyDeadlineType: 'days' as const,
  cancellationPolicyPenalty: 100,
  cancellationPolicyMode: 'percent' as const,
  guaranteePaymentPolicy: 'none' as const,
  guaranteePaymentAmount: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  agent = server.client(await server.signIn('agent'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
}, 120_000);
afterAll(() => server?.close());

describe('policies', () => {
  it('set the hotel policy the property page shows', async () => {
    const policies = await hotelier.policies.get({ params: { propertyId } });
    const { currency: _c, ...hotelPolicy } = policies.propertyPolicy!;
    await hotelier.policies.updateHotelPolicy({
      params: { propertyId },
      body: { ...hotelPolicy, checkinFromTime: '15:00', petsPolicy: 'by_arrangement' },
    });
    const page = await agent.engine.info({ params: { kind: 'accommodations', id: propertyId } });
    expect(page.propertyPolicy).toMatchObject({ checkinFromTime: '15:00', petsPolicy: 'by_arrangement' });
    expect(
      (
        await refusal(
          hotelier.policies.updateHotelPolicy({
            params: { propertyId },
            body: { ...hotelPolicy, checkinFromTime: '25:00' },
          }),
        )
      ).fields?.[0]?.field,
    ).toBe('checkinFromTime');
  });

  it('change a cancellation policy for new bookings only: a booked room keeps its own', async () => {
    const stay = { checkinDate: day(50), checkoutDate: day(52) };
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: propertyId },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
    });
    const unit = units.items.find((u) =>
      u.ratePlans.some(
        (r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
      ),
    )!;
    const rate = unit.ratePlans.find(
      (r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
    )!;
    const policyId = rate.cancellationPolicy!.id;
    const oldTitle = rate.cancellationPolicy!.title;
    const booked = await agent.engine.createBooking({
      params: { kind: 'accommodations', id: propertyId },
      body: {
        booking: {
          currency: 'EUR',
          arrivalDate: stay.checkinDate,
          departureDate: stay.checkoutDate,
          customer: { name: 'Ada', surname: 'Lovelace' },
          rooms: [{ ratePlanId: rate.id, roomTypeCode: unit.id, occupancy: rate.occupancy, guests: [] }],
          policyAccepted: true,
        },
      },
    });
    const after = await hotelier.policies.updateCancellationPolicy({
      params: { propertyId, policyId },
      body: { ...free, title: 'Stricter: 10 days', cancellationPolicyDeadline: 10 },
    });
    // The old version is archived, a new one sells.
    expect(after.cancellationPolicies.map((p) => p.id)).not.toContain(policyId);
    const stricter = after.cancellationPolicies.find((p) => p.title === 'Stricter: 10 days')!;
    expect(stricter.ratePlans).toBeGreaterThan(0);
    // The booked room still shows (and is judged by) what it was sold with.
    const record = (await agent.bookings.list({ query: { limit: 100 } })).items.find(
      (b) => b.reservationId === booked.reservationId,
    )!;
    expect(record.units[0]!.cancellationPolicy?.title).toBe(oldTitle);
    expect(record.cancellationPolicy?.title).toBe(oldTitle);
    // New offers sell with the new one.
    const again = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: propertyId },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
    });
    const plan = again.items.flatMap((u) => u.ratePlans).find((r) => r.id === rate.id)!;
    expect(plan.cancellationPolicy?.title).toBe('Stricter: 10 days');
  });

  it('add and remove policies; one a rate plan sells with stays; another property’s is out of reach', async () => {
    const added = await hotelier.policies.createCancellationPolicy({
      params: { propertyId },
      body: { ...free, title: 'Spare' },
    });
    const spare = added.cancellationPolicies.find((p) => p.title === 'Spare')!;
    expect(spare.ratePlans).toBe(0);
    const gone = await hotelier.policies.deleteCancellationPolicy({
      params: { propertyId, policyId: spare.id },
    });
    expect(gone.cancellationPolicies.map((p) => p.id)).not.toContain(spare.id);
    const used = added.cancellationPolicies.find((p) => p.ratePlans > 0)!;
    expect(
      await refusal(
        hotelier.policies.deleteCancellationPolicy({ params: { propertyId, policyId: used.id } }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'policy_in_use',
    });
    expect(
      (
        await refusal(
          hotelier.policies.createCancellationPolicy({
            params: { propertyId },
            body: { ...free, cancellationPolicyDeadline: null },
          }),
        )
      ).fields?.[0]?.field,
    ).toBe('cancellationPolicyDeadline');
    const hotelier2 = server.client(await server.signIn('hotelier2'));
    expect((await refusal(hotelier2.policies.get({ params: { propertyId } }))).status).toBe(404);
    expect(
      (
        await refusal(
          hotelier2.policies.updateCancellationPolicy({
            params: { propertyId, policyId: used.id },
            body: free,
          }),
        )
      ).status,
    ).toBe(404);
  });
});
