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

/** Books `rooms` rooms of a free-cancellation rate of the agent's first hotel of a city. */
async function book(offset: number, rooms = 1, city = 'Reykjavik') {
  const stay = { checkinDate: day(offset), checkoutDate: day(offset + 2) };
  const list = await agent.engine.search({
    params: { kind: 'accommodations' },
    query: { ...stay, filter: { city }, limit: 50 },
  });
  for (const property of list.items) {
    const units = await agent.engine.listWithRates({
      params: { kind: 'accommodations', id: property.id },
      query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
    });
    for (const unit of units.items) {
      const rate = unit.ratePlans.find(
        (r) =>
          r.unavailableReason === null &&
          r.availability >= rooms &&
          r.cancellationPolicy?.guaranteePaymentPolicy === 'none' &&
          r.cancellationPolicy.cancellationPolicyLogic !== 'non_refundable',
      );
      if (!rate) continue;
      const created = await agent.engine.createBooking({
        params: { kind: 'accommodations', id: property.id },
        body: {
          booking: {
            currency: 'EUR',
            arrivalDate: stay.checkinDate,
            departureDate: stay.checkoutDate,
            customer: { name: 'Ada', surname: 'Lovelace', mail: 'ada@example.test' },
            reservationName: 'Lovelace party',
            externalReference: `REF-${offset}`,
            rooms: Array.from({ length: rooms }, () => ({
              ratePlanId: rate.id,
              roomTypeCode: unit.id,
              occupancy: rate.occupancy,
              guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }],
            })),
            policyAccepted: true,
          },
        },
      });
      return { created, property, unit, rate, stay };
    }
  }
  throw new Error('nothing bookable');
}

