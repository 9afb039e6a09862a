import {
  type GiftCardTypeCreateBody,
  PAYMENT_RETURN_QUERY,
  type StoreInput,
  type TernClient,
} from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { paySession } from './helpers/store.js';
import { until } from './helpers/until.js';

// The group stores of a multi-property gift card type (document 2 §7 `group_stores`, endpoints I2; DECISIONS
// "Group stores"): the stores of every hotel of the type, which its `storeIds` may name. The demo hotelier works
// at harbour-view and laugavegur-townhouse (in one currency); staff@ at harbour-view only. A type of harbour-view sold
// in laugavegur's store is in that store's storefront.

let server: TestServer;
let hotelier: TernClient;
let staff: TernClient;
let harbour: string;
let laugavegur: string;
let harbourStore: string;
let laugavegurStore: string;
let plan: { roomTypeId: string; ratePlanId: string };
let theirs: { propertyId: string; roomTypeId: string; ratePlanId: string };

const idOf = async (sql: string, params: unknown[] = []) =>
  (await server.db.one<{ id: string }>(sql, params))!.id;
const planOf = (propertyId: string) =>
  server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  );
const storeInput = (slugName: string): StoreInput => ({
  name: `Store ${slugName}`,
  slugName,
  titleFont: 'Lato',
  textFont: 'Lato',
  termsAndConditions: '<p>Terms</p>',
  bannerTitle: 'Gifts',
  bannerParagraph: 'Stays to give',
});
const typeBody = (over: Partial<GiftCardTypeCreateBody> = {}): GiftCardTypeCreateBody => ({
  propertyId: harbour,
  giftcardType: 1,
  title: 'Two hotels',
  description: '<p>Two nights at either</p>',
  price: 300,
  limit: 10,
  storeIds: [laugavegurStore],
  ratePlans: [plan, theirs],
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  staff = server.client(await server.signIn('staff'));
  harbour = await idOf(`select id from properties where key = 'harbour-view'`);
  laugavegur = await idOf(`select id from properties where key = 'laugavegur-townhouse'`);
  harbourStore = await idOf(`select id from stores where slug = 'harbour-view'`);
  laugavegurStore = (
    await hotelier.stores.create({ body: { propertyId: laugavegur, store: storeInput('laugavegur-gifts') } })
  ).id;
  const here = (await planOf(harbour))!;
  plan = { roomTypeId: here.unit_id, ratePlanId: here.id };
  const there = (await planOf(laugavegur))!;
  theirs = { propertyId: laugavegur, roomTypeId: there.unit_id, ratePlanId: there.id };
}, 180_000);
afterAll(() => server?.close());

