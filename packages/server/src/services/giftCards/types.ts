import { todayIn } from '@tern/core/dates';
import { giftCardStock, isFutureExpiry, multiPropertyAllowed } from '@tern/core/giftCards';
import {
  GIFT_CARD_MULTI,
  GIFT_CARD_NO_PROPERTY,
  type GiftCardType,
  type GiftCardTypeSize,
  type GiftCardTypeStatus,
  giftCardDiscountOf,
  type giftCardTypeCreateBody,
  type giftCardTypeUpdateBody,
  type ListMeta,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, fieldError, HttpError, invalidField } from '../../http/errors.js';
import type { OwnedPlanProperty, OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { ListFilter, listPage } from '../listQuery.js';
import { checkTypeStores, type TypeStorePlaces } from '../stores.js';
import { ownedUploads, uploadFileOf } from '../uploads/uploads.js';
import { checkTypeTemplate } from './pdfTemplates.js';

// Gift card types (document 3 §2.3, §3, §4 M23, §5; DECISIONS 13, 16): listed by status tab, made (created or
// published at once), changed while no card exists (then only what does not change what was sold), duplicated,
// published and unpublished (archived). Every write is one transaction with its audit entry.

type CreateBody = z.output<typeof giftCardTypeCreateBody>;
type UpdateBody = z.output<typeof giftCardTypeUpdateBody>;

interface TypeRow {
  id: string;
  property_id: string;
  giftcard_type: 0 | 1 | 2;
  title: string;
  description: string;
  price: string;
  net_price: string | null;
  card_limit: number;
  issued: number;
  expiration_type: 0 | 1;
  expiration_duration: number | null;
  expiration_unit: GiftCardType['expirationDurationUnit'];
  absolute_expiration_date: string | null;
  status: GiftCardTypeStatus;
  length_of_stay: number | null;
  reservation_value: 0 | 1 | null;
  store_ids: string[];
  offer_letter_delivery: boolean;
  offer_pickup_at_hotel: boolean;
  pdf_template_id: string | null;
  photos: string[];
  duplicate_of: string | null;
  created_at: Date;
  updated_at: Date;
}

interface PlanRow {
  gift_card_type_id: string;
  property_id: string;
  unit_id: string;
  unit_title: string;
  rate_plan_id: string;
  rate_plan_title: string;
  upsell: boolean;
  price: string | null;
  currency: string;
}

export const TYPE_COLUMNS = `t.id, t.property_id, t.giftcard_type, t.title, t.description, t.price, t.net_price,
  t.card_limit, t.issued, t.expiration_type, t.expiration_duration, t.expiration_unit,
  to_char(t.absolute_expiration_date, 'YYYY-MM-DD') as absolute_expiration_date, t.status, t.length_of_stay,
  t.reservation_value, t.store_ids, t.offer_letter_delivery, t.offer_pickup_at_hotel, t.pdf_template_id, t.photos,
  t.duplicate_of, t.created_at, t.updated_at`;

function toType(r: TypeRow, plans: PlanRow[], held: number): GiftCardType {
  const price = Number(r.price);
  const netPrice = r.net_price === null ? price : Number(r.net_price);
  const path = (p: PlanRow) => ({
    propertyId: p.property_id,
    roomTypeId: p.unit_id,
    roomTypeTitle: p.unit_title,
    ratePlanId: p.rate_plan_id,
    ratePlanTitle: p.rate_plan_title,
  });
  return {
    id: r.id,
    type: 'giftCardType',
    propertyId: r.property_id,
    giftcardType: r.giftcard_type,
    title: r.title,
    description: r.description,
    price,
    netPrice,
    discount: giftCardDiscountOf(price, r.net_price === null ? null : netPrice),
    limit: r.card_limit,
    issued: r.issued,
    stock: giftCardStock(r.card_limit, r.issued + held),
    expirationType: r.expiration_type,
    expirationDuration: r.expiration_duration,
    expirationDurationUnit: r.expiration_unit,
    absoluteExpirationDate: r.absolute_expiration_date,
    status: r.status,
    settings:
      r.length_of_stay === null
        ? null
        : { lengthOfStay: r.length_of_stay, reservationValue: r.reservation_value ?? 0 },
    storeIds: r.store_ids,
    ratePlans: plans.filter((p) => !p.upsell).map(path),
    upsellRatePlans: plans
      .filter((p) => p.upsell)
      .map((p) => ({ ...path(p), price: Number(p.price), currency: p.currency })),
    offerLetterDelivery: r.offer_letter_delivery,
    offerPickupAtHotel: r.offer_pickup_at_hotel,
    pdfTemplateId: r.pdf_template_id,
    photos: r.photos.map((url, position) => ({ url, position })),
    locked: r.issued > 0,
    duplicateOf: r.duplicate_of,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function plansOf(db: Db, typeIds: string[]): Promise<PlanRow[]> {
  if (!typeIds.length) return [];
  return db.query<PlanRow>(
    `select g.gift_card_type_id, u.property_id, g.unit_id, u.title as unit_title, g.rate_plan_id,
            rp.title as rate_plan_title, g.upsell, g.price, p.currency
       from gift_card_type_rate_plans g
       join units u on u.id = g.unit_id
       join properties p on p.id = u.property_id
       join rate_plans rp on rp.id = g.rate_plan_id
      where g.gift_card_type_id = any($1::uuid[])
      order by g.gift_card_type_id, g.position`,
    [typeIds],
  );
}

/**
 * Cards of each type held by the public store's open checkouts at `at` (`gift_card_type_held`, migration 059:
 * the one definition of stock is limit − issued − held).
 */
async function heldOf(db: Db, typeIds: string[], at: Date): Promise<Map<string, number>> {
  if (!typeIds.length) return new Map();
  const rows = await db.query<{ id: string; held: number }>(
    'select id, gift_card_type_held(id, $2) as held from unnest($1::uuid[]) as id',
    [typeIds, at],
  );
  return new Map(rows.map((r) => [r.id, r.held]));
}

async function withPlans(db: Db, rows: TypeRow[], at: Date): Promise<GiftCardType[]> {
  const ids = rows.map((r) => r.id);
  const plans = await plansOf(db, ids);
  const held = await heldOf(db, ids, at);
  return rows.map((r) =>
    toType(
      r,
      plans.filter((p) => p.gift_card_type_id === r.id),
      held.get(r.id) ?? 0,
    ),
  );
}

/** A type, its stock counted at `at` (the server's clock). */
export async function getGiftCardType(db: Db, id: string, at: Date): Promise<GiftCardType> {
  const row = await db.one<TypeRow>(`select ${TYPE_COLUMNS} from gift_card_types t where t.id = $1`, [id]);
  return (await withPlans(db, [row!], at))[0]!;
}

export function listGiftCardTypes(
  db: Db,
  propertyId: string,
  query: { status: GiftCardTypeStatus; term?: string | undefined; page: number; limit: number },
  at: Date,
): Promise<{ items: GiftCardType[]; meta: ListMeta }> {
  return listPage(db, {
    select: `select ${TYPE_COLUMNS} from gift_card_types t`,
    from: 'gift_card_types t',
    filter: new ListFilter([propertyId, query.status], ['t.property_id = $1', 't.status = $2']).search(
      query.term,
      ['t.title'],
    ),
    order: 't.created_at desc, t.id desc',
    page: query.page,
    limit: query.limit,
    items: (rows: TypeRow[]) => withPlans(db, rows, at),
  });
}

/** The stock of each of a property's types at `at`, as the issuing counts it (the store's holds taken off). */
export async function giftCardTypeSizes(
  db: Db,
  propertyId: string,
  at: Date,
): Promise<{ items: GiftCardTypeSize[] }> {
  const rows = await db.query<{ id: string; card_limit: number; issued: number; held: number }>(
    `select id, card_limit, issued, gift_card_type_held(id, $2) as held
       from gift_card_types where property_id = $1 order by created_at desc, id desc`,
    [propertyId, at],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      limit: r.card_limit,
      issued: r.issued,
      stock: giftCardStock(r.card_limit, r.issued + r.held),
    })),
  };
}

