import type { BookingEvent, BookingRecord, bookingsQuery } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import { type BookingRow, bookingSelect, toRecords, type Viewer, visibleTo } from './records.js';

type Query = z.output<typeof bookingsQuery>;

/**
 * The columns each sort orders by, in order. Totals in different currencies are not comparable as numbers:
 * the total sorts by currency first, then by amount within a currency.
 */
const ORDER: Record<Query['orderBy'], readonly string[]> = {
  created_at: ['b.created_at'],
  arrival_date: ['b.arrival_date'],
  departure_date: ['b.departure_date'],
  reservation_id: ['b.reservation_id'],
  total: ['b.currency', 'b.total'],
  status: ['b.status'],
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The bookings a viewer may see, every filter and the sort in SQL, one page. */
export async function listBookings(
  db: Db,
  viewer: Viewer,
  query: Query,
  now: Date,
): Promise<{ items: BookingRecord[]; meta: { page: number; limit: number; total: number } }> {
  const scope = visibleTo(viewer);
  const where = [scope.sql];
  const params: unknown[] = [scope.param];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (query.term) {
    const t = add(like(query.term));
    where.push(`(b.reservation_id ilike ${t} or b.reservation_name ilike ${t} or b.external_reference ilike ${t}
      or p.title ilike ${t} or b.customer->>'surname' ilike ${t} or b.customer->>'name' ilike ${t}
      or b.customer->>'lastName' ilike ${t}
      or exists (select 1 from booking_rooms r join booking_guests g on g.booking_room_id = r.id
                  where r.booking_id = b.id and (g.name ilike ${t} or g.surname ilike ${t})))`);
  }
  if (query.reservationId) where.push(`b.reservation_id ilike ${add(like(query.reservationId))}`);
  if (query.reservationName) where.push(`b.reservation_name ilike ${add(like(query.reservationName))}`);
  if (query.externalReferenceId)
    where.push(`b.external_reference ilike ${add(like(query.externalReferenceId))}`);
  if (query.dateFrom) where.push(`b.departure_date >= ${add(query.dateFrom)}`);
  if (query.dateTo) where.push(`b.arrival_date <= ${add(query.dateTo)}`);
  if (query.bookedFrom) where.push(`b.created_at >= ${add(query.bookedFrom)}::date`);
  if (query.bookedTo) where.push(`b.created_at < ${add(query.bookedTo)}::date + 1`);
  if (query.supplier) {
    // The suppliers list a reseller picks from names properties; a supplier company's id works too.
    const supplier = add(query.supplier);
    where.push(`(p.id::text = ${supplier} or p.supplier_id::text = ${supplier})`);
  }
  if (query.booker) where.push(`b.booker_id = ${add(query.booker)}`);
  if (query.resellerIds?.length) where.push(`b.agency_id = any(${add(query.resellerIds)})`);
  if (query.propertyId) where.push(`b.property_id = ${add(query.propertyId)}`);
  if (query.status) where.push(`b.status = ${add(query.status)}`);
  const direction = query.orderDirection === 'asc' ? 'asc' : 'desc';
  const rows = await db.query<BookingRow & { total_count: string }>(
    `${bookingSelect}
      where ${where.join(' and ')}
      order by ${[...ORDER[query.orderBy], 'b.id'].map((column) => `${column} ${direction}`).join(', ')}
      limit ${add(query.limit)} offset ${add((query.page - 1) * query.limit)}`.replace(
      'u.email as booker_email',
      'u.email as booker_email, count(*) over () as total_count',
    ),
    params,
  );
  const total = rows.length ? Number(rows[0]!.total_count) : 0;
  return {
    items: await toRecords(db, rows, viewer, now),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** One booking the viewer may see (404 otherwise, without saying whether it exists). */
export async function findBooking(db: Db, viewer: Viewer, id: string, now: Date): Promise<BookingRecord> {
  const scope = visibleTo(viewer);
  const rows = await db.query<BookingRow>(`${bookingSelect} where ${scope.sql} and b.id::text = $2`, [
    scope.param,
    id,
  ]);
  const [record] = await toRecords(db, rows, viewer, now);
  if (!record) throw notFound('booking_not_found');
  return record;
}

/** A booking's history, oldest first — only for a viewer who may see the booking (404 otherwise). */
export async function bookingHistory(
  db: Db,
  viewer: Viewer,
  id: string,
  now: Date,
): Promise<{ items: BookingEvent[]; meta: { page: number; limit: number; total: number } }> {
  await findBooking(db, viewer, id, now);
  const rows = await db.query<{
    id: string;
    action: BookingEvent['action'];
    user_name: string | null;
    created_at: Date;
  }>(
    `select h.id, h.action, u.name as user_name, h.created_at
       from booking_history h left join users u on u.id = h.user_id
      where h.booking_id::text = $1 order by h.created_at, h.seq`,
    [id],
  );
  const items = rows.map((r) => ({
    id: r.id,
    type: 'booking_event' as const,
    action: r.action,
    userName: r.user_name,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { items, meta: { page: 1, limit: items.length, total: items.length } };
}
