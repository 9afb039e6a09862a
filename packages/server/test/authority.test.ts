import { randomUUID } from 'node:crypto';
import { contract, type Endpoint, endpoint, type OwnerKind, type Role } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Auth } from '../src/http/context.js';
import { resolveOwned } from '../src/http/ownership.js';
import { newGiftCardCode } from '../src/services/giftCards/codes.js';
import { endpointsOf, type RawInput, sampleInput, sampleOf, send } from './helpers/requests.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Authority, generated from the contract: every endpoint that takes an id × every demo identity × an id that
// belongs to someone else must answer 403 or 404, with no data, and change nothing. It grows by itself: a new
// endpoint is walked as soon as it is in the contract, and one whose id field has no `owns` fails below.

let server: TestServer;

interface Identity {
  login: string;
  token: string;
  userId: string;
  role: Role;
  agencyId: string | null;
}
const identities: Identity[] = [];
const LOGINS = ['admin', 'agent', 'agent2', 'hotelier', 'hotelier2', 'staff', 'locked'];

/** Rows of `sql` (one column, `id`), `$1` the caller's user id and `$2` their agency (or a nil uuid). */
async function ids(sql: string, who: Identity): Promise<string[]> {
  const rows = await server.db.query<{ id: string }>(sql, [
    who.userId,
    who.agencyId ?? '00000000-0000-0000-0000-000000000000',
  ]);
  return rows.map((r) => String(r.id));
}

const someoneElses: Record<
  Exclude<OwnerKind, 'narrows' | 'unowned'>,
  (who: Identity) => Promise<string[]>
