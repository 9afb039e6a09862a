import { contract, type Endpoint, PaymentLockedError } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the payment lock and the billing portal', () => {
  it('locks an agency out of the engine and its bookings with "Stripe locked" until the portal unlocks it', async () => {
    const agent = server.client(await server.signIn('agent'));
    const me = await agent.auth.currentUser();
    expect(await agent.billing.checkPaymentSource()).toEqual({ hasPaymentSource: true, locked: false });
    await server.db.query(
      'update agencies set payment_locked = true, has_payment_source = false where id = $1',
      [me.agentId],
    );
    expect(await agent.billing.checkPaymentSource()).toEqual({ hasPaymentSource: false, locked: true });
    const refused = await agent.engine
      .search({ params: { kind: 'accommodations' }, query: {} })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentLockedError);
    expect(refused).toMatchObject({ status: 401 });
    await expect(agent.bookings.list({ query: {} })).rejects.toBeInstanceOf(PaymentLockedError);

    // An admin override lifts the lock without a card.
    await server.db.query('update agencies set lock_override = true where id = $1', [me.agentId]);
    await expect(agent.bookings.list({ query: {} })).resolves.toBeTruthy();
    await server.db.query('update agencies set lock_override = false where id = $1', [me.agentId]);

    const { stripeCustomerPortalSessionUrl: url } = await agent.billing.resellerPortal();
    expect(url.startsWith(`${server.url}/billing/portal/`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Billing for Northern Lights Travel');
    const paid = await fetch(url, { method: 'POST' });
    expect(await paid.text()).toContain('is paid up and unlocked');
    expect(await agent.billing.checkPaymentSource()).toEqual({ hasPaymentSource: true, locked: false });
    await expect(
      agent.engine.search({ params: { kind: 'accommodations' }, query: {} }),
    ).resolves.toBeTruthy();
    // The link works once.
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
  });

  it('refuses a locked agency every operation the contract marks paymentLock, and only those', async () => {
    const agent = server.client(await server.signIn('agent2'));
    const me = await agent.auth.currentUser();
    const day = (offset: number) =>
      new Date(server.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const stay = { checkinDate: day(200), checkoutDate: day(202) };
    const rental = { pickupDate: day(300), dropoffDate: day(303), pickupTime: '10:00', dropoffTime: '12:00' };
    const property = (await agent.engine.search({ params: { kind: 'accommodations' }, query: stay }))
      .items[0]!;
    const { queryId } = await agent.vehicles.startQuery({ body: { ...rental, currency: 'EUR' } });
    const absent = '00000000-0000-4000-8000-000000000000';
    // Each locked operation with input the edge accepts: the lock is checked after the ids' owners, before the
    // handler, so what the handler would say of the input (no such rate, no such car) comes only unlocked.
    const calls: Record<string, () => Promise<unknown>> = {
      'bookings.list': () => agent.bookings.list({ query: {} }),
      'engine.search': () => agent.engine.search({ params: { kind: 'accommodations' }, query: stay }),
      'engine.listWithRates': () =>
        agent.engine.listWithRates({ params: { kind: 'accommodations', id: property.id }, query: stay }),
      'engine.createBooking': () =>
        agent.engine.createBooking({
          params: { kind: 'accommodations', id: property.id },
          body: {
            booking: {
              currency: 'EUR',
              arrivalDate: stay.checkinDate,
              departureDate: stay.checkoutDate,
              customer: { name: 'Ada', surname: 'Lovelace' },
              rooms: [
                {
                  ratePlanId: 'no-such-rate',
                  roomTypeCode: absent,
                  occupancy: { adults: 1, children: 0, infants: 0 },
                  guests: [],
                },
              ],
              policyAccepted: true,
            },
          },
        }),
      'vehicles.startQuery': () => agent.vehicles.startQuery({ body: { ...rental, currency: 'EUR' } }),
      'vehicles.queryResults': () => agent.vehicles.queryResults({ params: { queryId } }),
      'vehicles.createBooking': () =>
        agent.vehicles.createBooking({
          body: {
            booking: {
              vehicleChannelId: absent,
              rateId: 'no-such-offer',
              ...rental,
              currency: 'EUR',
              driver: {
                firstName: 'Ada',
                lastName: 'Lovelace',
                age: 36,
                email: 'ada@example.test',
                phone: '+354 555 0101',
              },
              policyAccepted: true,
            },
          },
        }),
    };
    const locked = Object.values(contract)
      .flatMap((area) => Object.values(area as Record<string, Endpoint>))
      .filter((e) => e.paymentLock)
      .map((e) => e.name)
      .sort();
    expect(Object.keys(calls).sort()).toEqual(locked);
    await server.db.query('update agencies set payment_locked = true where id = $1', [me.agentId]);
    try {
      for (const [name, call] of Object.entries(calls))
        await expect(call(), name).rejects.toBeInstanceOf(PaymentLockedError);
      // What stays open to a locked agency: looking at a property, and undoing.
      await expect(
        agent.engine.info({ params: { kind: 'accommodations', id: property.id } }),
      ).resolves.toBeTruthy();
      await expect(agent.vehicles.cancelBooking({ params: { reservationId: 'none' } })).rejects.toMatchObject(
        {
          status: 404,
        },
      );
    } finally {
      await server.db.query('update agencies set payment_locked = false where id = $1', [me.agentId]);
    }
    for (const [name, call] of Object.entries(calls)) {
      const outcome = await call().catch((e: unknown) => e);
      expect(outcome, name).not.toBeInstanceOf(PaymentLockedError);
    }
  });

  it('gives a supplier the portal of their own property only, and locks its bookings', async () => {
    const hotelier = server.client(await server.signIn('hotelier'));
    const property = (await hotelier.auth.currentUser()).ternHotels[0]!;
    const { stripeCustomerPortalSessionUrl } = await hotelier.billing.supplierPortal({
      query: { propertyId: property.id },
    });
    expect(stripeCustomerPortalSessionUrl).toContain('/billing/portal/');
    const other = server.client(await server.signIn('hotelier2'));
    await expect(other.billing.supplierPortal({ query: { propertyId: property.id } })).rejects.toMatchObject({
      status: 404,
    });
    await server.db.query('update properties set payment_locked = true where id = $1', [property.id]);
    await expect(hotelier.bookings.list({ query: { propertyId: property.id } })).rejects.toBeInstanceOf(
      PaymentLockedError,
    );
    expect(
      await hotelier.billing.supplierPaymentSource({ query: { propertyId: property.id } }),
    ).toMatchObject({ locked: true });
  });
});
