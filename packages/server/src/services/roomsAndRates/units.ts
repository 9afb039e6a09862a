import { validateUnitForm } from '@tern/core/rates';
import {
  facilityCatalogue,
  groupFacilities,
  isFacility,
  type ListMeta,
  roomKind,
  type Unit,
  type unitBody,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { ListFilter, listPage } from '../listQuery.js';
import { checkBookings, type Page, refuseByCore, windowOf } from './common.js';

// A hotel's units (room types; document 2 §3, §5, §7, §9), as its staff edit them. Every write is one
// transaction with its audit entry; a new unit's rooms are free for the inventory window.

type UnitBody = z.output<typeof unitBody>;

async function accommodation(db: Db, propertyId: string): Promise<void> {
  const row = await db.one<{ kind: string }>('select kind from properties where id = $1', [propertyId]);
  if (row?.kind !== 'accommodation') throw invalidField('property_kind_mismatch', 'propertyId');
}

const UNIT_COLUMNS = `u.id, u.property_id, u.title, u.room_kind, u.count, u.max_adults, u.max_children, u.max_infants,
  u.default_occupancy, u.description, u.photos, u.facilities,
  (select count(*) from rate_plans rp where rp.unit_id = u.id) as rate_plans`;

function unitOf(r: Record<string, unknown>): Unit {
  const photos = (r.photos ?? []) as { file: string; description: string }[];
  return {
    id: String(r.id),
    type: 'unit',
    propertyId: String(r.property_id),
    title: String(r.title),
    roomKind: r.room_kind as Unit['roomKind'],
    countOfRooms: Number(r.count),
    occAdults: Number(r.max_adults),
    occChildren: Number(r.max_children),
    occInfants: Number(r.max_infants),
    defaultOccupancy: r.default_occupancy === null ? null : Number(r.default_occupancy),
    content: {
      description: String(r.description ?? ''),
      photos: photos.map((p) => ({ url: `/photos/${p.file}`, description: p.description })),
    },
    facilities: (r.facilities ?? []) as Unit['facilities'],
    ratePlans: Number(r.rate_plans),
  };
}

export async function listUnits(
  db: Db,
  propertyId: string,
  page: Page,
): Promise<{ items: Unit[]; meta: ListMeta }> {
  return listPage(db, {
    select: `select ${UNIT_COLUMNS} from units u`,
    from: 'units u',
    filter: new ListFilter([propertyId], ['u.property_id = $1']),
    order: 'u.position, u.title, u.id',
    page: page.page,
    limit: page.limit,
    items: (rows: Record<string, unknown>[]) => rows.map(unitOf),
  });
}

export async function getUnit(db: Db, unitId: string): Promise<Unit> {
  const row = await db.one<Record<string, unknown>>(`select ${UNIT_COLUMNS} from units u where u.id = $1`, [
    unitId,
  ]);
  if (!row) throw notFound('unit_not_found');
  return unitOf(row);
}

export function unitOptions() {
  return { roomKinds: [...roomKind.options] };
}

export function roomFacilityOptions() {
  return {
    categories: facilityCatalogue
      .filter((c) => c.scope === 'unit')
      .map((c) => ({
        code: c.code as string,
        label: c.label as string,
        facilities: Object.entries(c.facilities as Record<string, string>).map(([code, label]) => ({
          code,
          label,
        })),
      })),
  };
}

function unitValues(body: UnitBody) {
  refuseByCore(
    validateUnitForm({
      title: body.title,
      roomKind: body.roomKind,
      countOfRooms: body.countOfRooms,
      occAdults: body.occAdults,
      occChildren: body.occChildren,
      occInfants: body.occInfants,
      defaultOccupancy: body.defaultOccupancy,
      content: { description: body.content.description },
      facilities: body.facilities,
    }),
  );
  const unknown = body.facilities.filter((code) => !isFacility(code, 'unit'));
  if (unknown.length)
    throw invalidField('unknown_facilities', 'facilities', { names: unknown.slice(0, 5).join(', ') });
  return [
    body.title,
    body.roomKind,
    body.countOfRooms,
    body.occAdults,
    body.occChildren,
    body.occInfants,
    // The engine's limit on persons in a room: adults and children (infants do not count).
    body.occAdults + body.occChildren,
    body.defaultOccupancy,
    body.content.description,
    JSON.stringify(groupFacilities([...new Set(body.facilities)])),
  ];
}

export async function createUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: UnitBody,
): Promise<Unit> {
  const id = await db.transaction(async (tx) => {
    await accommodation(tx, property.id);
    const values = unitValues(body);
    const row = await tx.one<{ id: string }>(
      `insert into units (property_id, title, room_kind, count, max_adults, max_children, max_infants, max_occupancy,
                          default_occupancy, description, facilities, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               (select coalesce(max(position) + 1, 0) from units where property_id = $1))
       returning id`,
      [property.id, ...values],
    );
    const { from, to } = windowOf(property, actor);
    // Every day of the window has a row (a missing night counts as sold out): all its rooms are free.
    await tx.query(
      `insert into unit_availability (unit_id, date, available)
       select $1, d::date, $2 from generate_series($3::date, $4::date, interval '1 day') d`,
      [row!.id, body.countOfRooms, from, to],
    );
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'create_unit',
      before: null,
      after: { id: row!.id, ...body },
    });
    return row!.id;
  });
  return getUnit(db, id);
}

