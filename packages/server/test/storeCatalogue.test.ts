import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAt } from '../src/clock.js';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { storeBody, storeWorld } from './helpers/store.js';

// The public store's catalogue (document 3 §1, §2.1–§2.2, §3, §5): an active store by its slug in any case, the
// published types it sells in its order with their stock, one type, and a cart priced by the server with a
// promo code (its property's, in any case, active, in its dates in the property's zone, uses left, on the
// types it applies to). Anything else of anyone's is not there (404), and hostile carts are refused at the edge.

let server: TestServer;
let visitor: TernClient;
let hotelier: TernClient;
let propertyId: string;
let otherPropertyId: string;
let storeId: string;
let otherStoreId: string;
const slug = `Gift-Shop-${Date.now()}`;
const types: Record<'a' | 'b' | 'draft' | 'archived' | 'elsewhere' | 'foreign', string> = {
  a: '',
  b: '',
  draft: '',
  archived: '',
  elsewhere: '',
  foreign: '',
};

let makeType: Awaited<ReturnType<typeof storeWorld>>['makeType'];

beforeAll(async () => {
  server = await startTestServer();
  const world = await storeWorld(server, [slug, `${slug}-two`]);
  ({ visitor, hotelier, propertyId, makeType } = world);
  [storeId, otherStoreId] = world.storeIds as [string, string];
  otherPropertyId = (await server.db.one<{ id: string }>(
    `select id from properties where key = 'casa-alfama'`,
  ))!.id;
  types.a = await makeType('One night', [storeId], {
    description:
      '<p onclick="steal()">A <strong>quiet</strong> night<script>alert(1)</script></p><img src=x onerror=alert(1)>',
  });
  types.b = await makeType('Two nights', [storeId, otherStoreId], {
    price: 30_000,
    netPrice: 25_000,
    limit: 3,
  });
  types.draft = await makeType('Draft', [storeId], { publish: false });
  types.archived = await makeType('Old offer', [storeId]);
  await server.db.query(`update gift_card_types set status = 'archived' where id = $1`, [types.archived]);
  types.elsewhere = await makeType('Elsewhere', [otherStoreId]);
  types.foreign = (await server.db.one<{ id: string }>(
    `insert into gift_card_types (property_id, title, description, price, card_limit, status, expiration_duration,
              expiration_unit, length_of_stay, reservation_value)
       values ($1, 'Weekend', 'Two nights', 300, 10, 'published', 48, 'months', 2, 0) returning id`,
    [otherPropertyId],
  ))!.id;
  // One card of B issued: its stock is 3 − 1.
  await server.db.query('update gift_card_types set issued = 1 where id = $1', [types.b]);
}, 120_000);
afterAll(() => server?.close());

describe('the storefront', () => {
  it('answers an active store by its slug in any case, with the published types it sells in order', async () => {
    for (const asked of [slug, slug.toLowerCase(), slug.toUpperCase()]) {
      const front = await visitor.store.get({ params: { storeSlug: asked } });
      expect(front.store).toMatchObject({
        id: storeId,
        slug,
        name: 'Harbour gifts',
        allowPickupAtHotel: false,
      });
      expect(front.property).toMatchObject({ id: propertyId, currency: 'ISK', icelandicOnly: false });
      expect(front.settings).toMatchObject({
        bannerTitle: 'Give a night',
        termsAndConditions: 'No cash value.',
      });
      expect(front.types.map((t) => t.id)).toEqual([types.a, types.b]);
    }
  });

  it('gives each type its price, discount, stock, hotels and a sanitised description', async () => {
    const front = await visitor.store.get({ params: { storeSlug: slug } });
    const [a, b] = front.types;
    expect(a).toMatchObject({ price: 20_000, netPrice: 20_000, discount: null, stock: 5, lengthOfStay: 1 });
    expect(b).toMatchObject({ price: 30_000, netPrice: 25_000, stock: 2, discount: { value: 5_000 } });
    expect(a!.hotelNames).toEqual([expect.any(String)]);
    expect(a!.description).toBe('<p>A <strong>quiet</strong> night</p>');
    expect(b!.priority).toBeGreaterThan(a!.priority);
  });

  it('says the property speaks Icelandic only when it is set so', async () => {
    await server.db.query('update properties set store_icelandic_only = true where id = $1', [propertyId]);
    try {
      expect((await visitor.store.get({ params: { storeSlug: slug } })).property.icelandicOnly).toBe(true);
    } finally {
      await server.db.query('update properties set store_icelandic_only = false where id = $1', [propertyId]);
    }
  });

  it('is not there for an inactive store, nor an unknown slug', async () => {
    const closed = `${slug}-closed`;
    const id = (
      await hotelier.stores.create({
        body: { propertyId, store: { ...storeBody(closed), status: 'inactive' } },
      })
    ).id;
    expect(id).toBeTruthy();
    for (const storeSlug of [closed, 'no-such-store-here'])
      expect(await refusedWith(visitor.store.get({ params: { storeSlug } }))).toEqual({
        status: 404,
        code: 'store_not_found',
      });
    expect(
      await refusedWith(visitor.store.type({ params: { storeSlug: closed, typeId: types.a } })),
    ).toMatchObject({ status: 404 });
  });
});