describe('the bookings list', () => {
  it('shows a reseller their agency’s bookings, a supplier their properties’, nobody else’s', async () => {
    const { created, property } = await book(60);
    const mine = await agent.bookings.list({ query: {} });
    const record = mine.items.find((b) => b.reservationId === created.reservationId)!;
    expect(record).toMatchObject({
      status: 'new',
      hotelName: property.title,
      totalNights: 2,
      resellerName: 'Northern Lights Travel',
      changeable: true,
      changeBlock: null,
      price: { currency: 'EUR', total: created.total },
    });
    expect(record.units[0]!.guests).toEqual([{ name: 'Ada', surname: 'Lovelace', nationality: 'GB' }]);
    const other = server.client(await server.signIn('agent2'));
    expect((await other.bookings.list({ query: {} })).items.map((b) => b.id)).not.toContain(record.id);
    await expect(other.bookings.show({ params: { id: record.id } })).rejects.toMatchObject({ status: 404 });
    const owner = await server.db.one<{ email: string }>(
      `select u.email from users u join property_users pu on pu.user_id = u.id where pu.property_id = $1 limit 1`,
      [property.id],
    );
    const supplier = server.client(await server.signIn(owner!.email.split('@')[0]!));
    const seen = await supplier.bookings.show({ params: { id: record.id } });
    expect(seen).toMatchObject({ changeable: false, changeBlock: 'not_reseller' });
    const admin = server.client(await server.signIn('admin'));
    expect(
      (await admin.bookings.list({ query: { reservationId: created.reservationId } })).items,
    ).toHaveLength(1);
  });

  it('filters by term, reference, dates and status, sorts and pages', async () => {
    const { created } = await book(70);
    const byTerm = await agent.bookings.list({ query: { term: 'lovelace' } });
    expect(byTerm.items.length).toBeGreaterThanOrEqual(1);
    expect(
      (await agent.bookings.list({ query: { externalReferenceId: 'REF-70' } })).items[0]!.reservationId,
    ).toBe(created.reservationId);
    const inRange = await agent.bookings.list({ query: { dateFrom: day(69), dateTo: day(71) } });
    expect(inRange.items.map((b) => b.reservationId)).toContain(created.reservationId);
    const outside = await agent.bookings.list({ query: { dateFrom: day(200), dateTo: day(210) } });
    expect(outside.items).toEqual([]);
    const byArrival = await agent.bookings.list({
      query: { orderBy: 'arrival_date', orderDirection: 'asc' },
    });
    const arrivals = byArrival.items.map((b) => b.arrivalDate);
    expect(arrivals).toEqual([...arrivals].sort());
    const page = await agent.bookings.list({ query: { limit: 1, page: 2 } });
    expect(page.items).toHaveLength(1);
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
    await expect(agent.bookings.list({ query: { term: 'x'.repeat(53) } })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('filters a reseller’s list by supplier (from the suppliers list) and by booker (from the agents list)', async () => {
    const { created, property } = await book(80);
    const bySupplier = await agent.bookings.list({ query: { supplier: property.id, limit: 100 } });
    expect(bySupplier.items.map((b) => b.reservationId)).toContain(created.reservationId);
    expect(new Set(bySupplier.items.map((b) => b.propertyChannelId))).toEqual(new Set([property.id]));
    const suppliers = await agent.contracts.discover({ query: { limit: 1000 } });
    const other = suppliers.items.find((row) => row.propertyId !== property.id)!;
    const elsewhere = await agent.bookings.list({ query: { supplier: other.propertyId, limit: 100 } });
    expect(elsewhere.items.map((b) => b.reservationId)).not.toContain(created.reservationId);

    const agents = await agent.contracts.agents({ query: { limit: 1000 } });
    const me = agents.items.find((a) => a.email === 'agent@demo.tern.test')!;
    expect(me).toMatchObject({ type: 'agent' });
    expect(agents.items.every((a) => a.email !== 'agent2@demo.tern.test')).toBe(true);
    const mine = await agent.bookings.list({ query: { booker: me.id, limit: 100 } });
    expect(mine.items.map((b) => b.reservationId)).toContain(created.reservationId);
    // Another agency's user is no one this agency may name (the contract's `owns`): 404, no list.
    const stranger = await server.client(await server.signIn('agent2')).auth.currentUser();
    await expect(agent.bookings.list({ query: { booker: stranger.id, limit: 100 } })).rejects.toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
    const hotelier = server.client(await server.signIn('hotelier'));
    await expect(hotelier.contracts.agents({ query: {} })).rejects.toMatchObject({ status: 403 });
  });
});

describe('changing a booking', () => {
  it('edits guests, removes a room keeping one, changes the special request, then cancels and frees the rooms', async () => {
    const { created, property, unit, stay } = await book(80, 2);
    const before = await agent.bookings.show({ params: { id: created.bookingId } });
    expect(before.units).toHaveLength(2);
    const free = async () =>
      (
        await agent.engine.listWithRates({
          params: { kind: 'accommodations', id: property.id },
          query: { ...stay, currency: 'EUR', withVirtualRatePlans: false },
        })
      ).items.find((u) => u.id === unit.id)!.availability;
    const freeBefore = await free();

    const edited = await agent.bookings.updateRooms({
      params: { id: created.bookingId },
      body: { units: [{ id: before.units[0]!.id, guests: [{ name: '', surname: '', nationality: '' }] }] },
    });
    expect(edited.status).toBe('modified');
    expect(edited.units[0]!.guests).toEqual([{ name: 'No Name', surname: '', nationality: '' }]);
    await expect(
      agent.bookings.updateRooms({
        params: { id: created.bookingId },
        body: {
          units: [
            { id: before.units[0]!.id, guests: Array(9).fill({ name: 'A', surname: 'B', nationality: '' }) },
          ],
        },
      }),
    ).rejects.toMatchObject({ status: 400 });

    const smaller = await agent.bookings.removeRooms({
      params: { id: created.bookingId },
      body: { deleteUnitIds: [before.units[1]!.id] },
    });
    expect(smaller.price.total).toBeLessThan(before.price.total);
    expect(await free()).toBe(freeBefore + 1);
    await expect(
      agent.bookings.removeRooms({
        params: { id: created.bookingId },
        body: { deleteUnitIds: [before.units[0]!.id] },
      }),
    ).rejects.toMatchObject({ status: 409 });

    const requested = await agent.bookings.updateSpecialRequest({
      params: { kind: 'accommodations', propertyId: property.id, bookingId: created.bookingId },
      body: { specialRequest: 'A quiet room, please' },
    });
    expect(requested.specialRequest).toBe('A quiet room, please');

    const cancelled = await agent.bookings.cancel({
      params: { kind: 'accommodations' },
      body: {
        reservationId: created.reservationId,
        propertyChannelId: property.id,
        propertyType: 'accommodation',
      },
    });
    expect(cancelled).toMatchObject({ status: 'canceled', changeable: false, changeBlock: 'canceled' });
    expect(await free()).toBe(freeBefore + 2);
    await expect(
      agent.bookings.cancel({
        params: { kind: 'accommodations' },
        body: {
          reservationId: created.reservationId,
          propertyChannelId: property.id,
          propertyType: 'accommodation',
        },
      }),
    ).rejects.toMatchObject({ status: 409 });
    const history = await server.db.query<{ action: string }>(
      'select action from booking_history where booking_id = $1 order by created_at, action',
      [created.bookingId],
    );
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['created', 'guests_updated', 'units_removed', 'details_updated', 'canceled']),
    );
    // The same history through the API, in the order it happened, for whoever may see the booking.
    const told = await agent.bookings.history({ params: { id: created.bookingId } });
    expect(told.items.map((e) => e.action)).toEqual([
      'created',
      'guests_updated',
      'units_removed',
      'details_updated',
      'canceled',
    ]);
    const me = await agent.auth.currentUser();
    expect(new Set(told.items.map((e) => e.userName))).toEqual(new Set([me.name]));
    const agent2 = server.client(await server.signIn('agent2'));
    await expect(agent2.bookings.history({ params: { id: created.bookingId } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses to change a booking past its deadline, and a supplier’s attempt', async () => {
    const { created, property } = await book(90);
    await server.db.query(
      `update bookings set cancellation_policy = cancellation_policy || '{"cancellationPolicyLogic":"non_refundable"}'::jsonb where id = $1`,
      [created.bookingId],
    );
    const record = await agent.bookings.show({ params: { id: created.bookingId } });
    expect(record).toMatchObject({ changeable: false, changeBlock: 'policy' });
    await expect(
      agent.bookings.cancel({
        params: { kind: 'accommodations' },
        body: {
          reservationId: created.reservationId,
          propertyChannelId: property.id,
          propertyType: 'accommodation',
        },
      }),
    ).rejects.toMatchObject({ status: 409 });
    const hotelier = server.client(await server.signIn('hotelier'));
    await expect(
      hotelier.bookings.cancel({
        params: { kind: 'accommodations' },
        body: {
          reservationId: created.reservationId,
          propertyChannelId: property.id,
          propertyType: 'accommodation',
        },
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
