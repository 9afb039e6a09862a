import type {
  AdminProperty,
  AdminPropertyType,
  adminPropertyBody,
  adminPropertyUpdateBody,
  ListMeta,
  Reseller,
  resellerBody,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { ListFilter, listPage } from '../listQuery.js';
import { audit } from './audit.js';

// The admin's resellers and properties lists and forms (document 2 §2 admin page, §3 reseller and property,
// §4 lock override). Every write is audited in its transaction.

type Ctx = Pick<RequestContext, 'db' | 'auth' | 'requestId' | 'clock'>;
type ListQuery = { q?: string | undefined; page: number; perPage: number };
type Page<T> = { items: T[]; meta: ListMeta };

/** A page of a list searched by `q` over some columns (ignoring case and accents), in a fixed order. */
function paged<R, T>(
  db: Db,
  sql: { from: string; search: string[]; order: string; select: string },
  query: ListQuery,
  map: (row: R) => T,
): Promise<Page<T>> {
  return listPage(db, {
    select: `select ${sql.select} from ${sql.from}`,
    from: sql.from,
    filter: new ListFilter().search(query.q, sql.search),
    order: sql.order,
    page: query.page,
    limit: query.perPage,
    items: (rows: R[]) => rows.map(map),
  });
}

const iso = (d: unknown) => new Date(d as string).toISOString();

// Resellers ---------------------------------------------------------------------------------------------

const RESELLER_COLUMNS = `id, name, email, phone, address_1, city, zip_code, country, tax_id, government_id,
  legal_name, email_invoice, external_id, global_id, lock_override, payment_locked, created_at, updated_at`;

function toReseller(r: Record<string, unknown>): Reseller {
  return {
    id: String(r.id),
    type: 'agent',
    name: String(r.name),
    email: String(r.email),
    phone: String(r.phone),
    address1: String(r.address_1),
    city: String(r.city),
    zipCode: String(r.zip_code),
    country: String(r.country),
    taxId: String(r.tax_id),
    governmentId: String(r.government_id),
    legalName: String(r.legal_name),
    emailInvoice: String(r.email_invoice),
    externalId: String(r.external_id),
    globalId: String(r.global_id),
    lockOverride: Boolean(r.lock_override),
    paymentLocked: Boolean(r.payment_locked),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function loadReseller(db: Db, id: string): Promise<Reseller> {
  const row = await db.one(`select ${RESELLER_COLUMNS} from agencies where id = $1`, [id]);
  if (!row) throw notFound('agency_not_found');
  return toReseller(row);
}
/** What the trail follows of a reseller: everything but the timestamps. */
const resellerFields = ({ createdAt: _c, updatedAt: _u, type: _t, ...fields }: Reseller) => fields;

export const listResellers = (db: Db, query: ListQuery) =>
  paged(
    db,
    {
      from: 'agencies',
      select: RESELLER_COLUMNS,
      search: ['name', 'email', 'external_id'],
      order: 'lower(name), id',
    },
    query,
    toReseller,
  );

export const getReseller = (db: Db, id: string) => loadReseller(db, id);

type ResellerValues = z.output<typeof resellerBody>;
const resellerValues = (b: ResellerValues) => [
  b.name,
  b.email,
  b.phone,
  b.address1,
  b.city,
  b.zipCode,
  b.country,
  b.taxId,
  b.governmentId,
  b.legalName,
  b.emailInvoice,
  b.externalId,
];

export async function createReseller(ctx: Ctx, b: ResellerValues): Promise<Reseller> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await tx.one<{ id: string }>(
      `insert into agencies (name, email, phone, address_1, city, zip_code, country, tax_id, government_id,
                             legal_name, email_invoice, external_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning id`,
      [...resellerValues(b), now],
    );
    const created = await loadReseller(tx, row!.id);
    await audit(tx, ctx, {
      objectType: 'agency',
      objectId: created.id,
      action: 'create',
      before: null,
      after: resellerFields(created),
    });
    return created;
  });
}