export async function updateUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  unitId: string,
  body: UnitBody,
): Promise<Unit> {
  await db.transaction(async (tx) => {
    const before = await tx.one<Record<string, unknown>>('select * from units where id = $1 for update', [
      unitId,
    ]);
    if (!before) throw notFound('unit_not_found');
    await tx.query(
      `update units set title = $2, room_kind = $3, count = $4, max_adults = $5, max_children = $6, max_infants = $7,
              max_occupancy = $8, default_occupancy = $9, description = $10, facilities = $11
        where id = $1`,
      [unitId, ...unitValues(body)],
    );
    // More or fewer rooms: the rooms free on coming days change by the difference, never below none free
    // (rooms already booked stay booked).
    const difference = body.countOfRooms - Number(before.count);
    if (difference !== 0)
      await tx.query(
        `update unit_availability set available = greatest(available + $2, 0) where unit_id = $1 and date >= $3`,
        [unitId, difference, windowOf(property, actor).from],
      );
    // The plans sell the unit's occupancy: per room all of it, per person up to their largest option.
    await tx.query(
      `update rate_plans rp
          set max_adults = case when rp.sell_mode = 'per_person'
                                then least($2, (select max((o ->> 'occupancy')::int) from jsonb_array_elements(rp.options) o))
                                else $2 end,
              max_children = $3, max_infants = $4
        where rp.unit_id = $1`,
      [unitId, body.occAdults, body.occChildren, body.occInfants],
    );
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'update_unit',
      before: {
        id: unitId,
        title: before.title,
        roomKind: before.room_kind,
        countOfRooms: before.count,
        occAdults: before.max_adults,
        occChildren: before.max_children,
        occInfants: before.max_infants,
        defaultOccupancy: before.default_occupancy,
        content: { description: before.description },
        facilities: before.facilities,
      },
      after: { id: unitId, ...body, facilities: groupFacilities([...new Set(body.facilities)]) },
    });
  });
  return getUnit(db, unitId);
}

export async function deleteUnit(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  unitId: string,
): Promise<undefined> {
  await db.transaction(async (tx) => {
    const before = await tx.one<Record<string, unknown>>('select * from units where id = $1 for update', [
      unitId,
    ]);
    if (!before) throw notFound('unit_not_found');
    await checkBookings(tx, 'unit_id', unitId, windowOf(property, actor).from, {
      future: 'unit_has_future_bookings',
      past: 'unit_in_bookings',
    });
    const heirs = await tx.query<{ title: string }>(
      `select c.title from rate_plans c join rate_plans p on p.id = c.parent_rate_plan_id
        where p.unit_id = $1 and c.unit_id <> $1 order by c.title limit 5`,
      [unitId],
    );
    if (heirs.length)
      throw conflict('rate_plan_has_children', { titles: heirs.map((h) => h.title).join(', ') });
    const plans = await tx.query<{ id: string; title: string }>(
      'select id, title from rate_plans where unit_id = $1 order by position, title',
      [unitId],
    );
    await tx.query('update rate_plans set parent_rate_plan_id = null where unit_id = $1', [unitId]);
    // Its plans, availability and nightly prices go with it.
    await tx.query('delete from units where id = $1', [unitId]);
    await audit(tx, actor, {
      objectType: 'property',
      objectId: property.id,
      action: 'delete_unit',
      before: { id: unitId, title: before.title, countOfRooms: before.count, ratePlans: plans },
      after: null,
    });
  });
}
