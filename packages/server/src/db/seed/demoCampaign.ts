import { addDays } from '@tern/core/dates';
import type { Db } from '../db.js';
import { signedIn } from './demoBookings.js';

// A gift campaign at Harbour View (issue 25), made after the demo store (its types and their photos) through the
// API signed in as the hotelier, as the staff page would: the campaign published when created, then its options —
// three of the store's types, each with the first photo of its type — so `/gift-campaign/{id}` shows something
// on a first start. Dated from the demo's today.

export const DEMO_CAMPAIGN_NAME = 'Thank-you gifts for our partners';

/** Makes the demo campaign; answers its id (`null` when the demo store has no types to offer). */
export async function seedDemoCampaign(
  db: Db,
  fetch: typeof globalThis.fetch,
  baseUrl: string,
  today: string,
): Promise<string | null> {
  const types = await db.query<{ id: string; title: string; photo: string; property_id: string }>(
    `select t.id, t.title, t.photos ->> 0 as photo, t.property_id
       from gift_card_types t join properties p on p.id = t.property_id
      where p.key = 'harbour-view' and t.status = 'published' and jsonb_array_length(t.photos) > 0
      order by t.created_at, t.id limit 3`,
  );
  if (!types.length) return null;
  const propertyId = types[0]!.property_id;
  const client = await signedIn(fetch, baseUrl, 'hotelier');
  const campaign = await client.campaigns.create({
    body: {
      propertyId,
      name: DEMO_CAMPAIGN_NAME,
      description:
        'Thank you for a wonderful year together. Choose one gift: a stay by the Old Harbour is on us, for you and a guest of your choice.',
      publish: true,
    },
  });
  for (const [position, type] of types.entries())
    await client.campaigns.createOption({
      params: { id: campaign.id },
      body: {
        propertyId,
        name: type.title,
        description: `${type.title} at Harbour View Hotel, Reykjavík.`,
        photoUrl: type.photo,
        expirationDate: addDays(today, 365),
        giftCardTypeId: type.id,
        position,
      },
    });
  await client.auth.signOut();
  return campaign.id;
}