interface ResolvedPlan {
  unitId: string;
  ratePlanId: string;
  upsell: boolean;
  price: number | null;
}

/** What a type being changed already has: its date and its rate plans' paths. */
type Kept = Pick<GiftCardType, 'absoluteExpirationDate' | 'ratePlans' | 'upsellRatePlans'>;

/**
 * The rows' other properties as the contract's `owns` resolved them (`property` on a new type,
 * `giftCardTypePlanProperty` on a change): whom they belong to is decided there, not here.
 */
export type PlanProperties = readonly (OwnedProperty & Partial<Pick<OwnedPlanProperty, 'keptOnly'>>)[];

/**
 * The rules beyond ownership (the contract's `owns` resolved every row's property): each rate plan is of its
 * row's property (the type's for a single-property type) and sells its room type; a multi-property type is made
 * by a caller working at two properties or more (core's `multiPropertyAllowed`); at a property the caller reaches
 * only through the type's plans there (`keptOnly`), a row keeps one of those plans and adds none; an absolute
 * expiry is after today; photos are the property's uploads.
 */
async function check(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  places: PlanProperties,
  body: UpdateBody,
  kept: Kept | null,
): Promise<ResolvedPlan[]> {
  const today = todayIn(property.timezone, actor.clock.now());
  if (
    body.expirationType === 1 &&
    body.absoluteExpirationDate &&
    body.absoluteExpirationDate !== kept?.absoluteExpirationDate &&
    !isFutureExpiry(body.absoluteExpirationDate, today)
  )
    throw invalidField('expiration_not_future', 'absoluteExpirationDate', { today });

  const admin = actor.auth?.user.role === 'admin';
  // The kind is chosen when the type is made (document 3 §4: not changeable when editing).
  if (body.giftcardType === GIFT_CARD_MULTI && !admin && kept === null) {
    const mine = await db.one<{ n: number }>(
      'select count(*)::int as n from property_users where user_id = $1',
      [actor.auth?.user.id],
    );
    if (!multiPropertyAllowed(false, Number(mine?.n ?? 0)))
      throw invalidField('multi_property_needs_two', 'giftcardType');
  }

  const rows = [
    ...body.ratePlans.map((p, i) => ({ ...p, upsell: false, price: null, field: `ratePlans.${i}` })),
    ...body.upsellRatePlans.map((p, i) => ({ ...p, upsell: true, field: `upsellRatePlans.${i}` })),
  ];
  const found = rows.length
    ? await db.query<{ id: string; unit_id: string; property_id: string }>(
        'select id, unit_id, property_id from rate_plans where id = any($1::uuid[])',
        [rows.map((r) => r.ratePlanId)],
      )
    : [];
  const plans = new Map(found.map((p) => [p.id, p]));
  const keptOnly = new Set(places.filter((p) => p.keptOnly).map((p) => p.id));
  const path = (p: { propertyId?: string | undefined; roomTypeId: string; ratePlanId: string }) =>
    `${p.propertyId ?? property.id}/${p.roomTypeId}/${p.ratePlanId}`;
  const had = new Set([...(kept?.ratePlans ?? []), ...(kept?.upsellRatePlans ?? [])].map(path));
  for (const row of rows) {
    const of = row.propertyId ?? property.id;
    if (body.giftcardType !== GIFT_CARD_MULTI && of !== property.id)
      throw invalidField('rate_plan_not_property', `${row.field}.propertyId`);
    if (keptOnly.has(of) && !had.has(path(row)))
      throw new HttpError(404, 'property_not_found', {
        fields: [fieldError(`${row.field}.propertyId`, 'property_not_found')],
      });
    const plan = plans.get(row.ratePlanId);
    if (!plan || plan.property_id !== of)
      throw new HttpError(404, 'rate_plan_not_found', {
        fields: [fieldError(`${row.field}.ratePlanId`, 'rate_plan_not_found')],
      });
    if (plan.unit_id !== row.roomTypeId)
      throw invalidField('rate_plan_not_of_room_type', `${row.field}.roomTypeId`);
  }

  const files = body.photos.map((p) => uploadFileOf(p.url));
  const own = await ownedUploads(
    db,
    { type: 'property', id: property.id },
    files.filter((f): f is string => f !== null),
  );
  const seen = new Set<string>();
  files.forEach((file, i) => {
    if (!file || !own.has(file)) throw invalidField('unknown_photo', `photos.${i}.url`);
    if (seen.has(file)) throw invalidField('duplicate_photo', `photos.${i}.url`);
    seen.add(file);
  });

  return rows.map((r) => ({
    unitId: r.roomTypeId,
    ratePlanId: r.ratePlanId,
    upsell: r.upsell,
    price: r.price,
  }));
}

