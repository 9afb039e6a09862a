import { todayIn } from '@tern/core/dates';
import { addMonthsToDay } from '@tern/core/giftCards';
import { ApiError, type GiftCardTypeCreateBody, type TernClient } from '@tern/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGiftCardCode } from '../src/services/giftCards/codes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Gift card types and issued cards (document 3 §2.3–§5, §7, §9; M23, M24; DECISIONS 13, 16, 23): made, listed
// by tab, changed while no card exists, duplicated, published and archived; cards issued under the type's stock
// (never past it, whatever runs at once), reissued by row key without duplicates, listed with the orders'
// filters, marked used / unused / delivered, and their details changed. Another property's staff reach nothing.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let timezone: string;
let plans: { roomTypeId: string; ratePlanId: string }[];
let foreignPlan: { roomTypeId: string; ratePlanId: string };
/** The demo hotel's gift-card store. */
let STORE: string;
const CODE = /^[2-9A-HJKMNP-Z]{12}$/;

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, fields: error.fields, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
};
const today = () => todayIn(timezone, server.clock.now());
const day = (offset: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const typeBody = (over: Partial<GiftCardTypeCreateBody> = {}): GiftCardTypeCreateBody => ({
  propertyId,
  title: 'Two nights by the harbour',
  description: '<p>Breakfast included</p>',
  price: 300,
  limit: 5,
  storeIds: [STORE],
  ratePlans: [plans[0]!],
  ...over,
});
const recipients = (n: number, prefix = 'row') =>
  Array.from({ length: n }, (_, i) => ({
    rowKey: `${prefix}-${i}`,
    name: `Guest ${i}`,
    email: `guest${i}@example.com`,
  }));

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  const property = (await server.db.one<{ id: string; timezone: string }>(
    `select id, timezone from properties where key = 'harbour-view'`,
  ))!;
  propertyId = property.id;
  timezone = property.timezone;
  STORE = (await server.db.one<{ id: string }>(`select id from stores where slug = 'harbour-view'`))!.id;
  const rows = await server.db.query<{ unit_id: string; id: string }>(
    `select distinct on (rp.unit_id) rp.unit_id, rp.id from rate_plans rp where rp.property_id = $1
      order by rp.unit_id, rp.id`,
    [propertyId],
  );
  plans = rows.map((r) => ({ roomTypeId: r.unit_id, ratePlanId: r.id }));
  expect(plans.length).toBeGreaterThanOrEqual(2);
  const other = (await server.db.one<{ unit_id: string; id: string }>(
    `select rp.unit_id, rp.id from rate_plans rp join properties p on p.id = rp.property_id
      where p.key = 'casa-alfama' limit 1`,
  ))!;
  foreignPlan = { roomTypeId: other.unit_id, ratePlanId: other.id };
}, 180_000);
afterAll(() => server?.close());

/**
 * Demo bookings no card was used for yet and never cancelled (one the demo cancelled has a 'canceled' history row
 * already, which the tests that count them must not see).
 */
async function freeBookings(count: number): Promise<{ id: string; reservation_id: string }[]> {
  const rows = await server.db.query<{ id: string; reservation_id: string }>(
    `select id, reservation_id from bookings b
      where id not in (select booking_id from gift_cards where booking_id is not null)
        and not exists (select 1 from booking_history h where h.booking_id = b.id and h.action = 'canceled')
      order by reservation_id limit $1`,
    [count],
  );
  expect(rows).toHaveLength(count);
  return rows;
}

describe('codes', () => {
  it('draws 12 characters without look-alikes, all different over many draws', () => {
    const codes = Array.from({ length: 20_000 }, newGiftCardCode);
    for (const code of codes.slice(0, 100)) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
    // Every letter of the alphabet turns up (no letter left out by a biased draw).
    expect(new Set(codes.join('')).size).toBe(31);
  });
});

