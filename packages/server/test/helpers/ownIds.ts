import type { Endpoint, OwnerKind, Role } from '@tern/sdk';
import type { RawInput } from './requests.js';
import type { TestServer } from './server.js';

// Ids the caller owns, for the tests that walk every endpoint with hostile input (fuzz): an id of the caller's
// own object in each owned field, so that a request passes the owner check and its other fields reach the handler
// and the database (a random id stops at the 404). Of one property, `harbour-view`, which the demo's hotelier
// manages, and of the agent's agency. Users and API keys are left out: a request that succeeds may block, rename
// or disable them, and the walk would go on signed out.

/** An id of each kind the caller owns (none: the field keeps the sample's random id). */
export type OwnIds = Partial<Record<OwnerKind, string>>;

const OF_PROPERTY: Partial<Record<OwnerKind, string>> = {
  property: 'select id from properties where id = $1',
  managedProperty: 'select id from properties where id = $1',
  giftCardType: 'select id from gift_card_types where property_id = $1 order by id limit 1',
  giftCard: 'select id from gift_cards where property_id = $1 order by id limit 1',
  giftCardPurchase: 'select id from gift_card_purchases where property_id = $1 order by id limit 1',
  pdfTemplate: 'select id from pdf_templates where property_id = $1 order by id limit 1',
  store: 'select id from stores where property_id = $1 order by id limit 1',
  promoCode: 'select id from promo_codes where property_id = $1 order by id limit 1',
  cancellationPolicy: 'select id from cancellation_policies where property_id = $1 order by id limit 1',
  paymentProvider: 'select id from payment_providers where property_id = $1 order by id limit 1',
  unit: 'select id from units where property_id = $1 order by id limit 1',
  ratePlan: 'select id from rate_plans where property_id = $1 order by id limit 1',
  booking: 'select id from bookings where property_id = $1 order by id limit 1',
  contract: 'select id from contracts where property_id = $1 order by id limit 1',
};

const OF_AGENCY: Partial<Record<OwnerKind, string>> = {
  agency: 'select id from agencies where id = $1',
  booking: 'select id from bookings where agency_id = $1 order by id limit 1',
  contract: 'select id from contracts where agency_id = $1 order by id limit 1',
  contractedProperty: `select p.id from properties p join contracts c on c.property_id = p.id
                        where c.agency_id = $1 and c.status = 'approved' and p.kind = 'accommodation'
                        order by p.key limit 1`,
  engineProperty: `select p.id from properties p join contracts c on c.property_id = p.id
                    where c.agency_id = $1 and c.status = 'approved' order by p.key limit 1`,
};

/**
 * A gift card type of `harbour-view` and two cards of it (the demo world sells none there), so that the gift-card
 * endpoints have ids of their own.
 */
export async function addGiftCards(server: TestServer, token: string): Promise<void> {
  const hotelier = server.client(token);
  const propertyId = (await server.db.one<{ id: string }>(
    `select id from properties where key = 'harbour-view'`,
  ))!.id;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const store = (await server.db.one<{ id: string }>(`select id from stores where property_id = $1 limit 1`, [
    propertyId,
  ]))!;
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title: 'Fuzz stay',
      description: '<p>x</p>',
      price: 120,
      limit: 100,
      storeIds: [store.id],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
    },
  });
  await hotelier.giftCards.issue({
    params: { id: type.id },
    body: {
      propertyId,
      netPrice: 100,
      buyerName: 'Ada',
      recipients: [
        { rowKey: 'a', name: 'Ana', email: 'a@example.com' },
        { rowKey: 'b', name: 'Bo', email: 'b@example.com' },
      ],
    },
  });
}

/** The ids a caller of `role` owns: a supplier's and the admin's of `harbour-view`, a reseller's of its agency. */
export async function ownIdsOf(server: TestServer, role: Role, agencyId: string | null): Promise<OwnIds> {
  const property = await server.db.one<{ id: string }>(
    `select id from properties where key = 'harbour-view'`,
  );
  const [queries, key] = role === 'reseller' ? [OF_AGENCY, agencyId] : [OF_PROPERTY, property?.id];
  const out: OwnIds = {};
  if (!key) return out;
  for (const [kind, sql] of Object.entries(queries)) {
    // Tables some kinds read may not exist in every state of the schema; a kind without a row keeps a random id.
    const row = await server.db.one<{ id: string }>(sql!, [key]).catch(() => null);
    if (row) out[kind as OwnerKind] = String(row.id);
  }
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions, read generically
const isList = (schema: any): boolean => {
  const def = schema?._zod?.def;
  if (!def) return false;
  return ['optional', 'nullable', 'default'].includes(def.type)
    ? isList(def.innerType)
    : def.type === 'array';
};

/** Puts the caller's own ids in the owned top-level fields of a sample input (a list gets a list of one). */
export function withOwnIds(endpoint: Endpoint, input: Required<RawInput>, own: OwnIds): Required<RawInput> {
  for (const [field, kind] of Object.entries(endpoint.owns ?? {})) {
    const id = own[kind];
    if (!id || field.includes('[]')) continue;
    for (const part of ['params', 'query', 'body'] as const) {
      const shape = (endpoint[part] as { shape?: Record<string, unknown> } | undefined)?.shape;
      if (!shape || !(field in shape)) continue;
      if (!input[part] || typeof input[part] !== 'object') input[part] = {};
      const at = input[part] as Record<string, unknown>;
      at[field] = isList(shape[field]) ? [id] : id;
    }
  }
  return input;
}
