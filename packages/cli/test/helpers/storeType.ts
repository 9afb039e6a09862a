import type { TernClient } from '@tern/sdk';
import type { TestServer } from './server.js';

/**
 * A published gift card type of the demo store (Harbour View), of `limit` cards, on the hotel's first rate plan:
 * the store tests buy it (storeBuy), the redemption tests issue and book it (giftCardRedeem).
 */
export async function newStoreType(
  server: TestServer,
  hotelier: TernClient,
  propertyId: string,
  title: string,
  limit: number,
): Promise<string> {
  const store = (await server.db.one<{ id: string }>(
    `select id from stores where lower(slug) = 'harbour-view'`,
  ))!;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title,
      description: '<p>A night by the harbour</p>',
      price: 30000,
      limit,
      storeIds: [store.id],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
      publish: true,
    },
  });
  return type.id;
}