describe('gift card types', () => {
  it('are made created or published, listed by tab 10 a page, published and archived (M23)', async () => {
    const made = await hotelier.giftCards.createType({ body: typeBody({ netPrice: 250 }) });
    expect(made).toMatchObject({
      status: 'created',
      giftcardType: 0,
      price: 300,
      netPrice: 250,
      discount: { title: 'GiftCard Discount', value: 50, discountType: 'fixed_amount', status: 'active' },
      limit: 5,
      issued: 0,
      stock: 5,
      expirationType: 0,
      expirationDuration: 48,
      expirationDurationUnit: 'months',
      settings: { lengthOfStay: 1, reservationValue: 0 },
      storeIds: [STORE],
      locked: false,
    });
    expect(made.ratePlans).toEqual([
      expect.objectContaining({
        propertyId,
        roomTypeId: plans[0]!.roomTypeId,
        ratePlanId: plans[0]!.ratePlanId,
      }),
    ]);
    expect(made.ratePlans[0]!.roomTypeTitle).not.toBe('');
    const plain = await hotelier.giftCards.createType({ body: typeBody({ title: 'Plain' }) });
    expect(plain.discount).toBeNull();
    expect(plain.netPrice).toBe(300);

    const published = await hotelier.giftCards.createType({
      body: typeBody({
        title: 'Published at once',
        publish: true,
        upsellRatePlans: [{ ...plans[1]!, price: 40 }],
      }),
    });
    expect(published.status).toBe('published');
    // The upsell's price says its currency: its property's, where the stay is booked and the upsell paid.
    const { currency } = (await server.db.one<{ currency: string }>(
      'select currency from properties where id = $1',
      [propertyId],
    ))!;
    expect(published.upsellRatePlans).toEqual([
      expect.objectContaining({ ...plans[1]!, price: 40, currency }),
    ]);

    for (let i = 0; i < 10; i++)
      await hotelier.giftCards.createType({ body: typeBody({ title: `Batch ${i}` }) });
    const created = await hotelier.giftCards.listTypes({ query: { propertyId, status: 'created' } });
    expect(created.meta).toMatchObject({ page: 1, limit: 10 });
    expect(created.meta.total).toBeGreaterThanOrEqual(12);
    expect(created.items).toHaveLength(10);
    expect(created.items.every((t) => t.status === 'created')).toBe(true);
    const found = await hotelier.giftCards.listTypes({
      query: { propertyId, status: 'published', term: 'AT ONCE' },
    });
    expect(found.items.map((t) => t.id)).toEqual([published.id]);

    const now = await hotelier.giftCards.publishType({ params: { id: made.id }, body: { propertyId } });
    expect(now.status).toBe('published');
    expect(
      await refusal(hotelier.giftCards.publishType({ params: { id: made.id }, body: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'gift_card_type_status', params: { status: 'published' } });
    const archived = await hotelier.giftCards.unpublishType({
      params: { id: made.id },
      body: { propertyId },
    });
    expect(archived.status).toBe('archived');
    expect(
      await refusal(hotelier.giftCards.unpublishType({ params: { id: made.id }, body: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'gift_card_type_status', params: { status: 'archived' } });
    expect(
      await refusal(hotelier.giftCards.publishType({ params: { id: made.id }, body: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'gift_card_type_status' });
    // Archived is read-only, and issues nothing.
    expect(
      await refusal(
        hotelier.giftCards.updateType({ params: { id: made.id }, body: typeBody({ title: 'Changed' }) }),
      ),
    ).toMatchObject({ status: 409, code: 'gift_card_type_archived' });
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: made.id },
          body: { propertyId, recipients: recipients(1) },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'gift_card_type_status' });
    const tab = await hotelier.giftCards.listTypes({ query: { propertyId, status: 'archived' } });
    expect(tab.items.map((t) => t.id)).toContain(made.id);

    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'giftCardType', objectId: made.id } });
    expect(trail.items.map((e) => e.action)).toEqual(['unpublish', 'publish', 'create']);
  });

  it('refuses what the form’s rules refuse, with the field named', async () => {
    const field = async (body: GiftCardTypeCreateBody) => {
      const r = await refusal(hotelier.giftCards.createType({ body }));
      return { status: r.status, code: r.code, field: r.fields?.[0]?.field };
    };
    expect(await field(typeBody({ netPrice: 300 }))).toMatchObject({ status: 400, field: 'netPrice' });
    expect(await field(typeBody({ netPrice: 0.5 }))).toMatchObject({ status: 400, field: 'netPrice' });
    expect(await field(typeBody({ title: 'x'.repeat(81) }))).toMatchObject({ status: 400, field: 'title' });
    expect(await field(typeBody({ price: -1 }))).toMatchObject({ status: 400, field: 'price' });
    expect(await field(typeBody({ limit: 0 }))).toMatchObject({ status: 400, field: 'limit' });
    expect(await field(typeBody({ storeIds: [] }))).toMatchObject({ status: 400, field: 'storeIds' });
    expect(await field(typeBody({ ratePlans: [] }))).toMatchObject({ status: 400, field: 'ratePlans' });
    expect(await field(typeBody({ upsellRatePlans: [{ ...plans[0]!, price: 10 }] }))).toMatchObject({
      status: 400,
      field: 'ratePlans',
    });
    expect(await field(typeBody({ expirationType: 1 }))).toMatchObject({
      status: 400,
      field: 'absoluteExpirationDate',
    });
    expect(await field(typeBody({ expirationType: 1, absoluteExpirationDate: today() }))).toEqual({
      status: 400,
      code: 'expiration_not_future',
      field: 'absoluteExpirationDate',
    });
    expect(await field(typeBody({ giftcardType: 2 }))).toMatchObject({ status: 400, field: 'ratePlans' });
    // A plan of another property, a plan named under another room type, an upload that is not the property's.
    expect(await field(typeBody({ ratePlans: [foreignPlan] }))).toEqual({
      status: 404,
      code: 'rate_plan_not_found',
      field: 'ratePlans.0.ratePlanId',
    });
    expect(
      await field(
        typeBody({ ratePlans: [{ roomTypeId: plans[1]!.roomTypeId, ratePlanId: plans[0]!.ratePlanId }] }),
      ),
    ).toEqual({ status: 400, code: 'rate_plan_not_of_room_type', field: 'ratePlans.0.roomTypeId' });
    expect(await field(typeBody({ photos: [{ url: `/photos/uploads/${'a'.repeat(32)}.png` }] }))).toEqual({
      status: 400,
      code: 'unknown_photo',
      field: 'photos.0.url',
    });
    // A no-property type: no plans, no settings; dated.
    const none = await hotelier.giftCards.createType({
      body: typeBody({ giftcardType: 2, ratePlans: [], expirationType: 1, absoluteExpirationDate: day(30) }),
    });
    expect(none).toMatchObject({
      giftcardType: 2,
      settings: null,
      ratePlans: [],
      expirationType: 1,
      absoluteExpirationDate: day(30),
      expirationDuration: null,
    });
  });

  it('locks the terms once cards exist; a duplicate is open again', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Lockable', limit: 4 }) });
    const open = await hotelier.giftCards.updateType({
      params: { id: type.id },
      body: typeBody({ title: 'Lockable', limit: 4, price: 350, ratePlans: [plans[1]!] }),
    });
    expect(open).toMatchObject({ price: 350, ratePlans: [expect.objectContaining(plans[1]!)] });
    await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(1) },
    });
    const locked = await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } });
    expect(locked).toMatchObject({ locked: true, issued: 1, stock: 3 });
    const same = { title: 'Lockable', limit: 4, price: 350, ratePlans: [plans[1]!] };
    expect(
      await refusal(
        hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ ...same, price: 400, limit: 9 }),
        }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'gift_card_type_locked',
      params: { fields: 'price, netPrice, limit' },
    });
    expect(
      await refusal(
        hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ ...same, ratePlans: [plans[0]!] }),
        }),
      ),
    ).toMatchObject({ status: 409, code: 'gift_card_type_locked', params: { fields: 'ratePlans' } });
    expect(
      await refusal(
        hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ ...same, giftcardType: 2, ratePlans: [] }),
        }),
      ),
    ).toMatchObject({ status: 400, code: 'gift_card_kind_fixed' });
    const retitled = await hotelier.giftCards.updateType({
      params: { id: type.id },
      body: typeBody({ ...same, title: 'Renamed', description: 'New words', offerLetterDelivery: true }),
    });
    expect(retitled).toMatchObject({ title: 'Renamed', offerLetterDelivery: true, price: 350, issued: 1 });

    const copy = await hotelier.giftCards.duplicateType({ params: { id: type.id }, body: { propertyId } });
    expect(copy).toMatchObject({
      status: 'created',
      title: 'Renamed',
      price: 350,
      issued: 0,
      stock: 4,
      locked: false,
      duplicateOf: type.id,
      ratePlans: [expect.objectContaining(plans[1]!)],
    });
    const repriced = await hotelier.giftCards.updateType({
      params: { id: copy.id },
      body: typeBody({ ...same, title: 'Renamed', price: 500 }),
    });
    expect(repriced.price).toBe(500);
    const sizes = await hotelier.giftCards.typeSizes({ query: { propertyId } });
    expect(sizes.items.find((s) => s.id === type.id)).toEqual({ id: type.id, limit: 4, issued: 1, stock: 3 });
    expect(sizes.items.find((s) => s.id === copy.id)).toEqual({ id: copy.id, limit: 4, issued: 0, stock: 4 });
  });

  it('another property’s staff reach none of it (404), even naming their own property', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Mine' }) });
    const { cards } = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(1, 'mine') },
    });
    const card = cards[0]!;
    const rivalProperty = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'casa-alfama'`,
    ))!.id;
    for (const asked of [propertyId, rivalProperty]) {
      expect(
        await refusal(rival.giftCards.getType({ params: { id: type.id }, query: { propertyId: asked } })),
      ).toMatchObject({
        status: 404,
        code: expect.stringMatching(/^(property|gift_card_type)_not_found$/),
      });
      expect(
        await refusal(
          rival.giftCards.issue({
            params: { id: type.id },
            body: { propertyId: asked, recipients: recipients(1, 'x') },
          }),
        ),
      ).toMatchObject({ status: 404 });
      expect(
        await refusal(
          rival.giftCards.markUsed({
            params: { id: card.id },
            body: { propertyId: asked, notes: 'mine now' },
          }),
        ),
      ).toMatchObject({
        status: 404,
        code: expect.stringMatching(/^(property|gift_card)_not_found$/),
      });
    }
    expect(await refusal(rival.giftCards.list({ query: { propertyId } }))).toMatchObject({ status: 404 });
    const after = await hotelier.giftCards.get({ params: { id: card.id }, query: { propertyId } });
    expect(after.booked).toBe(false);
    expect(
      (await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).issued,
    ).toBe(1);
  });
});

describe('multi-property types and photos', () => {
  it('a multi-property type needs two properties of the caller’s and takes their plans; a single one only its own', async () => {
    const count = async (login: string) =>
      Number(
        (await server.db.one<{ n: number }>(
          `select count(*)::int as n from property_users pu join users u on u.id = pu.user_id where u.email = $1`,
          [`${login}@demo.tern.test`],
        ))!.n,
      );
    const rivalProperty = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'casa-alfama'`,
    ))!.id;
    // hotelier2 leaves every hotel but casa-alfama: one property, so no multi-property type.
    await server.db.query(
      `delete from property_users where property_id <> $1
          and user_id = (select id from users where email = 'hotelier2@demo.tern.test')`,
      [rivalProperty],
    );
    expect(await count('hotelier2')).toBe(1);
    expect(
      await refusal(
        rival.giftCards.createType({
          body: typeBody({ giftcardType: 1, propertyId: rivalProperty, ratePlans: [foreignPlan] }),
        }),
      ),
    ).toMatchObject({ status: 400, code: 'multi_property_needs_two' });
    // The hotelier works at several: a plan of another of theirs.
    expect(await count('hotelier')).toBeGreaterThanOrEqual(2);
    const second = (await server.db.one<{ id: string; unit_id: string; plan_id: string }>(
      `select pu.property_id as id, rp.unit_id, rp.id as plan_id
         from property_users pu join users u on u.id = pu.user_id
         join rate_plans rp on rp.property_id = pu.property_id
        where u.email = 'hotelier@demo.tern.test' and pu.property_id <> $1
        order by pu.property_id, rp.id limit 1`,
      [propertyId],
    ))!;
    const elsewhere = { propertyId: second.id, roomTypeId: second.unit_id, ratePlanId: second.plan_id };
    const multi = await hotelier.giftCards.createType({
      body: typeBody({ giftcardType: 1, title: 'Multi', ratePlans: [plans[0]!, elsewhere] }),
    });
    expect(multi.giftcardType).toBe(1);
    expect(multi.ratePlans.map((p) => p.propertyId)).toEqual([propertyId, second.id]);
    const { cards } = await hotelier.giftCards.issue({
      params: { id: multi.id },
      body: { propertyId, recipients: recipients(1, 'multi') },
    });
    expect(cards[0]!.multiProperty).toBe(true);
    // A single-property type takes only its property's plans; a multi one no plan of a stranger's property.
    expect(
      await refusal(hotelier.giftCards.createType({ body: typeBody({ ratePlans: [plans[0]!, elsewhere] }) })),
    ).toMatchObject({ status: 400, code: 'rate_plan_not_property' });
    expect(
      await refusal(
        hotelier.giftCards.createType({
          body: typeBody({ giftcardType: 1, ratePlans: [{ ...foreignPlan, propertyId: rivalProperty }] }),
        }),
      ),
    ).toMatchObject({ status: 404, code: 'property_not_found' });
  });

  it('shows the property’s uploads in the order sent, and only those', async () => {
    const png = (background: string) =>
      sharp({ create: { width: 800, height: 600, channels: 4, background } })
        .png()
        .toBuffer();
    const upload = async (background: string) =>
      (
        await hotelier.photos.upload({
          body: {
            image: new File([(await png(background)) as Uint8Array<ArrayBuffer>], 'card.png', {
              type: 'image/png',
            }),
            propertyId,
          },
        })
      ).publicUrl;
    const [a, b] = [await upload('#c0392b'), await upload('#2980b9')];
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Pictured', photos: [{ url: b }, { url: a }] }),
    });
    expect(type.photos).toEqual([
      { url: b, position: 0 },
      { url: a, position: 1 },
    ]);
    expect(
      await refusal(
        hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ title: 'Pictured', photos: [{ url: a }, { url: a }] }),
        }),
      ),
    ).toMatchObject({ status: 400, code: 'duplicate_photo' });
    expect(
      await refusal(
        rival.giftCards.createType({
          body: {
            ...typeBody({ photos: [{ url: a }] }),
            propertyId: (await server.db.one<{ id: string }>(
              `select id from properties where key = 'casa-alfama'`,
            ))!.id,
            ratePlans: [foreignPlan],
          },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'unknown_photo' });
  });
});

