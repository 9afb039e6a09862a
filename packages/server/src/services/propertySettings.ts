import {
  facilityCatalogue,
  groupFacilities,
  isFacility,
  type PropertyDetails,
  type propertyDetailsBody,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import { invalidField } from '../http/errors.js';
import { type Actor, audit } from './admin/audit.js';

// A property's details (document 2 §3): read and saved from the same columns the booking engine shows resellers,
// so a save is what the next property page and search show. Every save is audited.

type Body = z.output<typeof propertyDetailsBody>;

interface Row {
  id: string;
  kind: 'accommodation' | 'vehicle';
  title: string;
  currency: string;
  order_number_prefix: string;
  reply_to_name: string;
  reply_to_email: string;
  email: string;
  phone: string;
  country: string;
  timezone: string;
  zip_code: string;
  state: string | null;
  city: string;
  address: string;
  hotel_type: string | null;
  description: string;
  important_information: string;
  facilities: { categoryCode: string; facilityCodes: string[] }[];
  latitude: number | null;
  longitude: number | null;
  updated_at: Date;
}

const COLUMNS = `id, kind, title, currency, order_number_prefix, reply_to_name, reply_to_email, email, phone, country,
  timezone, zip_code, state, city, address, hotel_type, description, important_information, facilities, latitude,
  longitude, updated_at`;

function toDetails(r: Row): PropertyDetails {
  return {
    id: r.id,
    type: 'propertyDetails',
    kind: r.kind,
    title: r.title,
    currency: r.currency,
    orderNumberPrefix: r.order_number_prefix,
    replyToName: r.reply_to_name,
    replyToEmail: r.reply_to_email,
    email: r.email,
    phone: r.phone,
    country: r.country,
    timezone: r.timezone,
    zipCode: r.zip_code,
    state: r.state ?? '',
    city: r.city,
    address: r.address,
    propertyType:
      r.kind === 'vehicle' ? null : ((r.hotel_type as PropertyDetails['propertyType']) ?? 'hotel'),
    content: { description: r.description, importantInformation: r.important_information },
    facilities: r.facilities,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function getPropertyDetails(db: Db, id: string): Promise<PropertyDetails> {
  return toDetails((await db.one<Row>(`select ${COLUMNS} from properties where id = $1`, [id]))!);
}

/** The catalogue's property facilities, for the grouped multi-select. */
export function propertyFacilityOptions() {
  return {
    categories: facilityCatalogue
      .filter((c) => c.scope === 'property')
      .map((c) => ({
        code: c.code,
        label: c.label,
        facilities: Object.entries(c.facilities).map(([code, label]) => ({ code, label })),
      })),
  };
}

export async function updatePropertyDetails(
  db: Db,
  actor: Actor,
  id: string,
  body: Body,
): Promise<PropertyDetails> {
  const unknown = body.facilities.filter((code) => !isFacility(code, 'property'));
  if (unknown.length)
    throw invalidField('unknown_facilities', 'facilities', { names: unknown.slice(0, 5).join(', ') });
  if ((body.latitude == null) !== (body.longitude == null))
    throw invalidField('position_incomplete', 'latitude');
  return db.transaction(async (tx) => {
    const before = (await tx.one<Row>(`select ${COLUMNS} from properties where id = $1 for update`, [id]))!;
    if (body.propertyType && before.kind === 'vehicle') throw invalidField('no_lodging_type', 'propertyType');
    const row = await tx.one<Row>(
      `update properties set title = $2, currency = $3, order_number_prefix = $4, reply_to_name = $5,
              reply_to_email = $6, email = $7, phone = $8, country = $9, timezone = $10, zip_code = $11, state = $12,
              city = $13, address = $14, hotel_type = $15, description = $16, important_information = $17,
              facilities = $18, latitude = $19, longitude = $20, updated_at = $21
        where id = $1 returning ${COLUMNS}`,
      [
        id,
        body.title,
        body.currency,
        body.orderNumberPrefix,
        body.replyToName,
        body.replyToEmail,
        body.email,
        body.phone,
        body.country,
        body.timezone ?? before.timezone,
        body.zipCode,
        body.state || null,
        body.city,
        body.address,
        before.kind === 'vehicle' ? null : (body.propertyType ?? before.hotel_type),
        body.content.description,
        body.content.importantInformation,
        JSON.stringify(groupFacilities([...new Set(body.facilities)])),
        body.latitude ?? before.latitude,
        body.longitude ?? before.longitude,
        actor.clock.now(),
      ],
    );
    const { updated_at: _b, ...was } = before;
    const { updated_at: _a, ...now } = row!;
    await audit(tx, actor, {
      objectType: 'property',
      objectId: id,
      action: 'update_details',
      before: was,
      after: now,
    });
    return toDetails(row!);
  });
}