> = {
  agency: (who) =>
    who.role === 'reseller'
      ? ids('select id from agencies where id <> $2 and $1::uuid is not null', who)
      : none(),
  agencyUser: (who) =>
    who.role === 'reseller'
      ? ids(
          'select id from users where (agency_id is null or agency_id <> $2) and id <> $1 order by email limit 3',
          who,
        )
      : none(),
  property: (who) =>
    who.role === 'supplier'
      ? ids(
          'select id from properties where id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        )
      : none(),
  // A property the caller does not work at where no type has plans (one with the sampled type's plans would be
  // kept, not refused: the unit test in giftCards.test.ts covers that).
  giftCardTypePlanProperty: (who) =>
    who.role === 'supplier'
      ? ids(
          `select p.id from properties p where p.id not in (select property_id from property_users where user_id = $1)
              and not exists (select 1 from units u join gift_card_type_rate_plans g on g.unit_id = u.id
                               where u.property_id = p.id)
              and $2::uuid is not null limit 3`,
          who,
        )
      : none(),
  managedProperty: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          `select id from properties where id not in (select property_id from property_users where user_id = $1 and role = 'manager') and $2::uuid is not null limit 3`,
          who,
        ),
  managedUser: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          `select id from users u where id <> $1 and $2::uuid is not null and not exists (
             select 1 from property_users x join property_users m on m.property_id = x.property_id
              where x.user_id = u.id and m.user_id = $1 and m.role = 'manager') order by email limit 3`,
          who,
        ),
  // Users a manager does not see (404), and co-managers they see but whose account is the admin's (403).
  managedAccount: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          `(select id from users u where id <> $1 and $2::uuid is not null and not exists (
              select 1 from property_users x join property_users m on m.property_id = x.property_id
               where x.user_id = u.id and m.user_id = $1 and m.role = 'manager') order by email limit 3)
           union all
           (select distinct x.user_id from property_users x join property_users m on m.property_id = x.property_id
             where m.user_id = $1 and m.role = 'manager' and x.role = 'manager' and x.user_id <> $1 limit 3)`,
          who,
        ),
  apiKey: (who) => ids('select id from api_keys where agency_id <> $2 and $1::uuid is not null limit 3', who),
  promoCode: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from promo_codes where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  paymentProvider: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from payment_providers where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  store: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from stores where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  // The public store's: an inactive store (no one's to reach), and types the store the walk calls is not
  // selling published (another property's, unpublished, archived).
  publicStore: (who) =>
    ids(
      "select slug as id from stores where status = 'inactive' and $1::uuid is not null and $2::uuid is not null limit 3",
      who,
    ),
  storeGiftCardType: (who) =>
    ids(
      `select t.id from gift_card_types t where $1::uuid is not null and $2::uuid is not null and not exists (
         select 1 from store_gift_card_types x join stores s on s.id = x.store_id
          where x.gift_card_type_id = t.id and t.status = 'published' and s.slug = (${PUBLIC_STORE_SQL}))
        order by t.status, t.id limit 3`,
      who,
    ),
  // A card's code is its key: anyone holding it may ask, so no code is someone else's (unknown codes, and their
  // throttling, are redemption.test.ts's). The hotels a card is not redeemed at are not its holder's to name.
  redeemableGiftCard: () => none(),
  redemptionProperty: (who) =>
    ids(
      `select id from properties where kind = 'accommodation' and key is distinct from 'casa-alfama'
          and $1::uuid is not null and $2::uuid is not null order by id limit 2`,
      who,
    ),
  cancellationPolicy: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from cancellation_policies where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  giftCardType: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from gift_card_types where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  giftCard: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from gift_cards where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  pdfTemplate: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from pdf_templates where property_id is not null and property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  giftCardPurchase: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from gift_card_purchases where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  giftCampaign: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from gift_campaigns where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  giftCampaignOption: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          `select o.id from gift_campaign_options o join gift_campaigns c on c.id = o.campaign_id
            where c.property_id not in (select property_id from property_users where user_id = $1)
              and $2::uuid is not null limit 3`,
          who,
        ),
  // The public page's: drafts and archived campaigns (no one's to reach), and their options.
  publicGiftCampaign: (who) =>
    ids(
      "select id from gift_campaigns where status <> 'published' and $1::uuid is not null and $2::uuid is not null limit 3",
      who,
    ),
  publicGiftCampaignOption: (who) =>
    ids(
      `select o.id from gift_campaign_options o join gift_campaigns c on c.id = o.campaign_id
        where c.status <> 'published' and $1::uuid is not null and $2::uuid is not null limit 3`,
      who,
    ),
  unit: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from units where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  ratePlan: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          'select id from rate_plans where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  booking: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          who.role === 'reseller'
            ? 'select id from bookings where agency_id <> $2 and $1::uuid is not null limit 3'
            : 'select id from bookings where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  contract: (who) =>
    who.role === 'admin'
      ? none()
      : ids(
          who.role === 'reseller'
            ? 'select id from contracts where agency_id <> $2 and $1::uuid is not null limit 3'
            : 'select id from contracts where property_id not in (select property_id from property_users where user_id = $1) and $2::uuid is not null limit 3',
          who,
        ),
  engineProperty: () => none(),
  contractedProperty: (who) =>
    ids(
      `select id from properties p where kind = 'accommodation' and $1::uuid is not null and not exists
         (select 1 from contracts c where c.property_id = p.id and c.agency_id = $2 and c.status = 'approved') limit 3`,
      who,
    ),
  vehicleQuery: (who) =>
    ids('select id from vehicle_queries where agency_id <> $2 and $1::uuid is not null', who),
  vehicleBooking: (who) =>
    ids(
      `select reservation_id as id from bookings where kind = 'vehicle' and agency_id <> $2 and $1::uuid is not null`,
      who,
    ),
};
const none = async () => [] as string[];
/** An id that names nothing, for the kinds whose ids are not uuids (a card's code). */
const nothingOf: Partial<Record<OwnerKind, () => string>> = { redeemableGiftCard: newGiftCardCode };
/** The active store whose slug the walk sends with a type of someone else's (anyone may call a public store). */
const PUBLIC_STORE_SQL =
  "select slug as id from stores where status = 'active' and $1::uuid is not null and $2::uuid is not null order by slug limit 1";

/** An object of the kind the caller may use, for the other ids of a call (so that the one tried is reached). */
const theirOwn: Partial<Record<OwnerKind, (who: Identity) => Promise<string[]>>> = {
  publicStore: (who) => ids(PUBLIC_STORE_SQL, who),
  // The card of hotelier2's made below: anyone may redeem it.
  redeemableGiftCard: (who) =>
    ids("select 'ABCDEFGHJK23' as id where $1::uuid is not null and $2::uuid is not null", who),
  property: (who) =>
    ids(
      who.role === 'supplier'
        ? 'select property_id as id from property_users where user_id = $1 and $2::uuid is not null limit 1'
        : 'select id from properties where $1::uuid is not null and $2::uuid is not null limit 1',
      who,
    ),
  agency: (who) =>
    ids(
      who.role === 'reseller'
        ? 'select id from agencies where id = $2 and $1::uuid is not null'
        : 'select id from agencies where $1::uuid is not null and $2::uuid is not null limit 1',
      who,
    ),
};