/**
 * Where the type's stores may be (`checkTypeStores`): a multi-property type's hotels are its property and its
 * rows' properties (document 2 I2 "group stores"), the caller reaching those it works at; another type's, its
 * property. A type being changed keeps the stores it has. The stores sell in the type's property's currency.
 */
function storePlacesOf(
  property: OwnedProperty,
  places: PlanProperties,
  body: UpdateBody,
  kept: Pick<GiftCardType, 'storeIds'> | null,
): TypeStorePlaces {
  const rows = [...body.ratePlans, ...body.upsellRatePlans].map((r) => r.propertyId ?? property.id);
  const hotels = body.giftcardType === GIFT_CARD_MULTI ? [...new Set([property.id, ...rows])] : [property.id];
  const keptOnly = new Set(places.filter((p) => p.keptOnly).map((p) => p.id));
  return {
    currency: property.currency,
    hotels,
    reachable: hotels.filter((h) => !keptOnly.has(h)),
    kept: kept?.storeIds ?? [],
  };
}

const columnValues = (b: UpdateBody) => {
  const noProperty = b.giftcardType === GIFT_CARD_NO_PROPERTY;
  return [
    b.giftcardType,
    b.title,
    b.description,
    b.price,
    b.netPrice == null || b.netPrice === b.price ? null : b.netPrice,
    b.limit,
    b.expirationType,
    b.expirationType === 0 ? b.expirationDuration : null,
    b.expirationType === 0 ? b.expirationDurationUnit : null,
    b.expirationType === 1 ? b.absoluteExpirationDate : null,
    noProperty ? null : b.settings.lengthOfStay,
    noProperty ? null : b.settings.reservationValue,
    b.storeIds,
    b.offerLetterDelivery,
    b.offerPickupAtHotel,
    b.pdfTemplateId,
    JSON.stringify(b.photos.map((p) => p.url)),
  ];
};