let holds = 0;
/** A checkout of the store holding one card of `typeId` (and the code's use) until `minutes` from now. */
async function hold(typeId: string, minutes: number, promoCodeId: string | null = null): Promise<void> {
  const reference = `HKDRWXYZ22${'23456789'[Math.floor(holds / 8)]}${'23456789'[holds++ % 8]}`;
  const checkout = (await server.db.one<{ id: string }>(
    `insert into store_checkouts (reference_number, store_id, property_id, locale, promo_code_id, currency, total,
            hold_expires_at, first_name, last_name, address, phone, email)
     values ($1, $2, $3, 'en', $4, 'ISK', 0, $5, 'Ada', 'Lovelace', 'Street 1', '555', 'ada@example.test')
     returning id`,
    [reference, storeId, propertyId, promoCodeId, new Date(server.clock.now().getTime() + minutes * 60_000)],
  ))!;
  await server.db.query(
    `insert into store_checkout_cards (checkout_id, position, gift_card_type_id, delivery, name, email, price, net_price)
     values ($1, 0, $2, 'email', 'Ada', 'ada@example.test', 0, 0)`,
    [checkout.id, typeId],
  );
}

describe('stock and open checkouts', () => {
  it('counts the cards open checkouts hold, not the expired holds', async () => {
    const stock = async () =>
      (await visitor.store.type({ params: { storeSlug: slug, typeId: types.b } })).stock;
    const before = await stock();
    await hold(types.b, 15);
    await hold(types.b, -1);
    expect(await stock()).toBe(before - 1);
    const front = await visitor.store.get({ params: { storeSlug: slug } });
    expect(front.types.find((t) => t.id === types.b)?.stock).toBe(before - 1);
    expect((await cart()).items[1]?.stock).toBe(before - 1);
    // The hold runs out: its card is for sale again, with no sweep.
    server.clock.advance(16 * 60_000);
    try {
      expect(await stock()).toBe(before);
    } finally {
      server.clock.advance(-16 * 60_000);
    }
    await server.db.query(`update store_checkouts set status = 'expired' where store_id = $1`, [storeId]);
  });

  it('counts a promo code’s uses held by open checkouts against its limit', async () => {
    const code = await promo('HELDUSE', { usageLimit: 2, usageCount: 1 });
    const id = (await server.db.one<{ id: string }>('select id from promo_codes where code = $1', [code]))!
      .id;
    expect((await cart(code)).promoCode).toBe(code);
    await hold(types.a, 15, id);
    expect(await refusedWith(cart(code))).toEqual({ status: 422, code: 'promo_code_invalid' });
    await server.db.query(`update store_checkouts set status = 'expired' where store_id = $1`, [storeId]);
    expect((await cart(code)).promoCode).toBe(code);
  });
});

