import { type UserActions, userActions } from '@tern/core/admin';
import { managesProperty } from '@tern/core/auth';
import type { Endpoint, ErrorCode, OwnerKind } from '@tern/sdk';
import type { Clock } from '../clock.js';
import { type Db, prepared, readOnly } from '../db/db.js';
import { assertNotThrottled, recordAttempt } from '../services/auth/throttle.js';
import { propertiesOf, type Viewer, visibleTo } from '../services/visibility.js';
import type { Auth } from './context.js';
import { forbidden, notFound } from './errors.js';

// Authority declared once: each contract entry names, per id it takes, whose object that id must be
// (`owns`). This module resolves every declared id before the handler runs — one query a kind — and refuses
// an id that names nothing the caller may use with the same 404 whether it exists or not (another's booking
// and a made-up one look alike). Handlers get the resolved objects in `input.owned`.

/** A property as an ownership check resolves it, with the caller's role there (`null`: not a member). */
export interface OwnedProperty {
  id: string;
  kind: 'accommodation' | 'vehicle';
  supplierId: string;
  title: string;
  currency: string;
  timezone: string;
  memberRole: 'manager' | 'user' | null;
}

/**
 * The property of a gift card type's plan row: `keptOnly` when the caller does not work there and reaches it
 * only through the plans the type being changed has there (they may keep those plans, not add others).
 */
export interface OwnedPlanProperty extends OwnedProperty {
  keptOnly: boolean;
}

/** A property as the booking engine shows it to a reseller: the whole row, with the agency's contract. */
export interface OwnedEngineProperty {
  id: string;
  kind: 'accommodation' | 'vehicle';
  /** The agency's approved contract, or `null`. */
  contractId: string | null;
  row: Record<string, unknown>;
}

/** A property the caller's agency holds an approved contract with (the booking engine's calls on it). */
export interface OwnedContractedProperty {
  id: string;
  kind: 'accommodation' | 'vehicle';
  contractId: string;
}

export interface OwnedBooking {
  id: string;
  reservationId: string;
  kind: 'accommodation' | 'vehicle';
  status: 'new' | 'modified' | 'canceled';
  agencyId: string;
  propertyId: string;
}

export interface OwnedContract {
  id: string;
  status: string;
  initiator: 'reseller' | 'supplier';
  agencyId: string;
  propertyId: string;
}

export interface OwnedAgency {
  id: string;
  name: string;
}

export interface OwnedUser {
  id: string;
  agencyId: string | null;
}

/** A user the caller may manage, with what core's `userActions` lets the caller do with them. */
export interface OwnedManagedUser extends OwnedUser {
  may: UserActions;
}

export interface OwnedVehicleQuery {
  id: string;
  body: Record<string, unknown>;
  createdAt: Date;
}

/** What each kind resolves to. */
/** An active store found by its slug (any case) for the public store's calls. */
export interface OwnedPublicStore {
  id: string;
  propertyId: string;
  slug: string;
}

/** An issued card found by its code for the redemption pages (anyone holding the code; guessing throttled). */
export interface OwnedRedeemableCard {
  id: string;
  code: string;
  typeId: string;
  /** The type's property (the card's own for a single-property type). */
  propertyId: string;
  /** 0 single-property, 1 multi-property, 2 no-property. */
  giftcardType: 0 | 1 | 2;
  /** The last day a night of its stay may fall on (`YYYY-MM-DD`). */
  expirationDate: string;
  /** Nights it pays for (its type's length of stay, 1 when none). */
  lengthOfStay: number;
  /** A gift of a marketing campaign: the booker names their hotel. */
  marketingCampaign: boolean;
}

/** A property a redeemable card is redeemed at. */
export interface OwnedRedemptionProperty {
  id: string;
  title: string;
  currency: string;
  timezone: string;
  email: string;
}