describe('issuing', () => {
  it('issues one card per row with unguessable unique codes, and a rerun of the rows issues nothing new', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Bulk', limit: 10, netPrice: 280, publish: true }),
    });
    const first = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: {
        propertyId,
        recipients: [
          ...recipients(3),
          { rowKey: 'noted', name: 'Ann', email: 'ANN@Example.com', note: 'VIP' },
        ],
        buyerName: 'Acme ehf.',
        buyerEmail: 'buyer@acme.is',
      },
    });
    expect(first.created).toBe(4);
    expect(first.stock).toBe(6);
    expect(first.cards.map((c) => c.rowKey)).toEqual(['row-0', 'row-1', 'row-2', 'noted']);
    for (const c of first.cards) {
      expect(c.generatedId).toMatch(CODE);
      expect(c).toMatchObject({
        giftCardTypeId: type.id,
        title: 'Bulk',
        kind: 'gift_card',
        booked: false,
        delivered: false,
        price: 300,
        netPrice: 280,
        sourceOfSale: 'back_office',
        buyerName: 'Acme ehf.',
        supplierName: expect.any(String),
        agentBooking: null,
        expirationDate: addMonthsToDay(today(), 48),
      });
    }
    expect(first.cards[3]).toMatchObject({ name: 'Ann', email: 'ann@example.com', notes: 'VIP' });
    expect(new Set(first.cards.map((c) => c.generatedId)).size).toBe(4);

    // The same rows again, with two more: only the two are issued; the others come back as they were.
    const again = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(5), expirationDate: day(10), netPrice: 0 },
    });
    expect(again.created).toBe(2);
    expect(again.stock).toBe(4);
    expect(again.cards.slice(0, 3).map((c) => c.id)).toEqual(first.cards.slice(0, 3).map((c) => c.id));
    expect(again.cards[4]).toMatchObject({ expirationDate: day(10), netPrice: 0 });
    const count = await server.db.one<{ n: number }>(
      'select count(*)::int as n from gift_cards where gift_card_type_id = $1',
      [type.id],
    );
    expect(Number(count!.n)).toBe(6);

    // More rows than the stock: none is issued.
    const over = await refusal(
      hotelier.giftCards.issue({
        params: { id: type.id },
        body: { propertyId, recipients: recipients(5, 'more') },
      }),
    );
    expect(over).toMatchObject({ status: 409, code: 'out_of_stock', params: { stock: 4, asked: 5 } });
    expect(
      (await hotelier.giftCards.typeSizes({ query: { propertyId } })).items.find((s) => s.id === type.id),
    ).toMatchObject({ issued: 6, stock: 4 });
    // A past custom expiry, a repeated row key, a bad e-mail.
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: type.id },
          body: { propertyId, recipients: recipients(1, 'late'), expirationDate: day(-1) },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'expiration_past', params: { today: today() } });
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: type.id },
          body: { propertyId, recipients: [...recipients(1, 'dup'), ...recipients(1, 'dup')] },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: type.id },
          body: { propertyId, recipients: [{ rowKey: 'bad', name: 'Bad', email: 'not-an-email' }] },
        }),
      ),
    ).toMatchObject({ status: 400 });
  });

  it('a repeated Idempotency-Key replays the first reply; the same key with other rows is refused', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Keyed', limit: 5 }) });
    const key = `issue-${type.id}`;
    const send = (rows: ReturnType<typeof recipients>) =>
      hotelier.giftCards.issue(
        { params: { id: type.id }, body: { propertyId, recipients: rows } },
        { idempotencyKey: key },
      );
    const first = await send(recipients(2, 'keyed'));
    const replay = await send(recipients(2, 'keyed'));
    expect(replay).toEqual(first);
    expect(replay.created).toBe(2);
    expect(await refusal(send(recipients(3, 'keyed')))).toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
    expect(
      (await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).issued,
    ).toBe(2);
  });

  it('50 calls at once for a type with 10 left: exactly 10 issued, 40 out of stock', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Race', limit: 12 }) });
    await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(2, 'pre') },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        hotelier.giftCards.issue({
          params: { id: type.id },
          body: {
            propertyId,
            recipients: [{ rowKey: `race-${i}`, name: `R ${i}`, email: `r${i}@example.com` }],
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.code === 'out_of_stock',
    );
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    const row = await server.db.one<{ issued: number; n: number }>(
      `select t.issued, (select count(*)::int from gift_cards c where c.gift_card_type_id = t.id) as n
         from gift_card_types t where t.id = $1`,
      [type.id],
    );
    expect({ issued: row!.issued, n: Number(row!.n) }).toEqual({ issued: 12, n: 12 });
  });

  it('a type whose date has passed issues no card expired already, unless the cards get a date of their own', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Dated', limit: 5, expirationType: 1, absoluteExpirationDate: day(5) }),
    });
    const first = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(1, 'dated') },
    });
    expect(first.cards[0]!.expirationDate).toBe(day(5));
    // The day comes and goes (the type keeps its date).
    await server.db.query('update gift_card_types set absolute_expiration_date = $2 where id = $1', [
      type.id,
      day(-1),
    ]);
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: type.id },
          body: { propertyId, recipients: recipients(1, 'late') },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'expiration_past', params: { today: today() } });
    const copy = await hotelier.giftCards.duplicateType({ params: { id: type.id }, body: { propertyId } });
    expect(
      await refusal(
        hotelier.giftCards.issue({
          params: { id: copy.id },
          body: { propertyId, recipients: recipients(1, 'copy') },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'expiration_past' });
    // A rerun of a row issued before still answers its card; cards given a date of their own are issued.
    const rerun = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(1, 'dated') },
    });
    expect(rerun).toMatchObject({ created: 0, cards: [{ id: first.cards[0]!.id }] });
    const dated = await hotelier.giftCards.issue({
      params: { id: type.id },
      body: { propertyId, recipients: recipients(1, 'late'), expirationDate: day(30) },
    });
    expect(dated).toMatchObject({ created: 1, cards: [{ expirationDate: day(30) }] });
    expect(
      (await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).issued,
    ).toBe(2);
  });

  it('the same rows sent twice at once (another key each) are issued once', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Rerun', limit: 20 }) });
    const rows = recipients(8, 'csv');
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        hotelier.giftCards.issue({ params: { id: type.id }, body: { propertyId, recipients: rows } }),
      ),
    );
    expect(replies.map((r) => r.created).sort()).toEqual([0, 0, 0, 8]);
    const ids = replies.map((r) => r.cards.map((c) => c.id).join());
    expect(new Set(ids).size).toBe(1);
    const after = await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } });
    expect(after).toMatchObject({ issued: 8, stock: 12 });
  });
});