describe('one type', () => {
  it('answers a published type the store sells', async () => {
    const type = await visitor.store.type({ params: { storeSlug: slug.toLowerCase(), typeId: types.b } });
    expect(type).toMatchObject({ id: types.b, title: 'Two nights', stock: 2, netPrice: 25_000 });
  });

  it('is not there for an unpublished, archived, other store’s or other property’s type', async () => {
    for (const typeId of [types.draft, types.archived, types.elsewhere, types.foreign])
      expect(await refusedWith(visitor.store.type({ params: { storeSlug: slug, typeId } }))).toEqual({
        status: 404,
        code: 'gift_card_type_not_found',
      });
  });
});

/** A promo code of the test's property, written as the test needs it. */
async function promo(
  code: string,
  over: {
    codeType?: 'percentage' | 'fixed_amount';
    amount?: number;
    status?: 'active' | 'inactive';
    validFrom?: string | null;
    validTo?: string | null;
    usageLimit?: number | null;
    usageCount?: number;
    appliesTo?: { store_id: string; gift_card_type_ids: string[] }[];
    propertyId?: string;
  } = {},
): Promise<string> {
  await server.db.query(
    `insert into promo_codes (property_id, name, code, code_type, amount, status, valid_from, valid_to, usage_limit,
            usage_count, applies_to)
     values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      over.propertyId ?? propertyId,
      code,
      over.codeType ?? 'percentage',
      over.amount ?? 10,
      over.status ?? 'active',
      over.validFrom ?? null,
      over.validTo ?? null,
      over.usageLimit ?? null,
      over.usageCount ?? 0,
      JSON.stringify(over.appliesTo ?? []),
    ],
  );
  return code;
}

const day = (offset: number) => {
  const today = todayAt(server.clock, 'Atlantic/Reykjavik');
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const cart = (
  promoCode?: string,
  items = [
    { id: types.a, quantity: 2 },
    { id: types.b, quantity: 1 },
  ],
) =>
  visitor.store.cartPrices({
    params: { storeSlug: slug },
    body: { items, ...(promoCode === undefined ? {} : { promoCode }) },
  });

describe('the cart’s prices', () => {
  it('prices each line at its net price with the stock left, the total in the property’s currency', async () => {
    expect(await cart()).toEqual({
      items: [
        { id: types.a, quantity: 2, price: 20_000, netPrice: 20_000, promoCodeApplied: false, stock: 5 },
        { id: types.b, quantity: 1, price: 30_000, netPrice: 25_000, promoCodeApplied: false, stock: 2 },
      ],
      promoCode: null,
      total: 65_000,
      currency: 'ISK',
    });
    expect((await cart('')).total).toBe(65_000);
  });

  it('takes a promo code off the cards it applies to, by its rules', async () => {
    const store = (ids: string[] = []) => [{ store_id: storeId, gift_card_type_ids: ids }];
    const cases: [string, Parameters<typeof promo>[1], [number, number] | 'invalid'][] = [
      ['a percentage on every store', { amount: 10 }, [18_000, 22_500]],
      [
        'a fixed amount on this store',
        { codeType: 'fixed_amount', amount: 5_000, appliesTo: store() },
        [15_000, 20_000],
      ],
      [
        'on one type only',
        { codeType: 'fixed_amount', amount: 5_000, appliesTo: store([types.b]) },
        [20_000, 20_000],
      ],
      ['never below 0', { codeType: 'fixed_amount', amount: 99_999 }, [0, 0]],
      ['ISK rounds to whole krónur, half up', { amount: 33.33 }, [13_334, 16_668]],
      ['from today to today', { validFrom: day(0), validTo: day(0) }, [18_000, 22_500]],
      ['one use left', { usageLimit: 3, usageCount: 2 }, [18_000, 22_500]],
      ['inactive', { status: 'inactive' }, 'invalid'],
      ['starting tomorrow', { validFrom: day(1) }, 'invalid'],
      ['ended yesterday', { validTo: day(-1) }, 'invalid'],
      ['used up', { usageLimit: 3, usageCount: 3 }, 'invalid'],
      ['for another store', { appliesTo: [{ store_id: otherStoreId, gift_card_type_ids: [] }] }, 'invalid'],
      ['for a type not in the cart', { appliesTo: store([types.draft]) }, 'invalid'],
      ['of another property', { propertyId: otherPropertyId }, 'invalid'],
    ];
    let n = 0;
    for (const [what, over, expected] of cases) {
      const code = await promo(`CODE${++n}X`, over);
      // Typed in any case.
      const call = cart(code.toLowerCase());
      if (expected === 'invalid') {
        const refused = await call.then(
          () => null,
          (e: unknown) => e,
        );
        expect(refused, what).toBeInstanceOf(ApiError);
        expect((refused as ApiError).status, what).toBe(422);
        expect((refused as ApiError).code, what).toBe('promo_code_invalid');
        expect(
          (refused as ApiError).fields?.map((f) => f.field),
          what,
        ).toEqual(['promoCode']);
        continue;
      }
      const prices = await call;
      expect(
        prices.items.map((i) => i.netPrice),
        what,
      ).toEqual(expected);
      expect(prices.promoCode, what).toBe(code);
      expect(prices.total, what).toBe(expected[0] * 2 + expected[1]);
      expect(
        prices.items.map((i) => i.promoCodeApplied),
        what,
      ).toEqual(expected.map((p, i) => p !== [20_000, 25_000][i]));
    }
    expect(await refusedWith(cart('NOSUCHCODE'))).toEqual({ status: 422, code: 'promo_code_invalid' });
  });

  it('rounds to the currency’s decimals: EUR cents', async () => {
    await server.db.query(`update properties set currency = 'EUR' where id = $1`, [propertyId]);
    try {
      const code = await promo('EUROS15', { amount: 15 });
      const prices = await cart(code, [{ id: types.a, quantity: 3 }]);
      // 20 000 less 15 % is whole; a price with cents is rounded to the cent.
      expect(prices).toMatchObject({ currency: 'EUR', total: 51_000 });
      await server.db.query('update gift_card_types set price = 99.99 where id = $1', [types.a]);
      const cents = await cart(code, [{ id: types.a, quantity: 3 }]);
      expect(cents.items[0]).toMatchObject({ price: 99.99, netPrice: 84.99 });
      expect(cents.total).toBe(254.97);
    } finally {
      await server.db.query(`update properties set currency = 'ISK' where id = $1`, [propertyId]);
      await server.db.query('update gift_card_types set price = 20000 where id = $1', [types.a]);
    }
  });

  it('refuses a type it does not sell (404) and hostile carts at the edge (400 with fields)', async () => {
    for (const id of [types.draft, types.elsewhere, types.foreign])
      expect(await refusedWith(cart(undefined, [{ id, quantity: 1 }]))).toEqual({
        status: 404,
        code: 'gift_card_type_not_found',
      });
    const raw = async (body: unknown) => {
      const reply = await server.fetch(`/api/v1/gift_cards_store/${slug}/cart_prices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: reply.status, body: (await reply.json()) as { fields?: { field: string }[] } };
    };
    const line = (over: Record<string, unknown>) => ({ items: [{ id: types.a, quantity: 1, ...over }] });
    const hostile: [string, unknown, string][] = [
      ['quantity 0', line({ quantity: 0 }), 'items.0.quantity'],
      ['quantity 11', line({ quantity: 11 }), 'items.0.quantity'],
      ['quantity -1', line({ quantity: -1 }), 'items.0.quantity'],
      ['quantity 1.5', line({ quantity: 1.5 }), 'items.0.quantity'],
      ['a non-uuid id', line({ id: "1' or 1=1 --" }), 'items.0.id'],
      ['11 items', { items: Array.from({ length: 11 }, () => ({ id: types.a, quantity: 1 })) }, 'items'],
      ['no items', { items: [] }, 'items'],
      ['a huge promo code', { ...line({}), promo_code: 'X'.repeat(10_000) }, 'promoCode'],
    ];
    for (const [what, body, field] of hostile) {
      const reply = await raw(body);
      expect(reply.status, what).toBe(400);
      expect(
        reply.body.fields?.map((f) => f.field),
        what,
      ).toContain(field);
    }
  });
});
