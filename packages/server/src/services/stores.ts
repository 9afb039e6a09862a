import { isReservedStoreSlug } from '@tern/core/navigation';
import {
  type ErrorCode,
  type GroupStore,
  type Store,
  type StoreSummary,
  type storeInput,
  storePublicPath,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import { fieldError, HttpError, invalidField } from '../http/errors.js';
import type { OwnedProperty } from '../http/ownership.js';
import { type Actor, audit } from './admin/audit.js';
import { ownedUploads, uploadFileOf } from './uploads/uploads.js';

// Gift-card stores of a property (document 2 §2–§5, §8, §9): listed, read, made and changed by its staff. A
// slug is unique across Tern whatever its case (the unique index answers: `store_slug_taken`); the logo and the
// banner are uploads of the property; the order of the types a store sells is renumbered from 1. Which stores
// sell a type is the type's `store_ids` (checked by `checkTypeStores` when a type is saved); migration 047's
// trigger keeps `store_gift_card_types` with them. Every write is audited in its transaction.

type Input = z.output<typeof storeInput>;

interface StoreRow {
  id: string;
  property_id: string;
  name: string;
  slug: string;
  status: Store['status'];
  title_font: Store['titleFont'];
  text_font: Store['textFont'];
  corner_style: Store['cornerStyle'];
  tag_color: string;
  logo: string | null;
  photo: string | null;
  terms_and_conditions: string;
  booking_terms_and_conditions: string;
  ga_tracking_id: string;
  purchase_confirmation_email: string | null;
  allow_pickup_at_hotel: boolean;
  allow_pickup_at_hotel_info: string;
  allow_cancellation: boolean;
  cancellation_deadline_days: number | null;
  banner_title: string;
  banner_paragraph: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, property_id, name, slug, status, title_font, text_font, corner_style, tag_color, logo, photo,
  terms_and_conditions, booking_terms_and_conditions, ga_tracking_id, purchase_confirmation_email,
  allow_pickup_at_hotel, allow_pickup_at_hotel_info, allow_cancellation, cancellation_deadline_days,
  banner_title, banner_paragraph, created_at, updated_at`;

interface TypeRow {
  id: string;
  priority: number;
  title: string;
  status: Store['storeGiftCardTypes'][number]['status'];
  giftcard_type: number;
  property_title: string;
  plan_hotels: string[];
}

const urlOf = (file: string | null) => (file ? `/photos/${file}` : null);

const summaryOf = (
  r: Pick<StoreRow, 'id' | 'name' | 'slug' | 'status' | 'allow_pickup_at_hotel'>,
): StoreSummary => ({
  id: r.id,
  type: 'store',
  name: r.name,
  slugName: r.slug,
  status: r.status,
  allowPickupAtHotel: r.allow_pickup_at_hotel,
  publicPath: storePublicPath(r.slug),
});

/** The hotels a type is for: none for a no-property type, its rate plans' for a multi-property one. */
export const hotelNamesOf = (
  t: Pick<TypeRow, 'giftcard_type' | 'property_title' | 'plan_hotels'>,
): string[] =>
  t.giftcard_type === 2
    ? []
    : t.giftcard_type === 1 && t.plan_hotels.length > 0
      ? t.plan_hotels
      : [t.property_title];

const toStore = (r: StoreRow, types: TypeRow[]): Store => ({
  ...summaryOf(r),
  propertyId: r.property_id,
  titleFont: r.title_font,
  textFont: r.text_font,
  cornerStyle: r.corner_style,
  tagColor: r.tag_color,
  logoUrl: urlOf(r.logo),
  photoUrl: urlOf(r.photo),
  termsAndConditions: r.terms_and_conditions,
  bookingTermsAndConditions: r.booking_terms_and_conditions,
  gaTrackingId: r.ga_tracking_id,
  purchaseConfirmationEmail: r.purchase_confirmation_email,
  allowPickupAtHotelInfo: r.allow_pickup_at_hotel_info,
  allowCancellation: r.allow_cancellation,
  cancellationDeadlineDays: r.cancellation_deadline_days,
  bannerTitle: r.banner_title,
  bannerParagraph: r.banner_paragraph,
  storeGiftCardTypes: types.map((t) => ({
    id: t.id,
    priority: t.priority,
    giftCardTypeTitle: t.title,
    hotelNames: hotelNamesOf(t),
    status: t.status,
  })),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * The hotels of the rate plans of each of the types `ids` (SQL naming a set of ids), by name: rows of
 * `gift_card_type_id, plan_hotels` (for `hotelNamesOf`; a type with no plans has none). One pass for them all.
 */
export const planHotelsSql = (ids: string) => `
  select r.gift_card_type_id, array_agg(distinct hp.title order by hp.title) as plan_hotels
    from gift_card_type_rate_plans r join units u on u.id = r.unit_id
    join properties hp on hp.id = u.property_id
   where r.gift_card_type_id in (${ids})
   group by r.gift_card_type_id`;

const typesOf = (db: Db, storeId: string) =>
  db.query<TypeRow>(
    `select t.id, x.priority, t.title, t.status, t.giftcard_type, p.title as property_title,
            coalesce(h.plan_hotels, '{}') as plan_hotels
       from store_gift_card_types x
       join gift_card_types t on t.id = x.gift_card_type_id
       join properties p on p.id = t.property_id
       left join (${planHotelsSql('select gift_card_type_id from store_gift_card_types where store_id = $1')}) h
         on h.gift_card_type_id = t.id
      where x.store_id = $1
      order by x.priority, t.id`,
    [storeId],
  );

export async function listStores(
  db: Db,
  propertyId: string,
): Promise<{ items: StoreSummary[]; meta: { page: number; limit: number; total: number } }> {
  const rows = await db.query<StoreRow>(
    `select ${COLUMNS} from stores where property_id = $1 order by lower(name), created_at, id`,
    [propertyId],
  );
  return { items: rows.map(summaryOf), meta: { page: 1, limit: rows.length, total: rows.length } };
}

/**
 * The group stores of a multi-property gift card type (document 2 §7 `group_stores`, I2): the stores of its
 * property and of its other hotels (`owns` resolved each as one the caller works at) that sell in its currency
 * (`checkTypeStores`), by hotel — the type's own first — then by name.
 */
export async function listGroupStores(
  db: Db,
  own: OwnedProperty,
  others: readonly OwnedProperty[],
): Promise<{ items: GroupStore[]; meta: { page: number; limit: number; total: number } }> {
  const rows = await db.query<StoreRow & { property_title: string }>(
    `select s.id, s.property_id, s.name, s.slug, s.status, s.allow_pickup_at_hotel, p.title as property_title
       from stores s join properties p on p.id = s.property_id
      where s.property_id = any($1::uuid[]) and p.currency = $3
      order by s.property_id <> $2, lower(p.title), p.id, lower(s.name), s.created_at, s.id`,
    [[own.id, ...others.map((p) => p.id)], own.id, own.currency],
  );
  const items = rows.map((r) => ({
    ...summaryOf(r),
    propertyId: r.property_id,
    propertyTitle: r.property_title,
  }));
  return { items, meta: { page: 1, limit: items.length, total: items.length } };
}

async function readStore(db: Db, id: string, lock = false): Promise<Store> {
  const row = await db.one<StoreRow>(
    `select ${COLUMNS} from stores where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw new HttpError(404, 'store_not_found');
  return toStore(row, await typesOf(db, id));
}

export const getStore = (db: Db, id: string) => readStore(db, id);

/**
 * The logo and banner files: an address of an upload of the property, or the one the store shows already
 * (`kept`); `null` for none. Anything else is refused on its field.
 */
async function filesOf(
  db: Db,
  propertyId: string,
  input: Input,
  kept: { logo: string | null; photo: string | null },
): Promise<{ logo: string | null; photo: string | null }> {
  const fileOf = async (url: string | null, keptFile: string | null, field: string) => {
    if (url === null) return null;
    const file = uploadFileOf(url.split('?')[0]!);
    if (file !== null && file === keptFile) return file;
    if (file === null || !(await ownedUploads(db, { type: 'property', id: propertyId }, [file])).has(file))
      throw invalidField('unknown_photo', `store.${field}`);
    return file;
  };
  return {
    logo: await fileOf(input.logoUrl, kept.logo, 'logoUrl'),
    photo: await fileOf(input.photoUrl, kept.photo, 'photoUrl'),
  };
}

const slugTakenError = () =>
  new HttpError(409, 'store_slug_taken', { fields: [fieldError('store.slugName', 'store_slug_taken')] });

/** The unique slug index refused the write: the words document 2 §8 names. */
function slugTaken(error: unknown): never {
  if ((error as { code?: string }).code === '23505') throw slugTakenError();
  throw error;
}

/**
 * A store lives at `/{slug}` (document 3 §2.1): a server path, an app page's first segment, a store page's word
 * (`booking`, `cart`) or a typo of one is never a store — core's one list, which the web router reads too.
 */
function checkSlug(input: Input): void {
  if (isReservedStoreSlug(input.slugName)) throw slugTakenError();
}

const valuesOf = (input: Input, files: { logo: string | null; photo: string | null }) => [
  input.name,
  input.slugName,
  input.status,
  input.titleFont,
  input.textFont,
  input.cornerStyle,
  input.tagColor,
  files.logo,
  files.photo,
  input.termsAndConditions,
  input.bookingTermsAndConditions,
  input.gaTrackingId,
  input.purchaseConfirmationEmail || null,
  input.allowPickupAtHotel,
  input.allowPickupAtHotelInfo,
  input.allowCancellation,
  input.cancellationDeadlineDays,
  input.bannerTitle,
  input.bannerParagraph,
];

/** What the trail follows of a store: its settings, not its timestamps. */
const trailOf = ({ createdAt: _c, updatedAt: _u, type: _t, publicPath: _p, ...fields }: Store) => fields;

export async function createStore(db: Db, actor: Actor, propertyId: string, input: Input): Promise<Store> {
  if (input.storeGiftCardTypes?.length) throw invalidField('invalid_value', 'store.storeGiftCardTypes');
  checkSlug(input);
  return db.transaction(async (tx) => {
    const files = await filesOf(tx, propertyId, input, { logo: null, photo: null });
    const row = await tx
      .one<{ id: string }>(
        `insert into stores (property_id, name, slug, status, title_font, text_font, corner_style, tag_color, logo,
           photo, terms_and_conditions, booking_terms_and_conditions, ga_tracking_id, purchase_confirmation_email,
           allow_pickup_at_hotel, allow_pickup_at_hotel_info, allow_cancellation, cancellation_deadline_days,
           banner_title, banner_paragraph, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)
         returning id`,
        [propertyId, ...valuesOf(input, files), actor.clock.now()],
      )
      .catch(slugTaken);
    const made = await readStore(tx, row!.id);
    await audit(tx, actor, {
      objectType: 'store',
      objectId: made.id,
      action: 'create',
      before: null,
      after: trailOf(made),
    });
    return made;
  });
}

/**
 * The new order of a store's types (document 2 §4: priorities from 1, in the order of the priorities given).
 * Each id must be a gift card type of the property; one that has left the store since the form loaded is
 * passed over, and types it does not name (joined since) follow in their order.
 */
async function reorder(tx: Db, store: Store, order: NonNullable<Input['storeGiftCardTypes']>): Promise<void> {
  const ids = order.map((t) => t.id);
  const ofProperty = new Set(
    (
      await tx.query<{ id: string }>(
        'select id from gift_card_types where property_id = $1 and id = any($2::uuid[])',
        [store.propertyId, ids],
      )
    ).map((r) => r.id),
  );
  const unknown = order.findIndex((t) => !ofProperty.has(t.id));
  if (unknown >= 0) throw invalidField('gift_card_type_not_found', `store.storeGiftCardTypes.${unknown}.id`);
  const inStore = new Set(store.storeGiftCardTypes.map((t) => t.id));
  const named = [...order]
    .sort((a, b) => a.priority - b.priority)
    .map((t) => t.id)
    .filter((id) => inStore.has(id));
  const rest = store.storeGiftCardTypes.map((t) => t.id).filter((id) => !named.includes(id));
  const next = [...named, ...rest];
  await tx.query(
    `update store_gift_card_types x set priority = n.priority
       from unnest($2::uuid[]) with ordinality as n(id, priority)
      where x.store_id = $1 and x.gift_card_type_id = n.id and x.priority <> n.priority`,
    [store.id, next],
  );
}

export async function updateStore(db: Db, actor: Actor, id: string, input: Input): Promise<Store> {
  checkSlug(input);
  return db.transaction(async (tx) => {
    const before = await readStore(tx, id, true);
    const kept = await tx.one<{ logo: string | null; photo: string | null }>(
      'select logo, photo from stores where id = $1',
      [id],
    );
    const files = await filesOf(tx, before.propertyId, input, kept!);
    await tx
      .query(
        `update stores set name = $2, slug = $3, status = $4, title_font = $5, text_font = $6, corner_style = $7,
           tag_color = $8, logo = $9, photo = $10, terms_and_conditions = $11, booking_terms_and_conditions = $12,
           ga_tracking_id = $13, purchase_confirmation_email = $14, allow_pickup_at_hotel = $15,
           allow_pickup_at_hotel_info = $16, allow_cancellation = $17, cancellation_deadline_days = $18,
           banner_title = $19, banner_paragraph = $20, updated_at = $21
         where id = $1`,
        [id, ...valuesOf(input, files), actor.clock.now()],
      )
      .catch(slugTaken);
    if (input.storeGiftCardTypes) await reorder(tx, before, input.storeGiftCardTypes);
    // Document 3 §5: a type offers pickup only while every store selling it allows it.
    if (before.allowPickupAtHotel && !input.allowPickupAtHotel)
      await tx.query(
        `update gift_card_types set offer_pickup_at_hotel = false, updated_at = $2
          where $1 = any(store_ids) and offer_pickup_at_hotel`,
        [id, actor.clock.now()],
      );
    const after = await readStore(tx, id);
    await audit(tx, actor, {
      objectType: 'store',
      objectId: id,
      action: 'update',
      before: trailOf(before),
      after: trailOf(after),
    });
    return after;
  });
}

/**
 * Where a gift card type's stores may be (document 3 §5; document 2 I2 "group stores"): the type's hotels (its
 * property; for a multi-property type its rate plan rows' properties too), of which the caller works at
 * `reachable`; at the others only the stores the type sells already (`kept`) stay. A store sells in its
 * property's currency: only hotels of the type's `currency` sell it.
 */
export interface TypeStorePlaces {
  currency: string;
  hotels: readonly string[];
  reachable: readonly string[];
  kept: readonly string[];
}

/**
 * A gift card type's stores (document 3 §5): stores of the type's hotels the caller reaches, or ones it sells
 * already (400 `store_not_found` on the field of any other). Returns whether every one allows pickup, which a
 * type's pickup offer needs.
 */
export async function checkTypeStores(
  db: Db,
  places: TypeStorePlaces,
  storeIds: readonly string[],
): Promise<{ pickupAllowed: boolean }> {
  if (storeIds.length === 0) return { pickupAllowed: false };
  const rows = await db.query<{ id: string; property_id: string; allow_pickup_at_hotel: boolean }>(
    `select s.id, s.property_id, s.allow_pickup_at_hotel from stores s join properties p on p.id = s.property_id
      where s.property_id = any($1::uuid[]) and s.id = any($2::uuid[]) and p.currency = $3`,
    [[...places.hotels], [...storeIds], places.currency],
  );
  const found = new Map(
    rows
      .filter((r) => places.reachable.includes(r.property_id) || places.kept.includes(r.id))
      .map((r) => [r.id, r.allow_pickup_at_hotel]),
  );
  const fields = storeIds.flatMap((s, i) =>
    found.has(s) ? [] : [fieldError(`storeIds.${i}`, 'store_not_found')],
  );
  if (fields.length) throw new HttpError(400, 'store_not_found', { fields });
  return { pickupAllowed: storeIds.every((s) => found.get(s) === true) };
}

/**
 * What a promo code applies to (document 2 §3 promo code, applies-to): stores of the code's property (400
 * `store_not_found` on the field), each with gift card types that store sells (400 `gift_card_type_not_found`).
 */
export async function checkPromoStores(
  db: Db,
  propertyId: string,
  appliesTo: readonly { storeId: string; giftCardTypeIds: readonly string[] }[],
): Promise<void> {
  if (appliesTo.length === 0) return;
  const rows = await db.query<{ id: string; types: string[] }>(
    `select s.id, coalesce(array_agg(x.gift_card_type_id) filter (where x.gift_card_type_id is not null), '{}') as types
       from stores s left join store_gift_card_types x on x.store_id = s.id
      where s.property_id = $1 and s.id = any($2::uuid[])
      group by s.id`,
    [propertyId, appliesTo.map((a) => a.storeId)],
  );
  const sold = new Map(rows.map((r) => [r.id, new Set(r.types.map(String))]));
  const fields = appliesTo.flatMap((a, i) => {
    const types = sold.get(a.storeId);
    if (!types) return [fieldError(`appliesTo.${i}.storeId`, 'store_not_found')];
    return a.giftCardTypeIds.flatMap((t, j) =>
      types.has(t) ? [] : [fieldError(`appliesTo.${i}.giftCardTypeIds.${j}`, 'gift_card_type_not_found')],
    );
  });
  if (fields.length) throw new HttpError(400, fields[0]!.code as ErrorCode, { fields });
}