/** What a caller may see of the state: changed by nothing this test sends. */
async function state(): Promise<string> {
  const parts = await Promise.all(
    [
      'select id, status, updated_at from bookings order by id',
      'select id, status from booking_rooms order by id',
      'select id, status, updated_at from contracts order by id',
      'select count(*) as n from outbox_mails',
      'select count(*) as n from vehicle_queries',
      'select id, status, role, agency_id, password_hash, updated_at from users order by id',
      'select id, role from property_users order by id',
      'select id, updated_at, lock_override from agencies order by id',
      'select id, updated_at, lock_override from properties order by id',
      'select count(*) as n from audit_log',
      'select id, active from api_keys order by id',
      'select id, updated_at, usage_count from promo_codes order by id',
      'select id, updated_at, is_default, secrets from payment_providers order by id',
      'select id, title, archived, penalty from cancellation_policies order by id',
      'select id, policy from properties order by id',
      'select id, status, issued, updated_at from gift_card_types order by id',
      'select id, booked, delivered, notes, expiration_date, updated_at from gift_cards order by id',
    ].map((sql) => server.db.query(sql)),
  );
  return JSON.stringify(parts);
}

const checked = (kind: OwnerKind) => kind !== 'narrows' && kind !== 'unowned';
const ownedEndpoints = endpointsOf(contract).filter((e) => Object.values(e.owns ?? {}).some(checked));

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions
const unwrap = (schema: any): any => {
  const def = schema?._zod?.def;
  return def && ['optional', 'nullable', 'default'].includes(def.type) ? unwrap(def.innerType) : schema;
};
/** A declared field's list and item field, for `list[].field` (else `null`). */
const nestedOf = (field: string) => {
  const m = /^(\w+)\[\]\.(\w+)$/.exec(field);
  return m ? { list: m[1]!, item: m[2]! } : null;
};
/** Whether a field of the endpoint takes a list (of ids). */
const isList = (endpoint: Endpoint, field: string) => {
  const schema = endpoint[place(endpoint, field)] as unknown as { shape: Record<string, unknown> };
  return unwrap(schema.shape[field])?._zod?.def?.type === 'array';
};
/** Sets a declared field of a sample input: a list of one id, an id, or one list item carrying the id. */
function setField(endpoint: Endpoint, input: Record<string, unknown>, field: string, value: string): void {
  const at = input[place(endpoint, field)] as Record<string, unknown> | undefined;
  if (!at) return;
  const nested = nestedOf(field);
  if (nested) {
    const schema = endpoint[place(endpoint, field)] as unknown as { shape: Record<string, unknown> };
    const item = sampleOf(unwrap(schema.shape[nested.list])._zod.def.element) as Record<string, unknown>;
    const [sent] = (at[nested.list] as Record<string, unknown>[] | undefined) ?? [];
    at[nested.list] = [{ ...item, ...sent, [nested.item]: value }];
  } else at[field] = isList(endpoint, field) ? [value] : value;
}

/**
 * The sample with one item in each list an owned item field is declared in (`list[].field`, any kind): a body
 * whose list must not be empty (a gift card type's rate plans) is then valid whichever of its fields are set.
 */
