import { join } from 'node:path';
import { addDays } from '@tern/core/dates';
import type { GiftCardTypeCreateBody, TernClient } from '@tern/sdk';
import sharp from 'sharp';
import type { Db } from '../db.js';
import { signedIn } from './demoBookings.js';
import { demoPhotosDir } from './fixtures.js';
import { DEMO_STORE } from './stores.js';

// What the demo hotelier's store sells (issue 24): after the seed, like the demo bookings, through the API itself
// signed in as the hotelier — photos uploaded as the type form uploads them, types made and published, a promo
// code for the store, cards issued in the back office and a purchase issued by its job — so the store at
// `/harbour-view` and the orders and purchases pages show something on a first start. Dated from the demo's today.

/** A demo photo (an SVG of `fixtures/photos`), drawn as a JPEG the upload takes. */
async function uploadPhoto(client: TernClient, propertyId: string, file: string): Promise<string> {
  const bytes = await sharp(join(await demoPhotosDir(), file), { density: 150 })
    .resize(1200)
    .jpeg({ quality: 82 })
    .toBuffer();
  const image = new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  return (await client.photos.upload({ body: { image, propertyId } })).publicUrl;
}

interface Plan {
  propertyKey: string;
  unitKey: string;
  roomTypeId: string;
  ratePlanId: string;
  mealType: string;
}

/** The rate plans of the hotelier's Reykjavík hotels, room types in order. */
const plansOf = (db: Db) =>
  db.query<Plan>(
    `select p.key as "propertyKey", u.key as "unitKey", u.id as "roomTypeId", r.id as "ratePlanId",
            r.meal_type as "mealType"
       from rate_plans r join units u on u.id = r.unit_id join properties p on p.id = r.property_id
      where p.key in ('harbour-view', 'nordurljos-spa') order by p.key, u.position, r.position`,
  );

/** The first plan of a room type (of a meal, when given); the property's own plans need no `propertyId`. */
function planOf(plans: Plan[], propertyKey: string, unitKey: string | null, meal?: string) {
  const plan =
    plans.find(
      (p) =>
        p.propertyKey === propertyKey &&
        (!unitKey || p.unitKey === unitKey) &&
        (!meal || p.mealType === meal),
    ) ?? plans.find((p) => p.propertyKey === propertyKey && (!unitKey || p.unitKey === unitKey));
  if (!plan) throw new Error(`no rate plan of ${propertyKey}/${unitKey ?? '*'}`);
  return { roomTypeId: plan.roomTypeId, ratePlanId: plan.ratePlanId };
}

/** The store's types: a night, two nights with breakfast, a spa stay at two hotels, a suite upgrade. */
function demoTypes(
  base: Pick<GiftCardTypeCreateBody, 'propertyId' | 'storeIds'>,
  plans: Plan[],
  spaId: string,
  photos: string[],
  today: string,
): GiftCardTypeCreateBody[] {
  const [exterior, room, breakfast, spa, suite] = photos.map((url) => ({ url }));
  return [
    {
      ...base,
      title: 'A night by the Old Harbour',
      description:
        '<p>One night for two in a double room facing the city, with late check-out at noon.</p><p>Valid for four years.</p>',
      price: 34900,
      limit: 200,
      settings: { lengthOfStay: 1, reservationValue: 0 },
      ratePlans: [planOf(plans, 'harbour-view', 'double', 'room_only')],
      offerPickupAtHotel: true,
      photos: [exterior!, room!],
    },
    {
      ...base,
      title: 'Two nights with breakfast',
      description:
        '<p>Two nights in a superior room facing the harbour, with the breakfast buffet each morning.</p>',
      price: 79900,
      netPrice: 72900,
      limit: 100,
      settings: { lengthOfStay: 2, reservationValue: 0 },
      ratePlans: [planOf(plans, 'harbour-view', 'superior', 'breakfast')],
      offerLetterDelivery: true,
      offerPickupAtHotel: true,
      photos: [breakfast!, room!],
    },
    {
      ...base,
      giftcardType: 1,
      title: 'Harbour and spa escape',
      description:
        '<p>Two nights at Harbour View Hotel or at Hotel Norðurljós &amp; Spa, breakfast included: the guest chooses when booking.</p>',
      price: 119000,
      limit: 50,
      // A fixed last day a year on: a season's offer.
      expirationType: 1,
      absoluteExpirationDate: addDays(today, 365),
      settings: { lengthOfStay: 2, reservationValue: 0 },
      ratePlans: [
        planOf(plans, 'harbour-view', 'deluxe', 'breakfast'),
        { propertyId: spaId, ...planOf(plans, 'nordurljos-spa', null, 'breakfast') },
      ],
      photos: [spa!, exterior!],
    },
    {
      ...base,
      title: 'Suite upgrade',
      description:
        '<p>Turns a booked stay into a night in the junior suite on the top floor, with sea views.</p>',
      price: 15000,
      limit: 80,
      settings: { lengthOfStay: 1, reservationValue: 0 },
      upsellRatePlans: [{ ...planOf(plans, 'harbour-view', 'junior-suite'), price: 15000 }],
      photos: [suite!],
    },
  ];
}

