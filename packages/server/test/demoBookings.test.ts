import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern-server` books a few sample bookings once the demo world is new, through its own API.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
}, 60_000);
afterAll(() => server?.close());

describe('the demo bookings', () => {
  it('give each demo agency bookings of its contracted properties: upcoming, two rooms, a request, a cancellation, a car', async () => {
    expect(server.errors).toEqual([]);
    const agent = server.client(await server.signIn('agent'));
    const mine = await agent.bookings.list({ query: { limit: 100 } });
    expect(mine.meta.total).toBe(6);
    expect(mine.items.every((b) => b.resellerName === 'Northern Lights Travel')).toBe(true);
    expect(mine.items.map((b) => b.status).sort()).toEqual([
      'canceled',
      'modified',
      'new',
      'new',
      'new',
      'new',
    ]);
    const car = mine.items.filter((b) => b.propertyType === 'vehicle');
    expect(car).toHaveLength(1);
    const rental = await agent.bookings.show({ params: { id: car[0]!.id } });
    expect(rental).toMatchObject({ externalReferenceId: 'NLT-2041-CAR', status: 'new' });
    expect(rental.units[0]!.drivers[0]).toMatchObject({
      firstName: 'Sigríður',
      lastName: 'Jónsdóttir',
      age: 34,
    });
    const requested = mine.items.find((b) => b.status === 'modified')!;
    expect(requested).toMatchObject({
      specialRequest: 'Arriving late, around 23:00.',
      customer: { name: 'Sigríður', surname: 'Jónsdóttir', mail: 'sigga.jons@example.com' },
      externalReferenceId: 'NLT-2041',
      totalNights: 3,
    });
    const cancelled = mine.items.find((b) => b.status === 'canceled')!;
    expect(cancelled.customer.surname).toBe('Larsen');
    const history = await agent.bookings.history({ params: { id: cancelled.id } });
    expect(history.items.map((h) => h.action)).toEqual(['created', 'canceled']);
    const twoRooms = mine.items.find((b) => b.customer.surname === 'García')!;
    const details = await agent.bookings.show({ params: { id: twoRooms.id } });
    expect(details.units).toHaveLength(2);
    // Every booking is at a property the agency has an active contract with.
    const active = await agent.contracts.list({ query: { status: 'active', limit: 1000 } });
    const contracted = new Set(active.items.map((c) => c.channelId));
    expect(mine.items.every((b) => contracted.has(b.propertyChannelId))).toBe(true);

    const agent2 = server.client(await server.signIn('agent2'));
    const theirs = await agent2.bookings.list({ query: { limit: 100 } });
    expect(theirs.items.map((b) => b.customer.surname).sort()).toEqual(['Moreau', 'Tanaka']);

    // The bookings e-mails went to the outbox like any booking's.
    const mail = await server.client().mail.list({ query: { to: 'mateo.garcia@example.com' } });
    expect(mail.meta.total).toBeGreaterThan(0);
  });
});