export async function updateReseller(ctx: Ctx, id: string, b: ResellerValues): Promise<Reseller> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadReseller(tx, id);
    await tx.query(
      `update agencies set name = $2, email = $3, phone = $4, address_1 = $5, city = $6, zip_code = $7,
              country = $8, tax_id = $9, government_id = $10, legal_name = $11, email_invoice = $12,
              external_id = $13, updated_at = $14
        where id = $1`,
      [id, ...resellerValues(b), ctx.clock.now()],
    );
    const after = await loadReseller(tx, id);
    await audit(tx, ctx, {
      objectType: 'agency',
      objectId: id,
      action: 'update',
      before: resellerFields(before),
      after: resellerFields(after),
    });
    return after;
  });
}

export const setResellerLockOverride = (ctx: Ctx, id: string, lockOverride: boolean): Promise<Reseller> =>
  toggleLockOverride(ctx, { table: 'agencies', objectType: 'agency' }, id, lockOverride, async (db) => {
    const reseller = await loadReseller(db, id);
    return { value: reseller, fields: resellerFields(reseller) };
  });

/**
 * Turns an unpaid reseller's or property's lock override on or off (document 2 §4), audited with the object's
 * fields before and after.
 */
async function toggleLockOverride<T>(
  ctx: Ctx,
  target: { table: 'agencies' | 'properties'; objectType: 'agency' | 'property'; secret?: readonly string[] },
  id: string,
  lockOverride: boolean,
  load: (db: Db) => Promise<{ value: T; fields: Record<string, unknown> }>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const before = await load(tx);
    await tx.query(`update ${target.table} set lock_override = $2, updated_at = $3 where id = $1`, [
      id,
      lockOverride,
      ctx.clock.now(),
    ]);
    const after = await load(tx);
    await audit(tx, ctx, {
      objectType: target.objectType,
      objectId: id,
      action: lockOverride ? 'lock_override_on' : 'lock_override_off',
      before: before.fields,
      after: after.fields,
      ...(target.secret ? { secret: target.secret } : {}),
    });
    return after.value;
  });
}

// Properties --------------------------------------------------------------------------------------------

const PROPERTY_COLUMNS = `id, title, kind, hotel_type, pms, email, reply_to_name, reply_to_email,
  channex_property_id, company_registration_number, phone, address, country, coalesce(state, '') as state, city,
  zip_code, timezone, currency, store_icelandic_only, lock_override, payment_locked, created_at, updated_at`;

/** The Channex id as replies show it: bullets, then its last 4 characters (document 2 §3 "masked"). */
export function maskSecret(value: string, visible = 4): string {
  if (value === '') return '';
  return `${'•'.repeat(Math.max(4, value.length - visible))}${value.slice(-visible)}`;
}