export interface OwnedTypes {
  agency: OwnedAgency;
  agencyUser: OwnedUser;
  property: OwnedProperty;
  managedProperty: OwnedProperty;
  managedUser: OwnedManagedUser;
  managedAccount: OwnedManagedUser;
  apiKey: { id: string; active: boolean };
  promoCode: { id: string; propertyId: string };
  paymentProvider: { id: string; propertyId: string };
  cancellationPolicy: { id: string; propertyId: string };
  giftCardType: { id: string; propertyId: string };
  giftCardTypePlanProperty: OwnedPlanProperty;
  giftCard: { id: string; propertyId: string };
  giftCardPurchase: { id: string; propertyId: string };
  giftCampaign: { id: string; propertyId: string };
  giftCampaignOption: { id: string; campaignId: string };
  publicGiftCampaign: { id: string; propertyId: string };
  publicGiftCampaignOption: { id: string; campaignId: string };
  /** `propertyId` null: a built-in template. */
  pdfTemplate: { id: string; propertyId: string | null };
  store: { id: string; propertyId: string };
  publicStore: OwnedPublicStore;
  storeGiftCardType: { id: string; propertyId: string };
  redeemableGiftCard: OwnedRedeemableCard;
  redemptionProperty: OwnedRedemptionProperty;
  unit: { id: string; propertyId: string };
  ratePlan: { id: string; propertyId: string };
  booking: OwnedBooking;
  contract: OwnedContract;
  engineProperty: OwnedEngineProperty;
  contractedProperty: OwnedContractedProperty;
  vehicleQuery: OwnedVehicleQuery;
  vehicleBooking: OwnedBooking;
  narrows: string;
  unowned: string;
}

interface Lookup {
  /** Ownership only reads: every statement of a lookup is marked read-only (see `Db.hold`). */
  db: Pick<Db, 'one'>;
  auth: Auth | null;
  /** The request's parsed params, query and body (for the path's `kind`). */
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown };
  /** The client, for the kinds whose misses are throttled per address (a card's code). */
  client: Client | undefined;
}

/** Who asks, for throttling a public kind's guesses: the request's writable database, clock and address. */
export interface Client {
  db: Db;
  clock: Clock;
  ip: string;
  /** A write that outlasts the call's refusal (RequestContext.lasting). */
  lasting(write: (db: Db) => Promise<unknown>): Promise<void>;
}

type Resolver<K extends OwnerKind> = (value: string, at: Lookup) => Promise<OwnedTypes[K] | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const viewerOf = (u: ReturnType<typeof user>): Viewer => ({
  userId: u.id,
  role: u.role,
  agencyId: u.agencyId,
});

/** The 404 of each kind: what the caller reads, and the code clients match on. */
const missing: Record<OwnerKind, ErrorCode> = {
  agency: 'agency_not_found',
  agencyUser: 'user_not_found',
  property: 'property_not_found',
  managedProperty: 'property_not_found',
  managedUser: 'user_not_found',
  managedAccount: 'user_not_found',
  apiKey: 'api_key_not_found',
  promoCode: 'promo_code_not_found',
  paymentProvider: 'payment_provider_not_found',
  cancellationPolicy: 'cancellation_policy_not_found',
  giftCardType: 'gift_card_type_not_found',
  giftCardTypePlanProperty: 'property_not_found',
  giftCard: 'gift_card_not_found',
  giftCardPurchase: 'gift_card_purchase_not_found',
  giftCampaign: 'campaign_not_found',
  giftCampaignOption: 'campaign_option_not_found',
  publicGiftCampaign: 'campaign_not_found',
  publicGiftCampaignOption: 'campaign_option_not_found',
  pdfTemplate: 'pdf_template_not_found',
  store: 'store_not_found',
  publicStore: 'store_not_found',
  storeGiftCardType: 'gift_card_type_not_found',
  redeemableGiftCard: 'gift_card_not_found',
  redemptionProperty: 'property_not_found',
  unit: 'unit_not_found',
  ratePlan: 'rate_plan_not_found',
  booking: 'booking_not_found',
  contract: 'contract_not_found',
  engineProperty: 'property_not_found',
  contractedProperty: 'no_contract',
  vehicleQuery: 'query_not_found',
  vehicleBooking: 'booking_not_found',
  narrows: 'not_found',
  unowned: 'not_found',
};

function user(at: Lookup) {
  if (!at.auth) throw forbidden();
  return at.auth.user;
}

