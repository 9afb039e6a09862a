import type { BookingEvent, BookingRecord, bookingsQuery } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import { ListFilter, listPage } from '../listQuery.js';
import {
  type BookingRow,
  bookingFrom,
  bookingSelect,
  bookingsVisibleTo,
  toRecords,
  type Viewer,
} from './records.js';

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

/** What `term` searches: the references, the property, the customer (and the guests, in a subquery). */
const SEARCHED = [
  'b.reservation_id',
  'b.reservation_name',
  'b.external_reference',
  'p.title',
  "b.customer->>'surname'",
  "b.customer->>'name'",
  "b.customer->>'lastName'",
];

/** The bookings a viewer may see, every filter and the sort in SQL, one page. */
export async function listBookings(
  db: Db,
  viewer: Viewer,
  query: Query,
  now: Date,
): Promise<{ items: BookingRecord[]; meta: { page: number; limit: number; total: number } }> {
  const scope = bookingsVisibleTo(viewer);
  const filter = new ListFilter([scope.param], [scope.sql])
    .search(query.term, (holds) =>
      [
        ...SEARCHED.map(holds),
        `exists (select 1 from booking_rooms r join booking_guests g on g.booking_room_id = r.id
                  where r.booking_id = b.id and (${holds('g.name')} or ${holds('g.surname')}))`,
      ].join(' or '),
    )
    .search(query.reservationId, ['b.reservation_id'])
    .search(query.reservationName, ['b.reservation_name'])
    .search(query.externalReferenceId, ['b.external_reference'])
    .when(query.dateFrom, (p) => `b.departure_date >= ${p}`)
    .when(query.dateTo, (p) => `b.arrival_date <= ${p}`)
    .when(query.bookedFrom, (p) => `b.created_at >= ${p}::date`)
    .when(query.bookedTo, (p) => `b.created_at < ${p}::date + 1`)
    // The suppliers list a reseller picks from names properties; a supplier company's id works too.
    .when(query.supplier, (id) => `(p.id::text = ${id} or p.supplier_id::text = ${id})`)
    .when(query.booker, (p) => `b.booker_id = ${p}`)
    .when(query.resellerIds?.length ? query.resellerIds : undefined, (p) => `b.agency_id = any(${p})`)
    .when(query.propertyId, (p) => `b.property_id = ${p}`)
    .when(query.status, (p) => `b.status = ${p}`)
    .when(query.source, (p) => `b.source = ${p}`);
  const direction = query.orderDirection === 'asc' ? 'asc' : 'desc';
  return listPage(db, {
    select: bookingSelect,
    from: bookingFrom,
    filter,
    order: [...ORDER[query.orderBy], 'b.id'].map((column) => `${column} ${direction}`).join(', '),
    page: query.page,
    limit: query.limit,
    items: (rows: BookingRow[]) => toRecords(db, rows, viewer, now),
  });
}

/** One booking the viewer may see (404 otherwise, without saying whether it exists). */
export async function findBooking(db: Db, viewer: Viewer, id: string, now: Date): Promise<BookingRecord> {
  const scope = bookingsVisibleTo(viewer);
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
