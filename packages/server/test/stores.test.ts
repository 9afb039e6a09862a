import { ApiError, type StoreInput, type TernClient } from '@tern/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// Gift-card stores (document 2 §2–§5, §8, §9; document 3 §5): a property's staff list, make and change them;
// a slug is unique across Tern whatever its case; logo and banner are uploads of the property; the types a
// store sells follow the types' stores and are ordered by priorities from 1; a type names only stores of its
// property, and offers pickup only while every one of its stores allows it.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let otherPropertyId: string;
let ratePlan: { roomTypeId: string; ratePlanId: string };

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, message: error.serverMessage, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};
let n = 0;
const storeBody = (over: Partial<StoreInput> = {}): StoreInput => ({
  name: 'Harbour gifts',
  slugName: `harbour-gifts-${++n}-${Date.now()}`,
  titleFont: 'Playfair Display',
  textFont: 'Lato',
  termsAndConditions: 'No cash value.',
  bannerTitle: 'Give a night',
  bannerParagraph: 'By the Old Harbour.',
  ...over,
});
const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 4, background: '#c0392b' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  const key = async (k: string) =>
    (await server.db.one<{ id: string }>('select id from properties where key = $1', [k]))!.id;
  propertyId = await key('harbour-view');
  otherPropertyId = await key('casa-alfama');
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by unit_id, id limit 1',
    [propertyId],
  ))!;
  ratePlan = { roomTypeId: plan.unit_id, ratePlanId: plan.id };
}, 120_000);
afterAll(() => server?.close());

const makeType = (title: string, storeIds: string[], offerPickupAtHotel = false) =>
  hotelier.giftCards.createType({
    body: {
      propertyId,
      title,
      description: '<p>A night</p>',
      price: 200,
      limit: 5,
      storeIds,
      ratePlans: [ratePlan],
      offerPickupAtHotel,
    },
  });

