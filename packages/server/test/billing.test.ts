import { PaymentLockedError } from '@tern/sdk';
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

  it('locks an agency out of car rentals too: the query, its results and the booking (one rule, the registrar)', async () => {
    const agent = server.client(await server.signIn('agent2'));
    const me = await agent.auth.currentUser();
    // Days from the server's clock, far enough ahead for every provider.
    const day = (offset: number) =>
      new Date(server.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const rental = { pickupDate: day(300), dropoffDate: day(303), pickupTime: '10:00', dropoffTime: '12:00' };
    const { queryId } = await agent.vehicles.startQuery({ body: { ...rental, currency: 'EUR' } });
    await server.db.query('update agencies set payment_locked = true where id = $1', [me.agentId]);
    try {
      // One call at a time: a promise made before its turn could be refused while none awaits it yet.
      for (const call of [
        () => agent.vehicles.startQuery({ body: { ...rental, currency: 'EUR' } }),
        () => agent.vehicles.queryResults({ params: { queryId } }),
        () =>
          agent.vehicles.createBooking({
            body: {
              booking: {
                vehicleChannelId: '00000000-0000-4000-8000-000000000000',
                rateId: 'r',
                ...rental,
                currency: 'EUR',
                driver: {
                  firstName: 'Ada',
                  lastName: 'Lovelace',
                  age: 36,
                  email: 'ada@example.test',
                  phone: '+354 555 0101',
                  address: { countryCode: 'IS' },
                },
                policyAccepted: true,
              },
            },
          }),
      ])
        await expect(call()).rejects.toBeInstanceOf(PaymentLockedError);
    } finally {
      await server.db.query('update agencies set payment_locked = false where id = $1', [me.agentId]);
    }
    await expect(agent.vehicles.queryResults({ params: { queryId } })).resolves.toBeTruthy();
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