/** A reseller without an agency reaches nothing an agency owns. */
function agencyOf(at: Lookup): string {
  const agencyId = user(at).agencyId;
  if (!agencyId) throw forbidden('no_agency');
  return agencyId;
}

async function propertyOf(value: string, at: Lookup): Promise<OwnedProperty | null> {
  // A calendar session reaches its one property only.
  if (at.auth?.propertyScope && at.auth.propertyScope !== value) return null;
  const row = await at.db.one<{
    id: string;
    kind: OwnedProperty['kind'];
    supplier_id: string;
    title: string;
    currency: string;
    timezone: string;
    member_role: OwnedProperty['memberRole'];
  }>(
    `select p.id, p.kind, p.supplier_id, p.title, p.currency, p.timezone, pu.role as member_role
       from properties p left join property_users pu on pu.property_id = p.id and pu.user_id = $2
      where p.id = $1`,
    [value, user(at).id],
  );
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    supplierId: row.supplier_id,
    title: row.title,
    currency: row.currency,
    timezone: row.timezone,
    memberRole: row.member_role,
  };
}

/**
 * A user the caller may manage — any for an admin; for a supplier, a user at a property the caller manages (at
 * the call's `propertyId` when it names one) — with what core's `userActions` lets the caller do with them, from
 * every link of the user and every property the caller manages.
 */
async function managedUserOf(value: string, at: Lookup): Promise<OwnedManagedUser | null> {
  const u = user(at);
  const propertyId = fieldOf(at.input, 'propertyId');
  const propertyAt = propertyId.found && typeof propertyId.value === 'string' ? propertyId.value : null;
  const row = await at.db.one<{
    id: string;
    role: 'admin' | 'reseller' | 'supplier';
    agency_id: string | null;
    links: { propertyId: string; role: 'manager' | 'user' }[];
    managed: string[];
  }>(
    `select u.id, u.role, u.agency_id,
            coalesce((select json_agg(json_build_object('propertyId', x.property_id, 'role', x.role))
                        from property_users x where x.user_id = u.id), '[]') as links,
            coalesce((select json_agg(m.property_id) from property_users m
                       where m.user_id = $2 and m.role = 'manager'), '[]') as managed
       from users u
      where u.id = $1
        and ($3::uuid is null or exists (select 1 from property_users x where x.user_id = u.id and x.property_id = $3))
        and ($4 or exists (
              select 1 from property_users x join property_users m on m.property_id = x.property_id
               where x.user_id = u.id and m.user_id = $2 and m.role = 'manager'))`,
    [value, u.id, propertyAt && UUID.test(propertyAt) ? propertyAt : null, u.role === 'admin'],
  );
  if (!row) return null;
  const may = userActions(
    { id: u.id, role: u.role, managed: new Set(row.managed) },
    { id: row.id, role: row.role, agencyId: row.agency_id, links: row.links },
  );
  return { id: row.id, agencyId: row.agency_id, may };
}

/** Which bookings a caller may see, as SQL on `b` with `$2` the caller's id or agency. */
function bookingScope(at: Lookup): { sql: string; param: string } {
  const u = user(at);
  return visibleTo(viewerOf(u), 'b', '$2');
}

async function bookingOf(value: string, at: Lookup, kind?: 'vehicle'): Promise<OwnedBooking | null> {
  const scope = bookingScope(at);
  const by = UUID.test(value) ? 'b.id = $1::uuid' : 'b.reservation_id = $1';
  const row = await at.db.one<{
    id: string;
    reservation_id: string;
    kind: OwnedBooking['kind'];
    status: OwnedBooking['status'];
    agency_id: string;
    property_id: string;
  }>(
    `select b.id, b.reservation_id, b.kind, b.status, b.agency_id, b.property_id from bookings b
      where ${by} and ${scope.sql} and ($3::text is null or b.kind = $3)`,
    [value, scope.param, kind ?? null],
  );
  if (!row) return null;
  return {
    id: row.id,
    reservationId: row.reservation_id,
    kind: row.kind,
    status: row.status,
    agencyId: row.agency_id,
    propertyId: row.property_id,
  };
}

/** The kind of property the engine's path names (`/resellers/{kind}/…`). */
const engineKindOf = (at: Lookup) => (at.input.params.kind === 'vehicles' ? 'vehicle' : 'accommodation');

