import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROMO_CODE } from '../src/db/seed/demoStore.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern-server --demo` fills the demo hotelier's store after the seed, through its own API (issue 24): four
// published types with photos — a night, two nights with breakfast, a spa stay at two of the hotelier's hotels,
// a suite upgrade — a promo code for the store, cards issued in the back office and a purchase its job issues.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demoStore: true, jobs: { pollMs: 100 } });
}, 120_000);
afterAll(() => server?.close());

describe('the demo store', () => {
  it('sells four published types with photos at /harbour-view, its promo code taking 10 % off', async () => {
    expect(server.errors).toEqual([]);
    const store = await server.client().store.get({ params: { storeSlug: 'harbour-view' } });
    expect(store.settings.termsAndConditions).not.toBe('');
    expect(store.types.map((t) => [t.title, t.giftcardType, t.lengthOfStay])).toEqual([
      ['A night by the Old Harbour', 0, 1],
      ['Two nights with breakfast', 0, 2],
      ['Harbour and spa escape', 1, 2],
      ['Suite upgrade', 0, 1],
    ]);
    for (const type of store.types) expect(type.photos.length).toBeGreaterThan(0);
    const spa = store.types[2]!;
    expect(spa.hotelNames.sort()).toEqual(['Harbour View Hotel', 'Hotel Norðurljós & Spa']);
    // A photo is served as the upload it is.
    const photo = await server.fetch(spa.photos[0]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    const night = store.types[0]!;
    const priced = await server.client().store.cartPrices({
      params: { storeSlug: 'harbour-view' },
      body: { promoCode: DEMO_PROMO_CODE, items: [{ id: night.id, quantity: 2 }] },
    });
    expect(priced).toMatchObject({ promoCode: DEMO_PROMO_CODE, total: 2 * night.netPrice * 0.9 });
  });

  it('has cards in the back office: three given away (one used) and a purchase issued and mailed', async () => {
    const hotelier = server.client(await server.signIn('hotelier'));
    const propertyId = (await server.db.one<{ id: string }>(
      `select id from properties where key = 'harbour-view'`,
    ))!.id;
    const cards = await hotelier.giftCards.list({ query: { propertyId, limit: 100 } });
    expect(cards.items.filter((c) => c.booked)).toHaveLength(1);
    const purchases = await hotelier.giftCardPurchases.list({ query: { propertyId } });
    expect(purchases.items).toHaveLength(1);
    const purchaseId = purchases.items[0]!.id;
    const end = Date.now() + 30_000;
    let purchase = await hotelier.giftCardPurchases.get({
      params: { id: purchaseId },
      query: { propertyId },
    });
    while (purchase.issuedStatus !== 'issued' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      purchase = await hotelier.giftCardPurchases.get({ params: { id: purchaseId }, query: { propertyId } });
    }
    expect(purchase).toMatchObject({ issuedStatus: 'issued', status: 'paid', quantity: 2, emailSent: true });
    expect(cards.meta.total).toBe(5);
  });
});