/** Document 3 §5: the pickup offer is forced off on save unless every chosen store allows pickup. */
const withPickup = <B extends UpdateBody>(b: B, pickupAllowed: boolean): B => ({
  ...b,
  offerPickupAtHotel: b.offerPickupAtHotel && pickupAllowed,
});

async function writePlans(tx: Db, typeId: string, plans: ResolvedPlan[]): Promise<void> {
  await tx.query('delete from gift_card_type_rate_plans where gift_card_type_id = $1', [typeId]);
  if (!plans.length) return;
  await tx.query(
    `insert into gift_card_type_rate_plans (gift_card_type_id, unit_id, rate_plan_id, upsell, price, position)
     select $1, u, r, up, pr, ord - 1
       from unnest($2::uuid[], $3::uuid[], $4::boolean[], $5::numeric[]) with ordinality as x(u, r, up, pr, ord)`,
    [
      typeId,
      plans.map((p) => p.unitId),
      plans.map((p) => p.ratePlanId),
      plans.map((p) => p.upsell),
      plans.map((p) => p.price),
    ],
  );
}

/** What the trail follows of a type: its terms, not its timestamps or counters. */
const trailOf = ({
  createdAt: _c,
  updatedAt: _u,
  type: _t,
  issued: _i,
  stock: _s,
  locked: _l,
  ...f
}: GiftCardType) => f;