async function enginePropertyOf(value: string, at: Lookup): Promise<OwnedEngineProperty | null> {
  const kind = engineKindOf(at);
  const row = await at.db.one<Record<string, unknown>>(
    `select p.*, c.id as contract_id, c.modifier_logic, c.modifier_amount
       from properties p
       left join lateral (
         select id, modifier_logic, modifier_amount from contracts
          where property_id = p.id and agency_id = $3 and status = 'approved'
          order by created_at desc limit 1
       ) c on true
      where p.id = $1 and p.kind = $2`,
    [value, kind, agencyOf(at)],
  );
  if (!row) return null;
  return { id: String(row.id), kind, contractId: (row.contract_id as string | null) ?? null, row };
}

/**
 * A property of the path's kind with the agency's approved contract, if any (prepared: every booking and
 * pricing call reads it).
 */
// The public store's lookups, asked on every call of a visitor's page: prepared (planned once a connection).
const publicStoreSql = prepared(
  `select id, property_id, slug from stores where lower(slug) = lower($1) and status = 'active'`,
  { readOnly: true },
);
// A property id in the slug's place (a card's address, docs/decisions.md): the property's first active store.
const publicStoreOfPropertySql = prepared(
  `select id, property_id, slug from stores where property_id = $1 and status = 'active'
    order by created_at, id limit 1`,
  { readOnly: true },
);
// The redemption pages' lookups (every call of the booking page): prepared.
const redeemableCardSql = prepared(
  `select c.id, c.generated_id, c.gift_card_type_id, t.property_id, t.giftcard_type,
          to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date,
          coalesce(t.length_of_stay, 1) as length_of_stay, c.source_of_sale = 'campaign' as campaign
     from gift_cards c join gift_card_types t on t.id = c.gift_card_type_id
    where c.generated_id = $1`,
  { readOnly: true },
);
// A single-property card at its type's property; a multi-property one at the hotels of its type's plans.
const redemptionPropertySql = prepared(
  `select p.id, p.title, p.currency, p.timezone, p.email
     from gift_cards c join gift_card_types t on t.id = c.gift_card_type_id
     join properties p on p.id = $1 and p.kind = 'accommodation'
    where c.generated_id = $2
      and ((t.giftcard_type = 0 and t.property_id = p.id)
           or (t.giftcard_type = 1 and exists (
                 select 1 from gift_card_type_rate_plans g join units u on u.id = g.unit_id
                  where g.gift_card_type_id = t.id and u.property_id = p.id)))`,
  { readOnly: true },
);
const storeGiftCardTypeSql = prepared(
  `select t.id, t.property_id from gift_card_types t
     join store_gift_card_types sg on sg.gift_card_type_id = t.id
     join stores s on s.id = sg.store_id
    where t.id = $1 and t.status = 'published' and lower(s.slug) = lower($2) and s.status = 'active'`,
  { readOnly: true },
);

const contractedPropertySql = prepared(
  `select p.id, c.id as contract_id
     from properties p
     left join lateral (
       select id from contracts
        where property_id = p.id and agency_id = $3 and status = 'approved'
        order by created_at desc limit 1
     ) c on true
    where p.id = $1 and p.kind = $2`,
  { readOnly: true },
);

// A campaign's option (of the call's campaign `id`), and the public page's published campaign: prepared.
const campaignOptionSql = prepared(
  `select o.id, o.campaign_id from gift_campaign_options o
     join gift_campaigns c on c.id = o.campaign_id
    where o.id = $1 and o.campaign_id = $2 and ($3 or c.status = 'published')`,
  { readOnly: true },
);
const publicCampaignSql = prepared(
  `select id, property_id from gift_campaigns where id = $1 and status = 'published'`,
  { readOnly: true },
);

/** An option of the call's campaign (`id`); `published`: of a published one only (the public page's). */
async function campaignOptionOf(
  value: string,
  at: Lookup,
  published: boolean,
): Promise<{ id: string; campaignId: string } | null> {
  const campaign = fieldOf(at.input, 'id');
  if (!campaign.found || typeof campaign.value !== 'string' || !UUID.test(campaign.value)) return null;
  const row = await at.db.one<{ id: string; campaign_id: string }>(campaignOptionSql, [
    value,
    campaign.value,
    !published,
  ]);
  return row ? { id: row.id, campaignId: row.campaign_id } : null;
}