function withListItems(endpoint: Endpoint, input: Required<RawInput>): Required<RawInput> {
  for (const field of Object.keys(endpoint.owns ?? {})) {
    const nested = nestedOf(field);
    const at = nested ? (input[place(endpoint, field)] as Record<string, unknown> | undefined) : undefined;
    if (!nested || !at || (at[nested.list] as unknown[] | undefined)?.length) continue;
    const schema = endpoint[place(endpoint, field)] as unknown as { shape: Record<string, unknown> };
    at[nested.list] = [sampleOf(unwrap(schema.shape[nested.list])._zod.def.element)];
  }
  return input;
}

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  for (const login of LOGINS) {
    const token = await server.signIn(login);
    const me = await server.client(token).auth.currentUser();
    identities.push({
      login,
      token,
      userId: me.id,
      role: me.role,
      agencyId: me.agent?.id ?? null,
    });
  }
  // An API key of each agency's agent (so that others have keys to miss), and the agent's key as one more
  // identity: a key reaches exactly what its agent's session does, and no further.
  for (const login of ['agent', 'agent2']) {
    const who = identities.find((i) => i.login === login)!;
    const key = await server
      .client(who.token)
      .apiKeys.create({ body: { name: `${login}'s backend`, scope: 'book' } });
    if (login === 'agent') identities.push({ ...who, login: 'agent (API key)', token: key.token });
  }
  // A promo code of a property of hotelier2's, for the others to miss.
  await server.db.query(
    `insert into promo_codes (property_id, name, code, code_type, amount)
     select id, 'Winter', 'WINTER', 'percentage', 10 from properties where key = 'casa-alfama'`,
  );
  // A gift card type and a card of it, of hotelier2's property too.
  await server.db.query(
    `insert into gift_card_types (property_id, title, description, price, card_limit, issued, expiration_duration,
            expiration_unit, length_of_stay, reservation_value)
     select id, 'Weekend', 'Two nights', 300, 10, 1, 48, 'months', 2, 0 from properties where key = 'casa-alfama'`,
  );
  await server.db.query(
    `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, expiration_date,
            price, net_price)
     select 'ABCDEFGHJK23', t.id, t.property_id, t.title, 'Ann', 'ann@example.com', current_date + 365, 300, 300
       from gift_card_types t join properties p on p.id = t.property_id where p.key = 'casa-alfama'`,
  );
  // An inactive store of hotelier2's: not there for anyone (the public store's 404).
  await server.db.query(
    `insert into stores (property_id, name, slug, status, title_font, text_font)
     select id, 'Closed for winter', 'closed-for-winter', 'inactive', 'Lato', 'Lato' from properties where key = 'casa-alfama'`,
  );
  await server.db.query(
    `insert into payment_providers (property_id, name, is_default, details)
     select id, 'nets', true, '{"merchantId": "m", "checkoutKey": "c"}' from properties where key = 'casa-alfama'`,
  );
  // A car search of agent2's agency, so that agent's and others' attempts on it have something to miss.
  const agent2 = identities.find((i) => i.login === 'agent2')!;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await server
    .client(agent2.token)
    .vehicles.startQuery({ body: { pickupDate: day(20), dropoffDate: day(23), currency: 'EUR' } });
}, 120_000);
afterAll(() => server?.close());

describe('every id an endpoint takes is declared in the contract', () => {
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions
  const isId = (schema: any): boolean => {
    const def = schema?._zod?.def;
    if (!def) return false;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default')
      return isId(def.innerType);
    if (def.type === 'array') return isId(def.element);
    return def.type === 'string' && def.format === 'guid';
  };
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions
  const itemShape = (schema: any): Record<string, unknown> | null => {
    const def = unwrap(schema)?._zod?.def;
    return def?.type === 'array' ? (unwrap(def.element)?.shape ?? null) : null;
  };
  /** Id fields at the top level, and in the items of a top-level list (`list[].field`). */
  const idFields = (e: Endpoint) =>
    [e.params, e.query, e.body]
      .filter((s): s is NonNullable<typeof s> => !!s && 'shape' in s)
      .flatMap((s) => Object.entries((s as unknown as { shape: Record<string, unknown> }).shape))
      .flatMap(([name, schema]) => [
        ...(isId(schema) ? [name] : []),
        ...Object.entries(itemShape(schema) ?? {})
          .filter(([, inner]) => isId(inner))
          .map(([inner]) => `${name}[].${inner}`),
      ]);
  it.each(endpointsOf(contract).map((e) => [e.name, e] as const))('%s', (_, e) => {
    const undeclared = idFields(e).filter((name) => !e.owns || !(name in e.owns));
    expect(undeclared, `${e.name} takes ids with no owner declared`).toEqual([]);
    for (const name of Object.keys(e.owns ?? {})) expect(() => place(e, name)).not.toThrow();
  });
});