export async function createGiftCardType(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  places: PlanProperties,
  body: CreateBody,
): Promise<GiftCardType> {
  return db.transaction(async (tx) => {
    const plans = await check(tx, actor, property, places, body, null);
    const stores = await checkTypeStores(tx, storePlacesOf(property, places, body, null), body.storeIds);
    await checkTypeTemplate(tx, property.id, body.pdfTemplateId);
    const row = await tx.one<{ id: string }>(
      `insert into gift_card_types (property_id, status, giftcard_type, title, description, price, net_price,
              card_limit, expiration_type, expiration_duration, expiration_unit, absolute_expiration_date,
              length_of_stay, reservation_value, store_ids, offer_letter_delivery, offer_pickup_at_hotel,
              pdf_template_id, photos, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
       returning id`,
      [
        property.id,
        body.publish ? 'published' : 'created',
        ...columnValues(withPickup(body, stores.pickupAllowed)),
        actor.clock.now(),
      ],
    );
    await writePlans(tx, row!.id, plans);
    const made = await getGiftCardType(tx, row!.id, actor.clock.now());
    await audit(tx, actor, {
      objectType: 'giftCardType',
      objectId: made.id,
      action: 'create',
      before: null,
      after: trailOf(made),
    });
    return made;
  });
}

/** The terms a body gives, in the shape of a type's, to compare with what was sold. */
function termsOf(t: {
  giftcardType: number;
  price: number;
  netPrice: number | null;
  limit: number;
  expirationType: number;
  expirationDuration: number | null;
  expirationDurationUnit: string | null;
  absoluteExpirationDate: string | null;
  settings: { lengthOfStay: number; reservationValue: number } | null;
  ratePlans: { roomTypeId: string; ratePlanId: string }[];
  upsellRatePlans: { roomTypeId: string; ratePlanId: string; price: number }[];
}): Record<string, unknown> {
  const period = t.expirationType === 0;
  return {
    price: t.price,
    netPrice: t.netPrice ?? t.price,
    limit: t.limit,
    expirationType: t.expirationType,
    expirationDuration: period ? t.expirationDuration : null,
    expirationDurationUnit: period ? t.expirationDurationUnit : null,
    absoluteExpirationDate: period ? null : t.absoluteExpirationDate,
    settings: t.giftcardType === GIFT_CARD_NO_PROPERTY ? null : t.settings,
    ratePlans: t.ratePlans.map((p) => [p.roomTypeId, p.ratePlanId]),
    upsellRatePlans: t.upsellRatePlans.map((p) => [p.roomTypeId, p.ratePlanId, p.price]),
  };
}