/** Which rows of a property's table a call may name: live cancellation policies, a hotel's room types. */
const KEPT = {
  promo_codes: 'true',
  payment_providers: 'true',
  cancellation_policies: 'not r.archived',
  units: `r.property_id in (select id from properties where kind = 'accommodation')`,
  rate_plans: 'true',
  gift_card_types: 'true',
  gift_cards: 'true',
  gift_card_purchases: 'true',
  stores: 'true',
  gift_campaigns: 'true',
} as const;

/**
 * A row of a property's own table (promo codes, payment providers, cancellation policies, room types, rate
 * plans, gift card types, issued gift cards, gift-card stores): of a property the caller works at (any for
 * an admin), and of the call's `propertyId` when it names one.
 */
async function propertyRowOf(
  table: keyof typeof KEPT,
  value: string,
  at: Lookup,
): Promise<{ id: string; propertyId: string } | null> {
  const u = user(at);
  const propertyId = fieldOf(at.input, 'propertyId');
  const of = propertyId.found && typeof propertyId.value === 'string' ? propertyId.value : null;
  const row = await at.db.one<{ id: string; property_id: string }>(
    `select r.id, r.property_id from ${table} r
      where r.id = $1 and ($2::uuid is null or r.property_id = $2)
        and ${KEPT[table]}
        and ($3 or r.property_id in (${propertiesOf('$4')}))`,
    [value, of && UUID.test(of) ? of : null, u.role === 'admin', u.id],
  );
  return row ? { id: row.id, propertyId: row.property_id } : null;
}

