import { contract, createClient, type Endpoint, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Resellers' API keys (document 2 §2–§4, §8; DECISIONS 20): made by an agent, shown once, stored hashed; an
// integrator's backend searches and books with one as the agency, with no sign-in; disabled at once; a key
// reaches what its agent's session does for the agency and nothing of the session itself.

let server: TestServer;
let agent: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const refusal = refusedWith;

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
}, 120_000);
afterAll(() => server?.close());

describe('API keys', () => {
  it('are made by an agent, shown whole once, listed by their last 6 characters, and stored hashed', async () => {
    const created = await agent.apiKeys.create({ body: { name: 'Booking backend', scope: 'book' } });
    expect(created.token).toMatch(/^tern_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Booking backend',
      active: true,
      last6: created.token.slice(-6),
      scope: 'book',
      expiresAt: null,
      disabledAt: null,
      disabledReason: null,
    });
    const list = await agent.apiKeys.list({ query: {} });
    expect(list.meta).toMatchObject({ page: 1, limit: 10 });
    expect(list.items[0]).toMatchObject({ id: created.id, last6: created.token.slice(-6), lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.token);
    const stored = await server.db.query('select * from api_keys');
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect((await refusal(agent.apiKeys.create({ body: { name: '  ', scope: 'book' } }))).status).toBe(400);
  });

  it('let an integrator’s backend search and book as the agency, with no sign-in', async () => {
    const { token } = await agent.apiKeys.create({ body: { name: 'Integrator', scope: 'book' } });
    // What docs and the SDK README show: a client with `apiKey`, nothing else.
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    expect((await backend.auth.currentUser()).email).toBe('agent@demo.tern.test');
    const stay = { checkinDate: day(40), checkoutDate: day(42) };
    // The world the booking needs, whatever the demo world sells on those nights: Harbour View (the agency's
    // contract) opens a plan without a card guarantee for them — rooms, no stop-sell, no stay limits.
    const harbour = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'harbour-view'`,
    ))!.id;
    const plan = (await server.db.one<{ id: string; unit_id: string }>(
      `select rp.id, rp.unit_id from rate_plans rp join cancellation_policies cp on cp.id = rp.cancellation_policy_id
        where rp.property_id = $1 and cp.guarantee_payment_policy = 'none' and rp.parent_rate_plan_id is null
        order by rp.unit_id, rp.id limit 1`,
      [harbour],
    ))!;
    const hotelier = server.client(await server.signIn('hotelier'));
    await hotelier.inventory.edit({
      params: { propertyId: harbour },
      body: {
        from: stay.checkinDate,
        to: day(41),
        unitIds: [plan.unit_id],
        ratePlanIds: [plan.id],
        changes: {
          availability: 20,
          restrictions: {
            stopSell: false,
            closedToArrival: false,
            closedToDeparture: false,
            minStayArrival: 1,
            minStayThrough: 1,
            maxStay: null,
          },
        },
      },
    });
    const found = await backend.engine.search({
      params: { kind: 'accommodations' },
      query: { ...stay, currency: 'EUR', filter: { city: 'Reykjavik' }, isAvailable: true },
    });
    expect(found.items.map((p) => p.id)).toContain(harbour);
    const units = await backend.engine.listWithRates({
      params: { kind: 'accommodations', id: harbour },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
    });
    const rate = units.items
      .find((u) => u.id === plan.unit_id)!
      .ratePlans.find((r) => r.ratePlanId === plan.id && r.unavailableReason === null)!;
    const booked = await backend.engine.createBooking({
      params: { kind: 'accommodations', id: harbour },
      body: {
        booking: {
          currency: 'EUR',
          arrivalDate: stay.checkinDate,
          departureDate: stay.checkoutDate,
          customer: { name: 'Ada', surname: 'Lovelace' },
          rooms: [{ ratePlanId: rate.id, roomTypeCode: plan.unit_id, occupancy: rate.occupancy, guests: [] }],
          policyAccepted: true,
        },
      },
    });
    expect(booked.reservationId).toBeTruthy();
    // The agent sees the booking the backend made, as the agency's.
    const mine = await agent.bookings.list({ query: { limit: 100 } });
    expect(mine.items.map((b) => b.reservationId)).toContain(booked.reservationId);
    const keys = await agent.apiKeys.list({ query: {} });
    expect(keys.items.find((k) => k.name === 'Integrator')?.lastUsedAt).not.toBeNull();
  });

  it('reach the agency’s calls only: not the keys, not the session, not another agency’s', async () => {
    const { token, id } = await agent.apiKeys.create({ body: { name: 'Narrow', scope: 'book' } });
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    for (const call of [
      () => backend.apiKeys.list({ query: {} }),
      () => backend.apiKeys.create({ body: { name: 'another', scope: 'book' } }),
      () => backend.auth.signOut(),
      () =>
        backend.auth.changePassword({
          body: { oldPassword: 'x', password: 'secret-9', confirmPassword: 'secret-9' },
        }),
    ])
      expect(await refusal(call())).toEqual({ status: 403, code: 'api_key_not_allowed' });
    const agent2 = server.client(await server.signIn('agent2'));
    expect((await refusal(agent2.apiKeys.disable({ params: { id } }))).status).toBe(404);
    for (const login of ['hotelier', 'admin']) {
      const other = server.client(await server.signIn(login));
      expect((await refusal(other.apiKeys.create({ body: { name: 'x', scope: 'book' } }))).status).toBe(403);
    }
  });

  it('stop at once when disabled, and while their agent is blocked', async () => {
    const { token, id } = await agent.apiKeys.create({ body: { name: 'Short-lived', scope: 'book' } });
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    await backend.bookings.list({ query: {} });
    const userId = (await agent.auth.currentUser()).id;
    await server.db.query(`update users set status = 'blocked' where id = $1`, [userId]);
    expect(await refusal(backend.bookings.list({ query: {} }))).toEqual({
      status: 401,
      code: 'account_blocked',
    });
    await server.db.query(`update users set status = 'active' where id = $1`, [userId]);
    await backend.bookings.list({ query: {} });
    const disabled = await agent.apiKeys.disable({ params: { id } });
    expect(disabled).toMatchObject({ active: false, disabledReason: 'disabled' });
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'apiKey', objectId: id } });
    expect(trail.items.map((e) => e.action)).toEqual(['disable', 'create']);
    expect(JSON.stringify(trail)).not.toContain(token);
    expect(await refusal(backend.bookings.list({ query: {} }))).toEqual({
      status: 401,
      code: 'invalid_api_key',
    });
    const made = createClient({ baseUrl: server.url, apiKey: 'tern_made-up', retries: 0 });
    expect(await refusal(made.bookings.list({ query: {} }))).toEqual({
      status: 401,
      code: 'invalid_api_key',
    });
  });

  it('are closed out of the engine and the bookings while their agency is payment-locked', async () => {
    const { token } = await agent.apiKeys.create({ body: { name: 'Locked', scope: 'book' } });
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    const agencyId = (await agent.auth.currentUser()).agentId;
    await server.db.query('update agencies set payment_locked = true where id = $1', [agencyId]);
    const search = () => backend.engine.search({ params: { kind: 'accommodations' }, query: {} });
    expect(await refusal(search())).toEqual({ status: 401, code: 'payment_locked' });
    expect(await refusal(backend.bookings.list({ query: {} }))).toEqual({
      status: 401,
      code: 'payment_locked',
    });
    await server.db.query('update agencies set lock_override = true where id = $1', [agencyId]);
    await expect(search()).resolves.toBeTruthy();
    await server.db.query('update agencies set payment_locked = false, lock_override = false where id = $1', [
      agencyId,
    ]);
    await expect(backend.bookings.list({ query: {} })).resolves.toBeTruthy();
  });

  it('take a scope, chosen at creation: a read key searches but cannot book (403)', async () => {
    expect(
      (await refusal(agent.apiKeys.create({ body: { name: 'No scope' } as { name: string; scope: 'read' } })))
        .status,
    ).toBe(400);
    const read = await agent.apiKeys.create({ body: { name: 'Reporting', scope: 'read' } });
    expect((await agent.apiKeys.list({ query: {} })).items.find((k) => k.id === read.id)?.scope).toBe('read');
    const backend = createClient({ baseUrl: server.url, apiKey: read.token, retries: 0 });
    await backend.engine.search({ params: { kind: 'accommodations' }, query: { currency: 'EUR' } });
    await backend.bookings.list({ query: {} });
    const property = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'harbour-view'`,
    ))!;
    const booking = {
      currency: 'EUR',
      arrivalDate: '2031-03-10',
      departureDate: '2031-03-12',
      customer: { name: 'Ada', surname: 'Lovelace' },
      rooms: [
        {
          ratePlanId: property.id,
          roomTypeCode: property.id,
          occupancy: { adults: 2, children: 0, infants: 0 },
          guests: [],
        },
      ],
      policyAccepted: true as const,
    };
    const book = () =>
      backend.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: { booking },
      });
    expect(await refusal(book())).toEqual({ status: 403, code: 'api_key_read_only' });
    for (const call of [
      () =>
        backend.bookings.cancel({
          params: { kind: 'accommodations' },
          body: { reservationId: 'TRN-1', propertyChannelId: property.id, propertyType: 'accommodation' },
        }),
      () => backend.vehicles.cancelBooking({ params: { reservationId: 'TRN-1' } }),
    ])
      expect(await refusal(call() as Promise<unknown>)).toEqual({ status: 403, code: 'api_key_read_only' });
  });

  it('expire at their expiry: refused with 401 api_key_expired from then on', async () => {
    const now = server.clock.now().getTime();
    expect(
      await refusal(
        agent.apiKeys.create({
          body: { name: 'Past', scope: 'read', expiresAt: new Date(now - 1000).toISOString() },
        }),
      ),
    ).toEqual({ status: 400, code: 'api_key_expiry_past' });
    const expiresAt = new Date(now + 3_600_000).toISOString();
    const key = await agent.apiKeys.create({ body: { name: 'An hour', scope: 'read', expiresAt } });
    expect(key.expiresAt).toBe(expiresAt);
    const backend = createClient({ baseUrl: server.url, apiKey: key.token, retries: 0 });
    await backend.bookings.list({ query: {} });
    server.clock.advance(3_600_000);
    try {
      expect(await refusal(backend.bookings.list({ query: {} }))).toEqual({
        status: 401,
        code: 'api_key_expired',
      });
    } finally {
      server.clock.advance(-3_600_000);
    }
  });

  it('never reach billing or contract decisions, whatever their scope', async () => {
    const { token } = await agent.apiKeys.create({ body: { name: 'Everything', scope: 'book' } });
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    const contractId = (await server.db.one<{ id: string }>('select id from contracts limit 1'))!.id;
    const propertyId = (await server.db.one<{ id: string }>('select id from properties limit 1'))!.id;
    for (const call of [
      () => backend.billing.checkPaymentSource(),
      () => backend.billing.resellerPortal(),
      () => backend.contracts.approve({ params: { id: contractId }, body: {} }),
      () => backend.contracts.decline({ params: { id: contractId }, body: {} }),
      () => backend.contracts.cancel({ params: { id: contractId }, body: {} }),
      () => backend.contracts.terminate({ params: { id: contractId }, body: {} }),
      () => backend.contracts.request({ body: { propertyId } }),
    ] as (() => Promise<unknown>)[])
      expect(await refusal(call())).toEqual({ status: 403, code: 'api_key_not_allowed' });
  });
});