describe('someone else’s id gets 403 or 404 and no data', () => {
  it('finds an id of someone else’s for every kind the contract uses (the walk below is not empty)', async () => {
    const agent = identities.find((i) => i.login === 'agent')!;
    for (const kind of ['booking', 'contract', 'agency', 'contractedProperty', 'vehicleQuery'] as const)
      expect((await someoneElses[kind](agent)).length, kind).toBeGreaterThan(0);
    const hotelier = identities.find((i) => i.login === 'hotelier')!;
    for (const kind of ['booking', 'contract', 'property'] as const)
      expect((await someoneElses[kind](hotelier)).length, kind).toBeGreaterThan(0);
  });

  it.each(ownedEndpoints.map((e) => [e.name, e] as const))('%s', async (_, endpoint) => {
    const before = await state();
    let tried = 0;
    for (const who of identities) {
      for (const [field, kind] of Object.entries(endpoint.owns!)) {
        if (!checked(kind)) continue;
        // Someone else's objects, and an id that names nothing at all: both must look alike.
        const foreign = [...(await someoneElses[kind](who)), (nothingOf[kind] ?? randomUUID)()];
        for (const value of foreign) {
          const input = withListItems(endpoint, sampleInput(endpoint));
          // The call's other ids name the caller's own objects, where the caller has some.
          for (const [other, otherKind] of Object.entries(endpoint.owns!)) {
            const own = other === field ? undefined : (await theirOwn[otherKind]?.(who))?.[0];
            if (own) setField(endpoint, input, other, own);
          }
          setField(endpoint, input, field, value);
          // Unknown codes are throttled per address (redemption.test.ts tests that): the walk starts afresh.
          if (kind === 'redeemableGiftCard')
            await server.db.query(`delete from sign_in_attempts where kind = 'gift_card_code'`);
          const reply = await send(server.url, endpoint, input as RawInput, { token: who.token });
          tried++;
          const what = `${who.login} ${endpoint.name} ${field}=${value} (${kind})`;
          expect(
            [403, 404],
            `${what} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`,
          ).toContain(reply.status);
          expect(JSON.stringify(reply.body), what).not.toMatch(/"data"/);
        }
      }
    }
    expect(tried).toBeGreaterThan(0);
    expect(await state()).toBe(before);
  });
});

/** Which part of the input a declared field sits in. */
function place(endpoint: Endpoint, declared: string): 'params' | 'query' | 'body' {
  const field = nestedOf(declared)?.list ?? declared;
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part] as { shape?: Record<string, unknown> } | undefined;
    if (schema?.shape && field in schema.shape) return part;
  }
  throw new Error(`${endpoint.name} declares ${field}, which it does not take`);
}

describe('a manager’s rights (document 2 §6)', () => {
  const managersOnly = endpoint({
    method: 'GET',
    path: '/api/test/managed/{propertyId}',
    summary: 'a manager’s call',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'managedProperty' },
    params: z.object({ propertyId: z.string() }),
    reply: 'plain',
    response: z.object({}),
  });
  const authOf = (who: Identity): Auth => ({
    sessionId: 's',
    purpose: 'sign_in',
    expiresAt: new Date(),
    apiKeyId: null,
    agencyLocked: false,
    user: { id: who.userId, email: '', name: '', role: who.role, agencyId: who.agencyId, supplierId: null },
  });
  const as = (login: string) => identities.find((i) => i.login === login)!;

  it('lets a manager of the property and an admin in, and keeps staff who are not managers out', async () => {
    const [staffProperty] = await ids(
      'select property_id as id from property_users where user_id = $1 and $2::uuid is not null',
      as('staff'),
    );
    expect(staffProperty).toBeDefined();
    const input = { params: { propertyId: staffProperty! }, query: {}, body: undefined };
    const managers = await server.db.query<{ user_id: string }>(
      `select user_id from property_users where property_id = $1 and role = 'manager'`,
      [staffProperty],
    );
    const manager = identities.find((i) => managers.some((m) => m.user_id === i.userId))!;
    expect(manager, 'a demo manager of staff’s property').toBeDefined();
    const owned = await resolveOwned(server.db, managersOnly, authOf(manager), input);
    expect(owned.propertyId).toMatchObject({ id: staffProperty, memberRole: 'manager' });
    await expect(resolveOwned(server.db, managersOnly, authOf(as('admin')), input)).resolves.toBeDefined();
    // Staff see the property: refused by name (403), where anyone else gets the 404.
    await expect(resolveOwned(server.db, managersOnly, authOf(as('staff')), input)).rejects.toMatchObject({
      status: 403,
      code: 'managers_only',
    });
    await expect(resolveOwned(server.db, managersOnly, authOf(as('hotelier2')), input)).rejects.toMatchObject(
      {
        status: 404,
      },
    );
  });
});
