import type { TernClient, VehicleOffer } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let agent: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const rental = { pickupDate: day(20), dropoffDate: day(23), pickupTime: '10:00', dropoffTime: '12:00' };

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
});
afterAll(() => server?.close());

async function search(body: Record<string, unknown> = {}) {
  const { queryId } = await agent.vehicles.startQuery({ body: { ...rental, currency: 'EUR', ...body } });
  const first = await agent.vehicles.queryResults({ params: { queryId } });
  server.clock.advance(4_100);
  const done = await agent.vehicles.queryResults({ params: { queryId } });
  return { first, done, queryId };
}

const booking = (offer: VehicleOffer, extra: Record<string, unknown> = {}) => ({
  booking: {
    vehicleChannelId: offer.vehicleChannelId,
    rateId: offer.id,
    ...rental,
    currency: 'EUR',
    driver: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      email: 'ada@example.test',
      phone: '+354 555 0101',
    },
    policyAccepted: true as const,
    ...extra,
  },
});

describe('the car search', () => {
  it('answers with a query id, then the providers one by one until finished', async () => {
    const { first, done } = await search();
    expect(first.finished).toBe(false);
    expect(first.providers.every((p) => !p.finished)).toBe(true);
    expect(first.results).toEqual([]);
    expect(done.finished).toBe(true);
    expect(new Set(done.results.map((o) => o.provider)).size).toBeGreaterThanOrEqual(2);
    const car = done.results[0]!;
    expect(car.days).toBe(4);
    expect(car.acrissCode).toMatch(/^[A-Z]{4}$/);
    expect(car.ratePlans[0]!.currency).toBe('EUR');
    expect(car.imageUrl).toMatch(/^\/photos\//);
  });

  it('filters by city and refuses past dates', async () => {
    const { done } = await search({ filter: { city: 'Reykjavik' } });
    expect(done.results.length).toBeGreaterThan(0);
    expect(done.results.every((o) => o.station.city === 'Reykjavik')).toBe(true);
    await expect(
      agent.vehicles.startQuery({ body: { ...rental, pickupDate: day(-1) } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('keeps a query to the agency that started it', async () => {
    const { queryId } = await search();
    const other = server.client(await server.signIn('agent2'));
    await expect(other.vehicles.queryResults({ params: { queryId } })).rejects.toMatchObject({ status: 404 });
  });

  it('finds places for the search box', async () => {
    const places = await agent.vehicles.places({ params: { kind: 'vehicles' }, query: { term: 'rey' } });
    expect(places.items.some((p) => p.kind === 'city' && p.title === 'Reykjavik')).toBe(true);
  });
});

describe('booking a car', () => {
  it('books, takes the car for the days, is idempotent, and cancels to free it', async () => {
    const { done } = await search();
    const offer = done.results.find((o) => o.cancellationPolicy?.guaranteePaymentPolicy === 'none')!;
    const created = await agent.vehicles.createBooking({ body: booking(offer) }, { idempotencyKey: 'car-1' });
    expect(created.total).toBe(offer.ratePlans[0]!.totalPrice);
    const again = await agent.vehicles.createBooking({ body: booking(offer) }, { idempotencyKey: 'car-1' });
    expect(again.reservationId).toBe(created.reservationId);
    const after = (await search()).done.results.find((o) => o.vehicleChannelId === offer.vehicleChannelId);
    expect(after?.availability ?? 0).toBe(offer.availability - 1);
    await agent.vehicles.cancelBooking({ params: { reservationId: created.reservationId } });
    const freed = (await search()).done.results.find((o) => o.vehicleChannelId === offer.vehicleChannelId);
    expect(freed?.availability).toBe(offer.availability);
    await expect(
      agent.vehicles.cancelBooking({ params: { reservationId: created.reservationId } }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('gives the last car to one agent only', async () => {
    const { done } = await search();
    const offer = done.results.find((o) => o.cancellationPolicy?.guaranteePaymentPolicy === 'none')!;
    await server.db.query(
      `update unit_availability set available = 1 where unit_id = $1 and date >= $2 and date <= $3`,
      [offer.vehicleChannelId, rental.pickupDate, rental.dropoffDate],
    );
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => agent.vehicles.createBooking({ body: booking(offer) })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected'))
      expect(r.reason).toMatchObject({ status: 409 });
  });

  it('asks for a card when the provider needs one, and refuses bad input', async () => {
    const { done } = await search();
    const prepaid = done.results.find((o) => o.cancellationPolicy?.guaranteePaymentPolicy !== 'none');
    if (prepaid) {
      await expect(agent.vehicles.createBooking({ body: booking(prepaid) })).rejects.toMatchObject({
        status: 400,
      });
    }
    const offer = done.results[0]!;
    await expect(
      agent.vehicles.createBooking({ body: booking(offer, { rateId: 'someone-else~northwind_cars' }) }),
    ).rejects.toMatchObject({ status: 400 });
    const other = server.client(await server.signIn('agent2'));
    await expect(
      other.vehicles.cancelBooking({ params: { reservationId: 'TRN-NOTTHERE' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