const resolvers: { [K in OwnerKind]: Resolver<K> } = {
  agency: async (value, at) => {
    const u = user(at);
    if (u.role === 'reseller' && value !== u.agencyId) return null;
    return at.db.one<OwnedAgency>('select id, name from agencies where id = $1', [value]);
  },
  agencyUser: async (value, at) => {
    const u = user(at);
    const row = await at.db.one<{ id: string; agency_id: string | null }>(
      'select id, agency_id from users where id = $1',
      [value],
    );
    if (!row || (u.role === 'reseller' && row.agency_id !== u.agencyId)) return null;
    return { id: row.id, agencyId: row.agency_id };
  },
  property: async (value, at) => {
    const p = await propertyOf(value, at);
    if (!p || (user(at).role === 'supplier' && p.memberRole === null)) return null;
    return p;
  },
  giftCardTypePlanProperty: async (value, at) => {
    const p = await propertyOf(value, at);
    if (!p) return null;
    if (user(at).role !== 'supplier' || p.memberRole !== null) return { ...p, keptOnly: false };
    const typeId = fieldOf(at.input, 'id');
    const of = typeId.found && typeof typeId.value === 'string' ? typeId.value : null;
    if (!of || !UUID.test(of)) return null;
    const kept = await at.db.one(
      `select 1 from gift_card_type_rate_plans g join units u on u.id = g.unit_id
        where g.gift_card_type_id = $1 and u.property_id = $2 limit 1`,
      [of, value],
    );
    return kept ? { ...p, keptOnly: true } : null;
  },
  managedProperty: async (value, at) => {
    const p = await propertyOf(value, at);
    if (!p || managesProperty(user(at).role, p.memberRole)) return p;
    // Its staff see the property: refused by name (a manager's right), not hidden.
    if (p.memberRole === 'user') throw forbidden('managers_only');
    return null;
  },
  managedUser: managedUserOf,
  managedAccount: async (value, at) => {
    const found = await managedUserOf(value, at);
    // Seen but not the caller's to change: 403 with the rule's reason (an unseen one stays a 404).
    if (found?.may.refusal) throw forbidden(found.may.refusal);
    return found;
  },
  apiKey: (value, at) =>
    at.db.one<{ id: string; active: boolean }>(
      'select id, active from api_keys where id = $1 and agency_id = $2',
      [value, agencyOf(at)],
    ),
  promoCode: (value, at) => propertyRowOf('promo_codes', value, at),
  paymentProvider: (value, at) => propertyRowOf('payment_providers', value, at),
  cancellationPolicy: (value, at) => propertyRowOf('cancellation_policies', value, at),
  giftCardType: (value, at) => propertyRowOf('gift_card_types', value, at),
  giftCard: (value, at) => propertyRowOf('gift_cards', value, at),
  giftCardPurchase: (value, at) => propertyRowOf('gift_card_purchases', value, at),
  giftCampaign: (value, at) => propertyRowOf('gift_campaigns', value, at),
  giftCampaignOption: (value, at) => campaignOptionOf(value, at, false),
  // A campaign's public page and its pick: anyone may ask; a draft or an archived campaign is not there.
  publicGiftCampaign: async (value, at) => {
    const row = await at.db.one<{ id: string; property_id: string }>(publicCampaignSql, [value]);
    return row ? { id: row.id, propertyId: row.property_id } : null;
  },
  publicGiftCampaignOption: (value, at) => campaignOptionOf(value, at, true),
  store: (value, at) => propertyRowOf('stores', value, at),
  // The public store: anyone may ask, by slug in any case; an inactive store is not there.
  // A property id in the slug's place resolves to that property's first active store.
  publicStore: async (value, at) => {
    const row = await at.db.one<{ id: string; property_id: string; slug: string }>(
      UUID.test(value) ? publicStoreOfPropertySql : publicStoreSql,
      [value],
    );
    return row ? { id: row.id, propertyId: row.property_id, slug: row.slug } : null;
  },
  // A card by its code (normalised by the contract): anyone holding it may ask; misses are throttled per address.
  redeemableGiftCard: async (value, at) => {
    const client = at.client;
    if (client) await assertNotThrottled(client.db, client.clock, 'gift_card_code', null, client.ip);
    const row = await at.db.one<{
      id: string;
      generated_id: string;
      gift_card_type_id: string;
      property_id: string;
      giftcard_type: number;
      expiration_date: string;
      length_of_stay: number;
      campaign: boolean;
    }>(redeemableCardSql, [value]);
    if (!row) {
      // The miss counts even though the call is refused (a booking's refusal under an Idempotency-Key undoes
      // its writes): a lasting write.
      if (client)
        await client.lasting((db) =>
          recordAttempt(db, client.clock, {
            kind: 'gift_card_code',
            email: null,
            ip: client.ip,
            succeeded: false,
          }),
        );
      return null;
    }
    return {
      id: row.id,
      code: row.generated_id,
      typeId: row.gift_card_type_id,
      propertyId: row.property_id,
      giftcardType: Number(row.giftcard_type) as 0 | 1 | 2,
      expirationDate: row.expiration_date,
      lengthOfStay: Number(row.length_of_stay),
      marketingCampaign: row.campaign,
    };
  },
  redemptionProperty: async (value, at) => {
    const code = fieldOf(at.input, 'code');
    if (!UUID.test(value) || !code.found || typeof code.value !== 'string') return null;
    const row = await at.db.one<OwnedRedemptionProperty>(redemptionPropertySql, [value, code.value]);
    return row
      ? { id: row.id, title: row.title, currency: row.currency, timezone: row.timezone, email: row.email }
      : null;
  },
  storeGiftCardType: async (value, at) => {
    const slug = fieldOf(at.input, 'storeSlug');
    if (!UUID.test(value) || !slug.found || typeof slug.value !== 'string') return null;
    const row = await at.db.one<{ id: string; property_id: string }>(storeGiftCardTypeSql, [
      value,
      slug.value,
    ]);
    return row ? { id: row.id, propertyId: row.property_id } : null;
  },
  pdfTemplate: async (value, at) => {
    const u = user(at);
    const propertyId = fieldOf(at.input, 'propertyId');
    const of = propertyId.found && typeof propertyId.value === 'string' ? propertyId.value : null;
    // A built-in template, or the call's property's own (of a property the caller works at).
    const row = await at.db.one<{ id: string; property_id: string | null }>(
      `select t.id, t.property_id from pdf_templates t
        where t.id = $1
          and (t.property_id is null
               or ($2::uuid is not null and t.property_id = $2
                   and ($3 or t.property_id in (${propertiesOf('$4')}))))`,
      [value, of && UUID.test(of) ? of : null, u.role === 'admin', u.id],
    );
    return row ? { id: row.id, propertyId: row.property_id } : null;
  },
  unit: (value, at) => propertyRowOf('units', value, at),
  ratePlan: (value, at) => propertyRowOf('rate_plans', value, at),
  booking: (value, at) => bookingOf(value, at),
  vehicleBooking: (value, at) => bookingOf(value, at, 'vehicle'),
  contract: async (value, at) => {
    const u = user(at);
    const scope = visibleTo(viewerOf(u), 'c', '$2');
    const row = await at.db.one<{
      id: string;
      status: string;
      initiator: OwnedContract['initiator'];
      agency_id: string;
      property_id: string;
    }>(
      `select c.id, c.status, c.initiator, c.agency_id, c.property_id from contracts c
        where c.id = $1 and ${scope.sql}`,
      [value, scope.param],
    );
    return row
      ? {
          id: row.id,
          status: row.status,
          initiator: row.initiator,
          agencyId: row.agency_id,
          propertyId: row.property_id,
        }
      : null;
  },
  engineProperty: enginePropertyOf,
  contractedProperty: async (value, at) => {
    const kind = engineKindOf(at);
    const row = await at.db.one<{ id: string; contract_id: string | null }>(contractedPropertySql, [
      value,
      kind,
      agencyOf(at),
    ]);
    if (!row) throw notFound(missing.engineProperty);
    return row.contract_id ? { id: row.id, kind, contractId: row.contract_id } : null;
  },
  vehicleQuery: async (value, at) => {
    const row = await at.db.one<{ id: string; body: Record<string, unknown>; created_at: Date }>(
      'select id, body, created_at from vehicle_queries where id = $1 and agency_id = $2',
      [value, agencyOf(at)],
    );
    return row ? { id: row.id, body: row.body, createdAt: new Date(row.created_at) } : null;
  },
  narrows: async (value) => value,
  unowned: async (value) => value,
};