/** The promo code of the demo store: 10% off each of its types, for three months from today. */
export const DEMO_PROMO_CODE = 'HARBOUR10';

/**
 * Fills the demo store (see the top of this file). Returns the ids of the types made, in the store's order.
 * Needs the job worker for the purchase's mails (its cards are written at once).
 */
export async function seedDemoStore(
  db: Db,
  fetch: typeof globalThis.fetch,
  baseUrl: string,
  today: string,
): Promise<string[]> {
  const ids = await db.one<{ propertyId: string; spaId: string; storeId: string }>(
    `select p.id as "propertyId", s2.id as "spaId", s.id as "storeId"
       from properties p join stores s on s.property_id = p.id and lower(s.slug) = lower($1)
       join properties s2 on s2.key = 'nordurljos-spa'
      where p.key = 'harbour-view'`,
    [DEMO_STORE.slug],
  );
  if (!ids) return [];
  const { propertyId, spaId, storeId } = ids;
  const client = await signedIn(fetch, baseUrl, 'hotelier');
  const photos: string[] = [];
  for (const file of [
    'properties/harbour-view/exterior.svg',
    'rooms/superior.svg',
    'properties/harbour-view/restaurant.svg',
    'properties/nordurljos-spa/spa.svg',
    'rooms/junior-suite.svg',
  ])
    photos.push(await uploadPhoto(client, propertyId, file));
  const plans = await plansOf(db);
  const types: string[] = [];
  for (const body of demoTypes({ propertyId, storeIds: [storeId] }, plans, spaId, photos, today))
    types.push((await client.giftCards.createType({ body: { ...body, publish: true } })).id);

  await client.promoCodes.create({
    body: {
      propertyId,
      name: 'Winter by the harbour',
      code: DEMO_PROMO_CODE,
      codeType: 'percentage',
      amount: 10,
      usageLimit: 100,
      status: 'active',
      validFrom: today,
      validTo: addDays(today, 90),
      appliesTo: [{ storeId, giftCardTypeIds: types }],
    },
  });

  // Cards given away from the back office, one already used at the desk.
  const issued = await client.giftCards.issue({
    params: { id: types[0]! },
    body: {
      propertyId,
      buyerName: 'Harbour View Hotel',
      netPrice: 0,
      recipients: [
        {
          rowKey: 'demo-1',
          name: 'Guðrún Jónsdóttir',
          email: 'gudrun@demo-guest.example',
          note: 'Staff award',
        },
        {
          rowKey: 'demo-2',
          name: 'Ólafur Einarsson',
          email: 'olafur@demo-guest.example',
          note: 'Competition prize',
        },
        { rowKey: 'demo-3', name: 'Emma Larsen', email: 'emma@demo-guest.example', note: '' },
      ],
    },
  });
  await client.giftCards.markUsed({
    params: { id: issued.cards[0]!.id },
    body: { propertyId, notes: 'Stayed in room 204' },
  });
  // A company's order of two cards, paid and issued: its job mails each recipient their card.
  const purchase = await client.giftCardPurchases.create({
    body: {
      propertyId,
      giftCardTypeId: types[1]!,
      name: 'Nordic Events ehf.',
      email: 'orders@nordic-events.example',
      quantity: 2,
      netPrice: 72900,
      purchaseState: 'paid',
      recipientsInfo: [
        { name: 'Anna Björk', email: 'anna@demo-guest.example' },
        { name: 'Jón Pétursson', email: 'jon@demo-guest.example' },
      ],
    },
  });
  await client.giftCardPurchases.markIssued({ params: { id: purchase.id }, body: { propertyId } });
  await client.auth.signOut();
  return types;
}