describe('what a key may call, as the contract declares it', () => {
  const endpoints = Object.values(contract).flatMap((area) => Object.values(area) as Endpoint[]);
  it('book: the agency’s booking writes only; read: the rest a key may call', () => {
    const byScope = (scope: string) =>
      endpoints
        .filter((e) => e.apiKey === scope)
        .map((e) => e.name)
        .sort();
    expect(byScope('book')).toEqual([
      'bookings.cancel',
      'bookings.removeRooms',
      'bookings.removeVehicles',
      'bookings.updateRooms',
      'bookings.updateSpecialRequest',
      'bookings.updateVehicles',
      'engine.cardCaptureFormUrl',
      'engine.createBooking',
      'vehicles.cancelBooking',
      'vehicles.createBooking',
    ]);
    for (const name of byScope('read')) {
      const e = endpoints.find((x) => x.name === name)!;
      // A read is a GET, or the car search's start (a query, which books nothing).
      expect(e.method === 'GET' || name === 'vehicles.startQuery', name).toBe(true);
    }
  });
  it('only for resellers, and never billing, contract decisions, the keys or the session', () => {
    for (const e of endpoints.filter((x) => x.apiKey)) {
      expect(
        e.access === 'signedIn' || (Array.isArray(e.access) && e.access.includes('reseller')),
        e.name,
      ).toBe(true);
      expect(e.name, e.name).not.toMatch(/^(billing|apiKeys)\./);
      if (e.name.startsWith('contracts.') || e.name.startsWith('auth.')) expect(e.method, e.name).toBe('GET');
      if (e.name.startsWith('auth.')) expect(e.name).toBe('auth.currentUser');
    }
  });
});
