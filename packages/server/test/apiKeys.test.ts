import { ApiError, createClient, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// Resellers' API keys (document 2 §2–§4, §8; DECISIONS 20): made by an agent, shown once, stored hashed; an
// integrator's backend searches and books with one as the agency, with no sign-in; disabled at once; a key
// reaches what its agent's session does for the agency and nothing of the session itself.

let server: TestServer;
let agent: TernClient;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  server = await startTestServer();
  agent = server.client(await server.signIn('agent'));
}, 120_000);
afterAll(() => server?.close());

describe('API keys', () => {
  it('are made by an agent, shown whole once, listed by their last 6 characters, and stored hashed', async () => {
    const created = await agent.apiKeys.create({ body: { name: 'Booking backend' } });
    expect(created.token).toMatch(/^tern_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Booking backend', active: true, last6: created.token.slice(-6) });
    const list = await agent.apiKeys.list({ query: {} });
    expect(list.meta).toMatchObject({ page: 1, limit: 10 });
    expect(list.items[0]).toMatchObject({ id: created.id, last6: created.token.slice(-6), lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.token);
    const stored = await server.db.query('select * from api_keys');
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect((await refusal(agent.apiKeys.create({ body: { name: '  ' } }))).status).toBe(400);
  });

  it('let an integrator’s backend search and book as the agency, with no sign-in', async () => {
    const { token } = await agent.apiKeys.create({ body: { name: 'Integrator' } });
    // What docs and the SDK README show: a client with `apiKey`, nothing else.
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    expect((await backend.auth.currentUser()).email).toBe('agent@demo.tern.test');
    const stay = { checkinDate: day(40), checkoutDate: day(42) };
    const found = await backend.engine.search({
      params: { kind: 'accommodations' },
      query: { ...stay, currency: 'EUR', filter: { city: 'Reykjavik' }, isAvailable: true },
    });
    expect(found.items.length).toBeGreaterThan(0);
    let booked: Awaited<ReturnType<TernClient['engine']['createBooking']>> | null = null;
    for (const property of found.items) {
      const units = await backend.engine.listWithRates({
        params: { kind: 'accommodations', id: property.id },
        query: { ...stay, currency: 'EUR', withVirtualRatePlans: true },
      });
      const unit = units.items.find((u) =>
        u.ratePlans.some(
          (r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
        ),
      );
      if (!unit) continue;
      const rate = unit.ratePlans.find(
        (r) => r.unavailableReason === null && r.cancellationPolicy?.guaranteePaymentPolicy === 'none',
      )!;
      booked = await backend.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
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
      break;
    }
    expect(booked?.reservationId).toBeTruthy();
    // The agent sees the booking the backend made, as the agency's.
    const mine = await agent.bookings.list({ query: { limit: 100 } });
    expect(mine.items.map((b) => b.reservationId)).toContain(booked!.reservationId);
    const keys = await agent.apiKeys.list({ query: {} });
    expect(keys.items.find((k) => k.name === 'Integrator')?.lastUsedAt).not.toBeNull();
  });

  it('reach the agency’s calls only: not the keys, not the session, not another agency’s', async () => {
    const { token, id } = await agent.apiKeys.create({ body: { name: 'Narrow' } });
    const backend = createClient({ baseUrl: server.url, apiKey: token, retries: 0 });
    for (const call of [
      () => backend.apiKeys.list({ query: {} }),
      () => backend.apiKeys.create({ body: { name: 'another' } }),
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
      expect((await refusal(other.apiKeys.create({ body: { name: 'x' } }))).status).toBe(403);
    }
  });

  it('stop at once when disabled, and while their agent is blocked', async () => {
    const { token, id } = await agent.apiKeys.create({ body: { name: 'Short-lived' } });
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
    expect(disabled.active).toBe(false);
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
    const { token } = await agent.apiKeys.create({ body: { name: 'Locked' } });
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
});