describe('gift-card stores', () => {
  it('the demo hotel has its store, listed and read with every setting', async () => {
    const list = await hotelier.stores.list({ query: { propertyId } });
    const demo = list.items.find((s) => s.slugName === 'harbour-view');
    expect(demo).toMatchObject({
      type: 'store',
      status: 'active',
      allowPickupAtHotel: true,
      publicPath: '/harbour-view',
    });
    const store = await hotelier.stores.get({ params: { id: demo!.id }, query: { propertyId } });
    expect(store).toMatchObject({
      propertyId,
      titleFont: 'Playfair Display',
      cornerStyle: 'rounded',
      tagColor: '#0F1015',
      allowCancellation: true,
      cancellationDeadlineDays: 2,
      logoUrl: null,
    });
  });

  it('are made with the defaults of document 2 §9 and changed, logo and banner being uploads of the property', async () => {
    const made = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    expect(made).toMatchObject({
      status: 'active',
      cornerStyle: 'rounded',
      tagColor: '#0F1015',
      allowPickupAtHotel: false,
      allowCancellation: false,
      cancellationDeadlineDays: 1,
      storeGiftCardTypes: [],
      purchaseConfirmationEmail: null,
    });
    const image = new File([(await png()) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' });
    const logo = await hotelier.photos.upload({ body: { image, propertyId } });
    const changed = await hotelier.stores.update({
      params: { id: made.id },
      body: {
        propertyId,
        store: storeBody({
          slugName: made.slugName,
          status: 'inactive',
          cornerStyle: 'sharp',
          tagColor: '#112233',
          logoUrl: logo.publicUrl,
          photoUrl: `${logo.publicUrl}?w=800`,
          purchaseConfirmationEmail: 'Sales@Harbour.example',
          allowPickupAtHotel: true,
          allowPickupAtHotelInfo: 'At the front desk',
          allowCancellation: true,
          cancellationDeadlineDays: 0,
        }),
      },
    });
    expect(changed).toMatchObject({
      status: 'inactive',
      cornerStyle: 'sharp',
      logoUrl: logo.publicUrl,
      photoUrl: logo.publicUrl,
      purchaseConfirmationEmail: 'sales@harbour.example',
      allowPickupAtHotelInfo: 'At the front desk',
      cancellationDeadlineDays: 0,
    });
    const trail = await server.db.query<{ action: string }>(
      `select action from audit_log where object_type = 'store' and object_id = $1 order by at`,
      [made.id],
    );
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);

    // Another property's upload is not this store's.
    const theirs = await rival.photos.upload({ body: { image, propertyId: otherPropertyId } });
    const notOurs = await refusal(
      hotelier.stores.update({
        params: { id: made.id },
        body: { propertyId, store: storeBody({ slugName: made.slugName, logoUrl: `${theirs.publicUrl}x` }) },
      }),
    );
    expect(notOurs).toMatchObject({ status: 400, fields: [{ field: 'store.logoUrl' }] });
  });

  it('refuse a slug taken anywhere (any case) with the words of document 2 §8, and bad fields', async () => {
    const first = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    const taken = await refusal(
      rival.stores.create({
        body: { propertyId: otherPropertyId, store: storeBody({ slugName: first.slugName.toUpperCase() }) },
      }),
    );
    expect(taken).toMatchObject({
      status: 409,
      code: 'store_slug_taken',
      message: 'Validation failed: Name has already been taken',
      fields: [{ field: 'store.slugName' }],
    });
    const second = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    expect(
      await refusal(
        hotelier.stores.update({
          params: { id: second.id },
          body: { propertyId, store: storeBody({ slugName: first.slugName }) },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'store_slug_taken' });

    // A store lives at `/{slug}`: an app page's first segment, a server path or a store page's word is taken
    // (core's one list: `booking`, `api` and `photos` were once accepted and could never open).
    for (const slugName of ['Bookings', 'booking', 'api', 'photos', 'assets', 'cart'])
      expect(
        await refusal(hotelier.stores.create({ body: { propertyId, store: storeBody({ slugName }) } })),
        slugName,
      ).toMatchObject({ status: 409, code: 'store_slug_taken' });

    const fieldsOf = async (over: Partial<StoreInput>) =>
      (await refusal(hotelier.stores.create({ body: { propertyId, store: storeBody(over) } }))).fields?.map(
        (f) => f.field,
      );
    expect(await fieldsOf({ slugName: 'no spaces' })).toEqual(['store.slugName']);
    expect(await fieldsOf({ slugName: 'ünicode' })).toEqual(['store.slugName']);
    expect(await fieldsOf({ titleFont: 'Comic Sans MS' as never })).toEqual(['store.titleFont']);
    expect(await fieldsOf({ tagColor: 'red' })).toEqual(['store.tagColor']);
    expect(await fieldsOf({ name: ' ', termsAndConditions: '' })).toEqual([
      'store.name',
      'store.termsAndConditions',
    ]);
    expect(await fieldsOf({ allowPickupAtHotel: true })).toEqual(['store.allowPickupAtHotelInfo']);
    expect(await fieldsOf({ allowCancellation: true, cancellationDeadlineDays: null })).toEqual([
      'store.cancellationDeadlineDays',
    ]);
    expect(await fieldsOf({ allowCancellation: true, cancellationDeadlineDays: -1 })).toEqual([
      'store.cancellationDeadlineDays',
    ]);
    expect(await fieldsOf({ purchaseConfirmationEmail: 'not-an-email' })).toEqual([
      'store.purchaseConfirmationEmail',
    ]);
  });

  it('another company’s store or property answers 404', async () => {
    const mine = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    expect(await refusal(rival.stores.get({ params: { id: mine.id }, query: { propertyId } }))).toMatchObject(
      {
        status: 404,
      },
    );
    expect(
      await refusal(
        rival.stores.update({
          params: { id: mine.id },
          body: { propertyId: otherPropertyId, store: storeBody() },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'store_not_found' });
    expect(await refusal(rival.stores.list({ query: { propertyId } }))).toMatchObject({ status: 404 });
    expect(await refusal(rival.stores.create({ body: { propertyId, store: storeBody() } }))).toMatchObject({
      status: 404,
      code: 'property_not_found',
    });
    const unchanged = await hotelier.stores.get({ params: { id: mine.id }, query: { propertyId } });
    expect(unchanged.name).toBe(mine.name);
  });

  it('sell the types that name them, ordered by priorities from 1; a drag renumbers them', async () => {
    const store = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    const a = await makeType('A', [store.id]);
    const b = await makeType('B', [store.id]);
    const c = await makeType('C', [store.id]);
    const read = () => hotelier.stores.get({ params: { id: store.id }, query: { propertyId } });
    const order = async () => (await read()).storeGiftCardTypes.map((t) => [t.giftCardTypeTitle, t.priority]);
    expect(await order()).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect((await read()).storeGiftCardTypes[0]).toMatchObject({ hotelNames: ['Harbour View Hotel'] });

    const reordered = await hotelier.stores.update({
      params: { id: store.id },
      body: {
        propertyId,
        store: storeBody({
          slugName: store.slugName,
          storeGiftCardTypes: [
            { id: c.id, priority: 1 },
            { id: a.id, priority: 2 },
            { id: b.id, priority: 3 },
          ],
        }),
      },
    });
    expect(reordered.storeGiftCardTypes.map((t) => [t.giftCardTypeTitle, t.priority])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);

    // A type leaving the store closes the gap; one joining comes last.
    await hotelier.giftCards.updateType({
      params: { id: a.id },
      body: { ...(await typeBodyOf(a.id)), storeIds: [await demoStoreId()] },
    });
    const d = await makeType('D', [store.id]);
    expect(await order()).toEqual([
      ['C', 1],
      ['B', 2],
      ['D', 3],
    ]);

    // An order naming only some: the rest follow; a type of another property is refused.
    const partial = await hotelier.stores.update({
      params: { id: store.id },
      body: {
        propertyId,
        store: storeBody({ slugName: store.slugName, storeGiftCardTypes: [{ id: d.id, priority: 1 }] }),
      },
    });
    expect(partial.storeGiftCardTypes.map((t) => t.giftCardTypeTitle)).toEqual(['D', 'C', 'B']);
    const foreign = (await server.db.one<{ id: string }>(
      'select id from gift_card_types where property_id <> $1 limit 1',
      [propertyId],
    )) ?? { id: '3f1e6a52-7c1d-4a47-9d3e-8a8b0f6b1c11' };
    expect(
      await refusal(
        hotelier.stores.update({
          params: { id: store.id },
          body: {
            propertyId,
            store: storeBody({
              slugName: store.slugName,
              storeGiftCardTypes: [{ id: foreign.id, priority: 1 }],
            }),
          },
        }),
      ),
    ).toMatchObject({ status: 400, fields: [{ field: 'store.storeGiftCardTypes.0.id' }] });
  });

  it('a type names stores of its property only (400), and offers pickup only if all of them allow it', async () => {
    const rivalStore = await rival.stores.create({
      body: { propertyId: otherPropertyId, store: storeBody() },
    });
    const foreign = await refusal(makeType('Foreign store', [rivalStore.id]));
    expect(foreign).toMatchObject({
      status: 400,
      code: 'store_not_found',
      fields: [{ field: 'storeIds.0' }],
    });
    const unknown = await refusal(makeType('No store', ['5d0c1b7e-8f3a-4e21-b6a9-0c4d2e1f3a57']));
    expect(unknown).toMatchObject({ status: 400, fields: [{ field: 'storeIds.0' }] });

    const pickup = await demoStoreId();
    const noPickup = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    expect((await makeType('Pickup', [pickup], true)).offerPickupAtHotel).toBe(true);
    expect((await makeType('Mixed', [pickup, noPickup.id], true)).offerPickupAtHotel).toBe(false);

    // A store that stops allowing pickup stops its types offering it.
    const store = await hotelier.stores.create({
      body: { propertyId, store: storeBody({ allowPickupAtHotel: true, allowPickupAtHotelInfo: 'Desk' }) },
    });
    const offered = await makeType('Offered', [store.id], true);
    expect(offered.offerPickupAtHotel).toBe(true);
    await hotelier.stores.update({
      params: { id: store.id },
      body: { propertyId, store: storeBody({ slugName: store.slugName, allowPickupAtHotel: false }) },
    });
    const after = await hotelier.giftCards.getType({ params: { id: offered.id }, query: { propertyId } });
    expect(after.offerPickupAtHotel).toBe(false);
  });

  it('a promo code applies to stores of its property and the types they sell (400 otherwise)', async () => {
    const store = await hotelier.stores.create({ body: { propertyId, store: storeBody() } });
    const sold = await makeType('Sold here', [store.id]);
    const elsewhere = await makeType('Sold elsewhere', [await demoStoreId()]);
    const rivalStore = await rival.stores.create({
      body: { propertyId: otherPropertyId, store: storeBody() },
    });
    const promo = (appliesTo: { storeId: string; giftCardTypeIds: string[] }[]) =>
      hotelier.promoCodes.create({
        body: {
          propertyId,
          name: 'Store sale',
          code: `STORE${++n}`,
          codeType: 'percentage',
          amount: 10,
          status: 'active',
          appliesTo,
        },
      });
    const made = await promo([{ storeId: store.id, giftCardTypeIds: [sold.id] }]);
    expect(made.appliesTo).toEqual([{ storeId: store.id, giftCardTypeIds: [sold.id] }]);
    expect(await refusal(promo([{ storeId: rivalStore.id, giftCardTypeIds: [] }]))).toMatchObject({
      status: 400,
      code: 'store_not_found',
      fields: [{ field: 'appliesTo.0.storeId' }],
    });
    expect(
      await refusal(promo([{ storeId: store.id, giftCardTypeIds: [sold.id, elsewhere.id] }])),
    ).toMatchObject({
      status: 400,
      code: 'gift_card_type_not_found',
      fields: [{ field: 'appliesTo.0.giftCardTypeIds.1' }],
    });
  });
});

async function demoStoreId(): Promise<string> {
  return (await server.db.one<{ id: string }>(`select id from stores where slug = 'harbour-view'`))!.id;
}

async function typeBodyOf(id: string) {
  const t = await hotelier.giftCards.getType({ params: { id }, query: { propertyId } });
  return {
    propertyId,
    title: t.title,
    description: t.description,
    price: t.price,
    limit: t.limit,
    storeIds: t.storeIds,
    ratePlans: t.ratePlans.map((p) => ({ roomTypeId: p.roomTypeId, ratePlanId: p.ratePlanId })),
  };
}