function toProperty(r: Record<string, unknown>): AdminProperty {
  const type: AdminPropertyType =
    r.kind === 'vehicle' ? 'vehicle' : ((r.hotel_type as AdminPropertyType | null) ?? 'hotel');
  return {
    id: String(r.id),
    type: 'ternHotel',
    name: String(r.title),
    pms: (r.pms as AdminProperty['pms']) ?? null,
    email: String(r.email),
    replyToName: String(r.reply_to_name),
    replyToEmail: String(r.reply_to_email),
    propertyType: type,
    channexPropertyId: maskSecret(String(r.channex_property_id)),
    companyRegistrationNumber: String(r.company_registration_number),
    phone: String(r.phone),
    address: String(r.address),
    country: String(r.country),
    state: String(r.state),
    city: String(r.city),
    zipCode: String(r.zip_code),
    timezone: String(r.timezone),
    currency: String(r.currency),
    storeIcelandicOnly: Boolean(r.store_icelandic_only),
    lockOverride: Boolean(r.lock_override),
    paymentLocked: Boolean(r.payment_locked),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function loadPropertyRow(db: Db, id: string): Promise<Record<string, unknown>> {
  const row = await db.one(`select ${PROPERTY_COLUMNS} from properties where id = $1`, [id]);
  if (!row) throw notFound('property_not_found');
  return row;
}
/** What the trail follows of a property: the stored fields (the Channex id masked like a secret). */
const propertyFields = (r: Record<string, unknown>) => {
  const { created_at: _c, updated_at: _u, ...fields } = r;
  return fields;
};

export const listProperties = (db: Db, query: ListQuery) =>
  paged(
    db,
    {
      from: 'properties',
      select: PROPERTY_COLUMNS,
      search: ['title', 'email'],
      order: 'lower(title), id',
    },
    query,
    toProperty,
  );

export const getProperty = async (db: Db, id: string) => toProperty(await loadPropertyRow(db, id));

type PropertyValues = z.output<typeof adminPropertyBody>;
type PropertyUpdateValues = z.output<typeof adminPropertyUpdateBody>;
const kindOf = (type: AdminPropertyType) => (type === 'vehicle' ? 'vehicle' : 'accommodation');
const hotelTypeOf = (type: AdminPropertyType) => (type === 'vehicle' ? null : type);

export async function createProperty(ctx: Ctx, b: PropertyValues): Promise<AdminProperty> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // Each property the admin adds belongs to a supplier company of its own.
    const supplier = await tx.one<{ id: string }>(
      'insert into suppliers (name, email, country, created_at) values ($1, $2, $3, $4) returning id',
      [b.name, b.email, b.country, now],
    );
    const row = await tx.one<{ id: string }>(
      `insert into properties (kind, hotel_type, supplier_id, title, pms, email, reply_to_name, reply_to_email,
              channex_property_id, company_registration_number, phone, address, country, state, city, zip_code,
              timezone, store_icelandic_only, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $18, $18)
       returning id`,
      [
        kindOf(b.propertyType),
        hotelTypeOf(b.propertyType),
        supplier!.id,
        b.name,
        b.pms,
        b.email,
        b.replyToName,
        b.replyToEmail,
        b.channexPropertyId,
        b.companyRegistrationNumber,
        b.phone,
        b.address,
        b.country,
        b.state || null,
        b.city,
        b.zipCode,
        b.timezone,
        now,
        b.storeIcelandicOnly,
      ],
    );
    const created = await loadPropertyRow(tx, row!.id);
    await audit(tx, ctx, {
      objectType: 'property',
      objectId: row!.id,
      action: 'create',
      before: null,
      after: propertyFields(created),
      secret: ['channex_property_id'],
    });
    return toProperty(created);
  });
}

export async function updateProperty(ctx: Ctx, id: string, b: PropertyUpdateValues): Promise<AdminProperty> {
  return ctx.db.transaction(async (tx) => {
    const before = await loadPropertyRow(tx, id);
    if (before.kind !== kindOf(b.propertyType)) throw conflict('property_kind_fixed');
    // Sent back masked (or left out): the stored id stays.
    const channex =
      b.channexPropertyId === undefined ||
      b.channexPropertyId === '' ||
      b.channexPropertyId === maskSecret(String(before.channex_property_id))
        ? String(before.channex_property_id)
        : b.channexPropertyId;
    await tx.query(
      `update properties set hotel_type = $2, title = $3, pms = $4, email = $5, reply_to_name = $6,
              reply_to_email = $7, channex_property_id = $8, company_registration_number = $9, phone = $10,
              address = $11, country = $12, state = $13, city = $14, zip_code = $15, timezone = $16, updated_at = $17,
              store_icelandic_only = coalesce($18, store_icelandic_only)
        where id = $1`,
      [
        id,
        hotelTypeOf(b.propertyType),
        b.name,
        b.pms,
        b.email,
        b.replyToName,
        b.replyToEmail,
        channex,
        b.companyRegistrationNumber,
        b.phone,
        b.address,
        b.country,
        b.state || null,
        b.city,
        b.zipCode,
        b.timezone,
        ctx.clock.now(),
        b.storeIcelandicOnly ?? null,
      ],
    );
    const after = await loadPropertyRow(tx, id);
    await audit(tx, ctx, {
      objectType: 'property',
      objectId: id,
      action: 'update',
      before: propertyFields(before),
      after: propertyFields(after),
      secret: ['channex_property_id'],
    });
    return toProperty(after);
  });
}

export const setPropertyLockOverride = (
  ctx: Ctx,
  id: string,
  lockOverride: boolean,
): Promise<AdminProperty> =>
  toggleLockOverride(
    ctx,
    { table: 'properties', objectType: 'property', secret: ['channex_property_id'] },
    id,
    lockOverride,
    async (db) => {
      const row = await loadPropertyRow(db, id);
      return { value: toProperty(row), fields: propertyFields(row) };
    },
  );