/**
 * Where a declared field sits: params, then query, then the body's top level; `list[].field` collects the
 * field of each item of a top-level list (items without it are left out).
 */
function fieldOf(input: Lookup['input'], name: string): { found: false } | { found: true; value: unknown } {
  const nested = /^(\w+)\[\]\.(\w+)$/.exec(name);
  if (nested) {
    const list = fieldOf(input, nested[1]!);
    if (!list.found || !Array.isArray(list.value)) return { found: false };
    const values = list.value
      .map((item) =>
        item && typeof item === 'object' ? (item as Record<string, unknown>)[nested[2]!] : undefined,
      )
      .filter((v) => v !== undefined && v !== null);
    return { found: true, value: values };
  }
  for (const part of [input.params, input.query, input.body]) {
    if (part && typeof part === 'object' && Object.hasOwn(part, name))
      return { found: true, value: (part as Record<string, unknown>)[name] };
  }
  return { found: false };
}

/**
 * Resolves every id the endpoint declares (`owns`): an absent optional field is left out, a list resolves
 * item by item. Throws the kind's 404 for an id that names nothing the caller may use.
 */
export async function resolveOwned(
  db: Db,
  endpoint: Endpoint,
  auth: Auth | null,
  input: Lookup['input'],
  client?: Client,
): Promise<Record<string, unknown>> {
  const owned: Record<string, unknown> = {};
  if (!endpoint.owns) return owned;
  const at: Lookup = { db: { one: (sql, params) => db.one(readOnly(sql), params) }, auth, input, client };
  for (const [name, kind] of Object.entries(endpoint.owns)) {
    const field = fieldOf(input, name);
    if (!field.found || field.value === undefined || field.value === null) continue;
    const resolve = resolvers[kind] as Resolver<typeof kind>;
    const one = async (value: unknown) => {
      const resolved = await resolve(String(value), at);
      if (resolved === null) throw notFound(missing[kind]);
      return resolved;
    };
    owned[name] = Array.isArray(field.value)
      ? await Promise.all(field.value.map(one))
      : await one(field.value);
  }
  return owned;
}
