import { SANDBOX_CARDS, type TernClient } from '@tern/sdk';
import type { TestServer } from './server.js';

/** A store's settings as the tests make it (the hotelier's form). */
export const storeBody = (slugName: string) => ({
  name: 'Harbour gifts',
  slugName,
  titleFont: 'Playfair Display' as const,
  textFont: 'Lato' as const,
  termsAndConditions: 'No cash value.',
  bannerTitle: 'Give a night',
  bannerParagraph: 'By the Old Harbour.',
});

/** A type of a store test: its defaults (a published night at 20,000, five cards) and what a test changes. */
export interface StoreTypeOptions {
  price?: number;
  netPrice?: number | null;
  limit?: number;
  publish?: boolean;
  description?: string;
}

/**
 * The public store tests' world (storeCatalogue, storeCheckout): Harbour View in ISK on Reykjavík's clock, the
 * hotelier and an anonymous visitor, a store for each slug asked (the same settings and terms), and types made
 * through the hotelier's API on the property's first rate plan.
 */
export async function storeWorld(server: TestServer, slugs: readonly string[]) {
  const visitor: TernClient = server.client();
  const hotelier: TernClient = server.client(await server.signIn('hotelier'));
  const propertyId = (await server.db.one<{ id: string }>(
    `select id from properties where key = 'harbour-view'`,
  ))!.id;
  await server.db.query(
    `update properties set currency = 'ISK', timezone = 'Atlantic/Reykjavik' where id = $1`,
    [propertyId],
  );
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by unit_id, id limit 1',
    [propertyId],
  ))!;
  const ratePlan = { roomTypeId: plan.unit_id, ratePlanId: plan.id };
  const storeIds: string[] = [];
  for (const slugName of slugs)
    storeIds.push((await hotelier.stores.create({ body: { propertyId, store: storeBody(slugName) } })).id);
  const makeType = async (title: string, inStores: string[], over: StoreTypeOptions = {}) =>
    (
      await hotelier.giftCards.createType({
        body: {
          propertyId,
          title,
          description: over.description ?? '<p>A night</p>',
          price: over.price ?? 20_000,
          netPrice: over.netPrice ?? null,
          limit: over.limit ?? 5,
          storeIds: inStores,
          ratePlans: [ratePlan],
          publish: over.publish ?? true,
        },
      })
    ).id;
  return { visitor, hotelier, propertyId, ratePlan, storeIds, makeType };
}

/** Pays a session of the sandbox provider's hosted page on its own origin (`paymentOrigin`), as its form does. */
export const paySession = (
  paymentOrigin: string,
  sessionId: string,
  cardNumber: string = SANDBOX_CARDS.pays,
) =>
  fetch(`${paymentOrigin}/api/sessions/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardNumber, expiryMonth: 12, expiryYear: 2033, cvc: '123' }),
  });