describe('issued cards', () => {
  let typeId: string;
  let cards: { id: string; generatedId: string }[];
  beforeAll(async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Orders', limit: 10 }) });
    typeId = type.id;
    cards = (
      await hotelier.giftCards.issue({
        params: { id: typeId },
        body: { propertyId, recipients: recipients(4, 'order') },
      })
    ).cards;
  });

  it('are listed 10 a page with the filters and sorts of the orders page', async () => {
    const page = await hotelier.giftCards.list({ query: { propertyId } });
    expect(page.meta.limit).toBe(10);
    expect(page.items.length).toBeLessThanOrEqual(10);
    const newest = page.items.map((c) => c.createdAt);
    expect([...newest].sort().reverse()).toEqual(newest);
    const ofType = await hotelier.giftCards.list({
      query: { propertyId, giftCardTypeId: typeId, orderBy: 'code', orderDirection: 'asc' },
    });
    expect(ofType.meta.total).toBe(4);
    expect(ofType.items.map((c) => c.generatedId)).toEqual(cards.map((c) => c.generatedId).sort());
    const byTerm = await hotelier.giftCards.list({
      query: { propertyId, term: cards[2]!.generatedId.toLowerCase() },
    });
    expect(byTerm.items.map((c) => c.id)).toEqual([cards[2]!.id]);
    await hotelier.giftCards.markUsed({
      params: { id: cards[0]!.id },
      body: { propertyId, notes: 'Stayed' },
    });
    await hotelier.giftCards.markDelivered({ params: { id: cards[1]!.id }, body: { propertyId } });
    const used = await hotelier.giftCards.list({
      query: { propertyId, giftCardTypeId: typeId, booked: true },
    });
    expect(used.items.map((c) => c.id)).toEqual([cards[0]!.id]);
    const unused = await hotelier.giftCards.list({
      query: { propertyId, giftCardTypeId: typeId, booked: 'false' },
    });
    expect(unused.meta.total).toBe(3);
    const sent = await hotelier.giftCards.list({
      query: { propertyId, giftCardTypeId: typeId, delivered: true },
    });
    expect(sent.items.map((c) => c.id)).toEqual([cards[1]!.id]);
    expect(
      (await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: typeId, sendByLetter: true } }))
        .meta.total,
    ).toBe(0);
    expect(
      (await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: typeId, kind: 'upsell' } })).meta
        .total,
    ).toBe(0);
    expect(
      (
        await hotelier.giftCards.list({
          query: { propertyId, giftCardTypeId: typeId, soldFrom: today(), soldTo: today() },
        })
      ).meta.total,
    ).toBe(4);
    expect(
      (await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: typeId, soldFrom: day(1) } }))
        .meta.total,
    ).toBe(0);
    expect(
      (await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: typeId, soldTo: day(-1) } })).meta
        .total,
    ).toBe(0);
    expect(
      await refusal(hotelier.giftCards.list({ query: { propertyId, soldFrom: day(1), soldTo: day(0) } })),
    ).toMatchObject({ status: 400 });
  });

  it('mark used needs a note and happens once, even asked twice at once; mark unused and delivered likewise', async () => {
    const card = cards[2]!;
    expect(
      await refusal(
        hotelier.giftCards.markUsed({ params: { id: card.id }, body: { propertyId, notes: '  ' } }),
      ),
    ).toMatchObject({ status: 400 });
    const both = await Promise.allSettled([
      hotelier.giftCards.markUsed({ params: { id: card.id }, body: { propertyId, notes: 'first' } }),
      hotelier.giftCards.markUsed({ params: { id: card.id }, body: { propertyId, notes: 'second' } }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, code: 'gift_card_used' });
    const unused = await hotelier.giftCards.markUnused({
      params: { id: card.id },
      body: { propertyId, notes: 'Given back' },
    });
    expect(unused).toMatchObject({ booked: false, notes: 'Given back' });
    expect(
      await refusal(
        hotelier.giftCards.markUnused({ params: { id: card.id }, body: { propertyId, notes: 'again' } }),
      ),
    ).toMatchObject({ status: 409, code: 'gift_card_not_used' });
    const delivered = await hotelier.giftCards.markDelivered({
      params: { id: card.id },
      body: { propertyId },
    });
    expect(delivered.delivered).toBe(true);
    expect(
      await refusal(hotelier.giftCards.markDelivered({ params: { id: card.id }, body: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'gift_card_delivered' });
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'giftCard', objectId: card.id } });
    expect(trail.items.map((e) => e.action)).toEqual(['markDelivered', 'markUnused', 'markUsed']);
  });

  it('mark unused is refused once the stay it paid for has begun, unless that booking is cancelled', async () => {
    const card = cards[3]!;
    // Which property the demo bookings land at follows the day's search order: take any booking no card has.
    const booking = (await freeBookings(1))[0]!;
    await hotelier.giftCards.markUsed({ params: { id: card.id }, body: { propertyId, notes: 'Booked' } });
    await server.db.query('update gift_cards set booking_id = $2, booking_type = $3 where id = $1', [
      card.id,
      booking.id,
      'normal',
    ]);
    const setBooking = (arrival: string, status: string) =>
      server.db.query(
        `update bookings set arrival_date = $2::date, departure_date = $2::date + 2, status = $3 where id = $1`,
        [booking.id, arrival, status],
      );
    const unuse = () =>
      hotelier.giftCards.markUnused({ params: { id: card.id }, body: { propertyId, notes: 'Undo' } });

    await setBooking(day(-1), 'new');
    expect(await refusal(unuse())).toMatchObject({
      status: 409,
      code: 'gift_card_consumed',
      params: { arrival: day(-1) },
    });
    const shown = await hotelier.giftCards.get({ params: { id: card.id }, query: { propertyId } });
    expect(shown.agentBooking).toMatchObject({
      bookingId: booking.id,
      reservationId: booking.reservation_id,
      arrivalDate: day(-1),
      status: 'new',
      bookingType: 'normal',
    });
    expect(shown.booked).toBe(true);
    await setBooking(day(-1), 'canceled');
    expect(await unuse()).toMatchObject({ booked: false, notes: 'Undo' });
    // A cancelled booking is not cancelled again.
    expect(
      await server.db.query(
        `select 1 from booking_history where booking_id = $1 and details ? 'giftCardId'`,
        [booking.id],
      ),
    ).toHaveLength(0);
  });

  it('mark unused of a card whose booking is still to come cancels that booking in the same transaction', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Unused cancels', limit: 3 }),
    });
    const [card, other] = (
      await hotelier.giftCards.issue({
        params: { id: type.id },
        body: { propertyId, recipients: recipients(2, 'unused-cancels') },
      })
    ).cards;
    // Bookings no card was used for yet (a multi-property card's booking may be at another property).
    const [booking, second] = await freeBookings(2);
    expect(second).toBeTruthy();
    const link = async (cardId: string, bookingId: string, arrival: string) => {
      await hotelier.giftCards.markUsed({ params: { id: cardId }, body: { propertyId, notes: 'Booked' } });
      await server.db.query('update gift_cards set booking_id = $2, booking_type = $3 where id = $1', [
        cardId,
        bookingId,
        'upsell',
      ]);
      await server.db.query(
        `update bookings set arrival_date = $2::date, departure_date = $2::date + 2, status = 'new' where id = $1`,
        [bookingId, arrival],
      );
      await server.db.query(`update booking_rooms set status = 'booked' where booking_id = $1`, [bookingId]);
    };
    const state = async (bookingId: string) => ({
      status: (await server.db.one<{ status: string }>('select status from bookings where id = $1', [
        bookingId,
      ]))!.status,
      rooms: (
        await server.db.query<{ status: string }>(`select status from booking_rooms where booking_id = $1`, [
          bookingId,
        ])
      ).map((r) => r.status),
      history: (
        await server.db.query<{ action: string; details: { giftCardId?: string } }>(
          `select action, details from booking_history
            where booking_id = $1 and action = 'canceled' and details ? 'giftCardId'`,
          [bookingId],
        )
      ).map((h) => ({ action: h.action, giftCardId: h.details.giftCardId })),
    });

    // Arriving today: not yet passed, so it is cancelled with the card.
    await link(card!.id, booking!.id, day(0));
    const unused = await hotelier.giftCards.markUnused({
      params: { id: card!.id },
      body: { propertyId, notes: 'Guest asked for the card back' },
    });
    expect(unused).toMatchObject({
      booked: false,
      agentBooking: { bookingId: booking!.id, status: 'canceled' },
    });
    const after = await state(booking!.id);
    expect(after.status).toBe('canceled');
    expect(after.rooms.length).toBeGreaterThan(0);
    expect(new Set(after.rooms)).toEqual(new Set(['canceled']));
    expect(after.history).toEqual([{ action: 'canceled', giftCardId: card!.id }]);
    const admin = server.client(await server.signIn('admin'));
    const trail = await admin.admin.audit({ query: { objectType: 'giftCard', objectId: card!.id } });
    expect(trail.items[0]).toMatchObject({ action: 'markUnused' });

    // One transaction: a failing card write leaves the booking as it was.
    await link(other!.id, second!.id, day(3));
    await server.db.query(
      `create or replace function refuse_unused() returns trigger language plpgsql as $$
       begin if old.booked and not new.booked then raise exception 'refused for the test'; end if; return new; end $$`,
    );
    await server.db.query(
      'create trigger refuse_unused before update on gift_cards for each row execute function refuse_unused()',
    );
    try {
      expect(
        await refusal(
          hotelier.giftCards.markUnused({ params: { id: other!.id }, body: { propertyId, notes: 'Undo' } }),
        ),
      ).toMatchObject({ status: 500 });
    } finally {
      await server.db.query('drop trigger refuse_unused on gift_cards');
      await server.db.query('drop function refuse_unused');
    }
    expect(await state(second!.id)).toMatchObject({ status: 'new', history: [] });
    expect(new Set((await state(second!.id)).rooms)).toEqual(new Set(['booked']));
  });

  it('the booking drawer cancels a booking arriving today or later; the card stays used until reissued', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Drawer cancel', limit: 3 }),
    });
    const [card, bare] = (
      await hotelier.giftCards.issue({
        params: { id: type.id },
        body: { propertyId, recipients: recipients(2, 'drawer-cancel') },
      })
    ).cards;
    const booking = (await freeBookings(1))[0]!;
    await hotelier.giftCards.markUsed({ params: { id: card!.id }, body: { propertyId, notes: 'Booked' } });
    await server.db.query('update gift_cards set booking_id = $2, booking_type = $3 where id = $1', [
      card!.id,
      booking.id,
      'normal',
    ]);
    const setBooking = (arrival: string, status: string) =>
      server.db.query(
        `update bookings set arrival_date = $2::date, departure_date = $2::date + 2, status = $3 where id = $1`,
        [booking.id, arrival, status],
      );
    const cancel = (id: string) => hotelier.giftCards.cancelBooking({ params: { id }, body: { propertyId } });

    expect(await refusal(cancel(bare!.id))).toMatchObject({ status: 409, code: 'gift_card_no_booking' });
    // One day boundary with mark unused: refused once the arrival has passed, offered on the arrival day itself.
    await setBooking(day(-1), 'new');
    expect(await refusal(cancel(card!.id))).toMatchObject({
      status: 409,
      code: 'gift_card_booking_started',
      params: { arrival: day(-1) },
    });
    expect(
      await refusal(rival.giftCards.cancelBooking({ params: { id: card!.id }, body: { propertyId } })),
    ).toMatchObject({ status: 404 });
    await setBooking(day(0), 'modified');
    const both = await Promise.allSettled([cancel(card!.id), cancel(card!.id)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      code: 'booking_already_cancelled',
    });
    const shown = await hotelier.giftCards.get({ params: { id: card!.id }, query: { propertyId } });
    expect(shown).toMatchObject({ booked: true, agentBooking: { status: 'canceled' } });
    expect(
      await server.db.query(`select 1 from booking_history where booking_id = $1 and action = 'canceled'`, [
        booking.id,
      ]),
    ).toHaveLength(1);
    // Reissued: a mark unused, which has no booking left to cancel.
    expect(
      await hotelier.giftCards.markUnused({
        params: { id: card!.id },
        body: { propertyId, notes: 'Reissued' },
      }),
    ).toMatchObject({ booked: false });
    expect(
      await server.db.query(`select 1 from booking_history where booking_id = $1 and action = 'canceled'`, [
        booking.id,
      ]),
    ).toHaveLength(1);
  });

  it('sort by expiration either way, and filter by e-mail delivery and the gift-card kind', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Expiring', limit: 3 }) });
    for (const [i, offset] of [40, 10, 25].entries())
      await hotelier.giftCards.issue({
        params: { id: type.id },
        body: { propertyId, recipients: recipients(1, `expiring-${i}`), expirationDate: day(offset) },
      });
    const order = async (orderDirection: 'asc' | 'desc') =>
      (
        await hotelier.giftCards.list({
          query: { propertyId, giftCardTypeId: type.id, orderBy: 'expiration', orderDirection },
        })
      ).items.map((c) => c.expirationDate);
    expect(await order('asc')).toEqual([day(10), day(25), day(40)]);
    expect(await order('desc')).toEqual([day(40), day(25), day(10)]);
    const byEmail = await hotelier.giftCards.list({
      query: { propertyId, giftCardTypeId: type.id, sendByLetter: false, kind: 'gift_card' },
    });
    expect(byEmail.meta.total).toBe(3);
  });

  it('details: the expiry not before today, a name, a valid e-mail', async () => {
    const card = cards[1]!;
    expect(
      await refusal(
        hotelier.giftCards.updateDetails({
          params: { id: card.id },
          body: { propertyId, expirationDate: day(-1), name: 'Jo', email: 'jo@example.com' },
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'expiration_past',
      fields: [expect.objectContaining({ field: 'expirationDate' })],
    });
    expect(
      await refusal(
        hotelier.giftCards.updateDetails({
          params: { id: card.id },
          body: { propertyId, expirationDate: day(3), name: '', email: 'jo@example.com' },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        hotelier.giftCards.updateDetails({
          params: { id: card.id },
          body: { propertyId, expirationDate: day(3), name: 'Jo', email: 'jo@' },
        }),
      ),
    ).toMatchObject({ status: 400 });
    const changed = await hotelier.giftCards.updateDetails({
      params: { id: card.id },
      body: { propertyId, expirationDate: today(), name: 'Jo Jónsdóttir', email: 'Jo@Example.com' },
    });
    expect(changed).toMatchObject({
      expirationDate: today(),
      name: 'Jo Jónsdóttir',
      email: 'jo@example.com',
    });
  });
});