describe('group stores (I2)', () => {
  it('lists the stores of the type’s hotels, its own first, each with its hotel', async () => {
    const { items } = await hotelier.stores.groupStores({
      query: { propertyId: harbour, propertyIds: [laugavegur] },
    });
    const hotels = items.map((s) => s.propertyId);
    expect(hotels.indexOf(laugavegur)).toBeGreaterThan(hotels.lastIndexOf(harbour));
    expect(items).toContainEqual(
      expect.objectContaining({ id: harbourStore, propertyId: harbour, propertyTitle: expect.any(String) }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        id: laugavegurStore,
        propertyId: laugavegur,
        slugName: 'laugavegur-gifts',
        status: 'active',
        publicPath: '/laugavegur-gifts',
      }),
    );
    // Without other hotels: the property's own.
    const own = await hotelier.stores.groupStores({ query: { propertyId: harbour } });
    expect(own.items.map((s) => s.propertyId)).toEqual(own.items.map(() => harbour));
    expect(own.items.map((s) => s.id)).toContain(harbourStore);
  });

  it('names no hotel the caller does not work at', async () => {
    expect(
      await refusedWith(
        staff.stores.groupStores({ query: { propertyId: harbour, propertyIds: [laugavegur] } }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
    const foreign = await idOf(`select id from properties where key = 'casa-alfama'`);
    expect(
      await refusedWith(
        hotelier.stores.groupStores({ query: { propertyId: harbour, propertyIds: [foreign] } }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
  });
});

describe('a multi-property type’s stores', () => {
  it('may be stores of any of its hotels, and the store of the other hotel sells it', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ storeIds: [harbourStore, laugavegurStore], publish: true }),
    });
    expect(type.storeIds).toEqual([harbourStore, laugavegurStore]);
    const visitor = server.client();
    const front = await visitor.store.get({ params: { storeSlug: 'laugavegur-gifts' } });
    expect(front.types.map((t) => t.id)).toContain(type.id);
    expect(
      (await visitor.store.type({ params: { storeSlug: 'laugavegur-gifts', typeId: type.id } })).id,
    ).toBe(type.id);
  });

  it('bought in the other hotel’s store: paid to that hotel, its purchase and card, redeemed at either hotel', async () => {
    const type = await hotelier.giftCards.createType({
      body: typeBody({ title: 'Sold next door', storeIds: [laugavegurStore], publish: true }),
    });
    const visitor = server.client();
    const storeSlug = 'laugavegur-gifts';
    const { total } = await visitor.store.cartPrices({
      params: { storeSlug },
      body: { items: [{ id: type.id, quantity: 1 }] },
    });
    const held = await visitor.store.checkout({
      params: { storeSlug },
      body: {
        locale: 'en',
        cards: [{ giftCardTypeId: type.id, delivery: 'email', name: 'Anna', email: 'anna@example.test' }],
        payer: {
          firstName: 'Jón',
          lastName: 'Jónsson',
          address: 'Laugavegur 1',
          phone: '5551234',
          email: 'jon@example.test',
        },
        termsAccepted: true,
        expectedTotal: total,
      },
    });
    const session = new URL(held.redirectUrl);
    const paid = await paySession(session.origin, session.pathname.replace(/^\/pay\//, ''));
    expect(paid.status).toBe(200);
    const back = new URL(((await paid.json()) as { returnUrl: string }).returnUrl);
    expect(back.pathname).toBe(`/${storeSlug}/confirmation`);
    const query = {
      referenceNumber: back.searchParams.get(PAYMENT_RETURN_QUERY.referenceNumber)!,
      propertyId: back.searchParams.get(PAYMENT_RETURN_QUERY.propertyId)!,
      digitalSignature: back.searchParams.get(PAYMENT_RETURN_QUERY.digitalSignature)!,
    };
    // The selling store's hotel signs the return and takes the money (its provider, its purchases page).
    expect(query.propertyId).toBe(laugavegur);
    await until(
      () => visitor.store.purchaseStatus({ params: { storeSlug }, query }),
      (answer) => answer.status === 'issued',
    );
    const sold = (await server.db.one<{ checkout: string; purchase: string; card: string; code: string }>(
      `select s.property_id as checkout, p.property_id as purchase, c.property_id as card, c.generated_id as code
         from store_checkouts s
         join gift_card_purchases p on p.store_checkout_id = s.id
         join gift_cards c on c.purchase_id = p.id
        where s.reference_number = $1`,
      [query.referenceNumber],
    ))!;
    expect(sold).toMatchObject({ checkout: laugavegur, purchase: laugavegur, card: laugavegur });
    // Redeemed where the type's rates are: both hotels.
    const card = await visitor.redemption.card({ params: { code: sold.code } });
    expect(card.properties.map((p) => p.id).sort()).toEqual([harbour, laugavegur].sort());
  });

  it('names no store of a hotel that is not the type’s', async () => {
    // A single-property type keeps to its property's stores.
    const single = await refusedWith(
      hotelier.giftCards.createType({ body: typeBody({ giftcardType: 0, ratePlans: [plan] }) }),
    );
    expect(single).toEqual({ status: 400, code: 'store_not_found' });
    // A multi-property type whose plans are at harbour-view only: laugavegur is none of its hotels.
    expect(
      await refusedWith(hotelier.giftCards.createType({ body: typeBody({ ratePlans: [plan] }) })),
    ).toEqual({ status: 400, code: 'store_not_found' });
    // A store of another company's property.
    const foreign = await idOf(
      `insert into stores (property_id, name, slug, title_font, text_font)
       select id, 'Alfama gifts', 'alfama-gifts', 'Lato', 'Lato' from properties where key = 'casa-alfama'
       returning id`,
    );
    expect(
      await refusedWith(hotelier.giftCards.createType({ body: typeBody({ storeIds: [foreign] }) })),
    ).toEqual({ status: 400, code: 'store_not_found' });
  });

  it('staff of one hotel keep its stores at the other, and add none there', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Kept stores' }) });
    // Staff of harbour-view only: not a store of laugavegur for a type of their own hotel…
    expect(
      await refusedWith(
        staff.giftCards.createType({ body: typeBody({ giftcardType: 0, ratePlans: [plan], title: 'Mine' }) }),
      ),
    ).toEqual({ status: 400, code: 'store_not_found' });
    // …but the manager's type keeps the store it sells in there, and takes their own hotel's too.
    const kept = await staff.giftCards.updateType({
      params: { id: type.id },
      body: typeBody({ title: 'Kept stores, renamed', storeIds: [laugavegurStore, harbourStore] }),
    });
    expect(kept.storeIds).toEqual([laugavegurStore, harbourStore]);
    const another = (
      await hotelier.stores.create({ body: { propertyId: laugavegur, store: storeInput('laugavegur-two') } })
    ).id;
    expect(
      await refusedWith(
        staff.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ storeIds: [laugavegurStore, another] }),
        }),
      ),
    ).toEqual({ status: 400, code: 'store_not_found' });
    // The manager adds it; leaving the hotel leaves its stores too.
    expect(
      (
        await hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ storeIds: [laugavegurStore, another] }),
        })
      ).storeIds,
    ).toEqual([laugavegurStore, another]);
    expect(
      await refusedWith(
        hotelier.giftCards.updateType({
          params: { id: type.id },
          body: typeBody({ ratePlans: [plan], storeIds: [harbourStore, another] }),
        }),
      ),
    ).toEqual({ status: 400, code: 'store_not_found' });
  });
});

describe('a hotel in another currency', () => {
  it('sells none of the type’s cards: its stores are not the type’s group stores', async () => {
    const was = (await server.db.one<{ currency: string }>('select currency from properties where id = $1', [
      laugavegur,
    ]))!.currency;
    expect(was).not.toBe('EUR');
    await server.db.query(`update properties set currency = 'EUR' where id = $1`, [laugavegur]);
    try {
      const { items } = await hotelier.stores.groupStores({
        query: { propertyId: harbour, propertyIds: [laugavegur] },
      });
      expect(items.map((s) => s.propertyId)).not.toContain(laugavegur);
      expect(
        await refusedWith(hotelier.giftCards.createType({ body: typeBody({ title: 'Two currencies' }) })),
      ).toEqual({ status: 400, code: 'store_not_found' });
    } finally {
      await server.db.query('update properties set currency = $2 where id = $1', [laugavegur, was]);
    }
  });
});
