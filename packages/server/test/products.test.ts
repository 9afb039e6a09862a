import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// The products page (docs/decisions.md "/products"): a property's gift card types with stock, issued, redeemed,
// sales and stores, and its campaigns' options with picks; only its own staff read it.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let store: { id: string; name: string };
let ratePlan: { roomTypeId: string; ratePlanId: string };

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  store = (await server.db.one<{ id: string; name: string }>(
    `select id, name from stores where slug = 'harbour-view'`,
  ))!;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by unit_id, id limit 1',
    [propertyId],
  ))!;
  ratePlan = { roomTypeId: plan.unit_id, ratePlanId: plan.id };
}, 120_000);
afterAll(() => server?.close());

describe('products.list', () => {
  it('lists a type with its stock, issued, redeemed, sales (net prices) and stores', async () => {
    const type = await hotelier.giftCards.createType({
      body: {
        propertyId,
        title: `Products ${Date.now()}`,
        description: '<p>A night</p>',
        price: 300,
        netPrice: 250,
        limit: 5,
        storeIds: [store.id],
        ratePlans: [ratePlan],
        publish: true,
      },
    });
    const before = await hotelier.products.list({ query: { propertyId } });
    expect(before.types.find((t) => t.id === type.id)).toMatchObject({
      issued: 0,
      stock: 5,
      redeemed: 0,
      sales: 0,
      stores: [store.name],
    });

    const { cards } = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: {
        propertyId,
        recipients: [0, 1, 2].map((i) => ({
          rowKey: `p-${i}`,
          name: `Guest ${i}`,
          email: `g${i}@example.com`,
        })),
      },
    });
    await hotelier.giftCards.markUsed({
      params: { id: cards[0]!.id },
      body: { propertyId, notes: 'Stayed' },
    });

    const after = await hotelier.products.list({ query: { propertyId } });
    const currency = (await server.db.one<{ currency: string }>(
      'select currency from properties where id = $1',
      [propertyId],
    ))!.currency;
    expect(after.types.find((t) => t.id === type.id)).toEqual({
      id: type.id,
      title: type.title,
      status: 'published',
      giftcardType: 0,
      price: 300,
      netPrice: 250,
      currency,
      limit: 5,
      issued: 3,
      stock: 2,
      redeemed: 1,
      sales: 750,
      stores: [store.name],
    });
    // Newest type first; every type listed is the property's.
    expect(after.types[0]!.id).toBe(type.id);
    const own = await server.db.query<{ id: string }>(
      'select id from gift_card_types where property_id = $1',
      [propertyId],
    );
    expect(after.types.map((t) => t.id).sort()).toEqual(own.map((r) => r.id).sort());
  });

  it('another property’s staff cannot read it', async () => {
    expect(await refusedWith(rival.products.list({ query: { propertyId } }))).toMatchObject({
      status: 404,
      code: 'property_not_found',
    });
  });
});

describe('a card’s properties (the card details’ property list)', () => {
  it('names its type’s hotels: the rate plans’ for a multi-property card, the property’s for a single one', async () => {
    const second = (await server.db.one<{ id: string; title: string; unit_id: string; plan_id: string }>(
      `select p.id, p.title, rp.unit_id, rp.id as plan_id
         from property_users pu join users u on u.id = pu.user_id
         join properties p on p.id = pu.property_id
         join rate_plans rp on rp.property_id = p.id
        where u.email = 'hotelier@demo.tern.test' and p.id <> $1
        order by p.id, rp.id limit 1`,
      [propertyId],
    ))!;
    const own = (await server.db.one<{ title: string }>('select title from properties where id = $1', [
      propertyId,
    ]))!;
    const body = (
      giftcardType: 0 | 1,
      ratePlans: { roomTypeId: string; ratePlanId: string; propertyId?: string }[],
    ) => ({
      propertyId,
      giftcardType,
      title: `Hotels ${giftcardType} ${Date.now()}`,
      description: '<p>A night</p>',
      price: 100,
      limit: 2,
      storeIds: [store.id],
      ratePlans,
    });
    const multi = await hotelier.giftCards.createType({
      body: body(1, [
        { ...ratePlan, propertyId },
        { propertyId: second.id, roomTypeId: second.unit_id, ratePlanId: second.plan_id },
      ]),
    });
    const single = await hotelier.giftCards.createType({ body: body(0, [ratePlan]) });
    const issueOne = async (typeId: string) =>
      (
        await hotelier.giftCards.issue({
          params: { id: typeId },
          body: { propertyId, recipients: [{ rowKey: 'one', name: 'Guest', email: 'guest@example.com' }] },
        })
      ).cards[0]!;
    const multiCard = await issueOne(multi.id);
    expect(multiCard.properties).toEqual([own.title, second.title].sort((a, b) => (a < b ? -1 : 1)));
    const read = await hotelier.giftCards.get({ params: { id: multiCard.id }, query: { propertyId } });
    expect(read.properties).toEqual(multiCard.properties);
    const singleCard = await issueOne(single.id);
    expect(singleCard.properties).toEqual([own.title]);
    const listed = await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: multi.id } });
    expect(listed.items.map((c) => c.properties)).toEqual([multiCard.properties]);
  });
});

describe('bookings by source (the staff list’s filter)', () => {
  it('lists only a reseller’s bookings or only gift cards’, as the database has them', async () => {
    const counts = await server.db.query<{ source: string; n: number }>(
      'select source, count(*)::int as n from bookings where property_id = $1 group by source',
      [propertyId],
    );
    const count = (source: string) => counts.find((c) => c.source === source)?.n ?? 0;
    expect(count('engine')).toBeGreaterThan(0);
    const total = async (source?: 'engine' | 'gift_card') =>
      (await hotelier.bookings.list({ query: { propertyId, ...(source ? { source } : {}) } })).meta.total;
    expect(await total('engine')).toBe(count('engine'));
    expect(await total('gift_card')).toBe(count('gift_card'));
    expect(await total()).toBe(count('engine') + count('gift_card'));
    const engine = await hotelier.bookings.list({ query: { propertyId, source: 'engine' } });
    expect(engine.items.every((b) => b.source === 'engine' && b.giftCardCode === null)).toBe(true);
    expect(
      await refusedWith(hotelier.bookings.list({ query: { propertyId, source: 'agency' as never } })),
    ).toMatchObject({
      status: 400,
    });
  });
});