export async function updateGiftCardType(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  places: PlanProperties,
  id: string,
  body: UpdateBody,
): Promise<GiftCardType> {
  return db.transaction(async (tx) => {
    // The row lock orders this change against issuing: no card is issued on terms changing under it.
    await tx.query('select id from gift_card_types where id = $1 for update', [id]);
    const before = await getGiftCardType(tx, id, actor.clock.now());
    if (before.status === 'archived') throw conflict('gift_card_type_archived');
    if (body.giftcardType !== before.giftcardType) throw invalidField('gift_card_kind_fixed', 'giftcardType');
    if (before.locked) {
      const was = termsOf(before);
      const now = termsOf({ ...body, netPrice: body.netPrice ?? null, settings: body.settings });
      const changed = Object.keys(was).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
      if (changed.length) throw conflict('gift_card_type_locked', { fields: changed.join(', ') });
    }
    const plans = await check(tx, actor, property, places, body, before);
    const stores = await checkTypeStores(tx, storePlacesOf(property, places, body, before), body.storeIds);
    await checkTypeTemplate(tx, property.id, body.pdfTemplateId);
    await tx.query(
      `update gift_card_types set giftcard_type = $2, title = $3, description = $4, price = $5, net_price = $6,
              card_limit = $7, expiration_type = $8, expiration_duration = $9, expiration_unit = $10,
              absolute_expiration_date = $11, length_of_stay = $12, reservation_value = $13, store_ids = $14,
              offer_letter_delivery = $15, offer_pickup_at_hotel = $16, pdf_template_id = $17, photos = $18,
              updated_at = $19
        where id = $1`,
      [id, ...columnValues(withPickup(body, stores.pickupAllowed)), actor.clock.now()],
    );
    if (!before.locked) await writePlans(tx, id, plans);
    const after = await getGiftCardType(tx, id, actor.clock.now());
    await audit(tx, actor, {
      objectType: 'giftCardType',
      objectId: id,
      action: 'update',
      before: trailOf(before),
      after: trailOf(after),
    });
    return after;
  });
}

/** A copy with the status created and nothing issued, open to editing (document 3 §2.3, §4). */
export async function duplicateGiftCardType(db: Db, actor: Actor, id: string): Promise<GiftCardType> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: string }>(
      `insert into gift_card_types (property_id, status, giftcard_type, title, description, price, net_price,
              card_limit, expiration_type, expiration_duration, expiration_unit, absolute_expiration_date,
              length_of_stay, reservation_value, store_ids, offer_letter_delivery, offer_pickup_at_hotel,
              pdf_template_id, photos, duplicate_of, created_at, updated_at)
       select property_id, 'created', giftcard_type, title, description, price, net_price, card_limit,
              expiration_type, expiration_duration, expiration_unit, absolute_expiration_date, length_of_stay,
              reservation_value, store_ids, offer_letter_delivery, offer_pickup_at_hotel, pdf_template_id, photos,
              id, $2, $2
         from gift_card_types where id = $1
       returning id`,
      [id, actor.clock.now()],
    );
    await tx.query(
      `insert into gift_card_type_rate_plans (gift_card_type_id, unit_id, rate_plan_id, upsell, price, position)
       select $2, unit_id, rate_plan_id, upsell, price, position from gift_card_type_rate_plans
        where gift_card_type_id = $1`,
      [id, row!.id],
    );
    const made = await getGiftCardType(tx, row!.id, actor.clock.now());
    await audit(tx, actor, {
      objectType: 'giftCardType',
      objectId: made.id,
      action: 'duplicate',
      before: null,
      after: trailOf(made),
    });
    return made;
  });
}

/** M23: created → published (publish), published → archived (unpublish); anything else is refused. */
export async function moveGiftCardType(
  db: Db,
  actor: Actor,
  id: string,
  to: 'published' | 'archived',
): Promise<GiftCardType> {
  const from: GiftCardTypeStatus = to === 'published' ? 'created' : 'published';
  return db.transaction(async (tx) => {
    const row = await tx.one<{ status: GiftCardTypeStatus }>(
      'select status from gift_card_types where id = $1 for update',
      [id],
    );
    if (row!.status !== from) throw conflict('gift_card_type_status', { status: row!.status });
    await tx.query('update gift_card_types set status = $2, updated_at = $3 where id = $1', [
      id,
      to,
      actor.clock.now(),
    ]);
    await audit(tx, actor, {
      objectType: 'giftCardType',
      objectId: id,
      action: to === 'published' ? 'publish' : 'unpublish',
      before: { status: from },
      after: { status: to },
    });
    return getGiftCardType(tx, id, actor.clock.now());
  });
}
