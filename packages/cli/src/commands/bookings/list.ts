import { loadAllPages, SEARCH_TERM_MAX, type TernClient } from '@tern/sdk';
import { invalidFlags, reversedRanges } from '../../bookingEngine/queryFlags.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatTable } from '../../output.js';
import { bookingFields, bookingsTable } from './format.js';

export interface BookingsListFlags {
  term?: string;
  reservationId?: string;
  reservationName?: string;
  reference?: string;
  from?: string;
  to?: string;
  bookedFrom?: string;
  bookedTo?: string;
  supplier?: string;
  booker?: string;
  reseller?: string[];
  property?: string;
  status?: 'new' | 'modified' | 'canceled';
  orderBy?: 'created_at' | 'arrival_date' | 'departure_date' | 'reservation_id' | 'total' | 'status';
  asc?: boolean;
  page?: number;
  limit?: number;
  all?: boolean;
}

function queryOf(flags: BookingsListFlags) {
  // Every refused flag at once, before any call.
  const problems = reversedRanges([
    ['--from', flags.from, '--to', flags.to],
    ['--booked-from', flags.bookedFrom, '--booked-to', flags.bookedTo],
  ]);
  if (flags.term && flags.term.length > SEARCH_TERM_MAX)
    problems.unshift(['--term', `use at most ${SEARCH_TERM_MAX} characters`]);
  if (problems.length) throw invalidFlags(problems);
  return {
    ...(flags.term ? { term: flags.term } : {}),
    ...(flags.reservationId ? { reservationId: flags.reservationId } : {}),
    ...(flags.reservationName ? { reservationName: flags.reservationName } : {}),
    ...(flags.reference ? { externalReferenceId: flags.reference } : {}),
    ...(flags.from ? { dateFrom: flags.from } : {}),
    ...(flags.to ? { dateTo: flags.to } : {}),
    ...(flags.bookedFrom ? { bookedFrom: flags.bookedFrom } : {}),
    ...(flags.bookedTo ? { bookedTo: flags.bookedTo } : {}),
    ...(flags.supplier ? { supplier: flags.supplier } : {}),
    ...(flags.booker ? { booker: flags.booker } : {}),
    ...(flags.reseller?.length ? { resellerIds: flags.reseller } : {}),
    ...(flags.property ? { propertyId: flags.property } : {}),
    ...(flags.status ? { status: flags.status } : {}),
    ...(flags.orderBy ? { orderBy: flags.orderBy } : {}),
    orderDirection: flags.asc ? ('asc' as const) : ('desc' as const),
  };
}

/** `tern bookings list`: the bookings you may see, filtered; `--all` pages through every one. */
export async function listBookings(ctx: Context, flags: BookingsListFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const query = queryOf(flags);
    const reply = flags.all
      ? await loadAllPages(
          (page, limit) => client.bookings.list({ query: { ...query, page, limit } }),
          100,
        ).then((items) => ({
          items,
          meta: { page: 1, limit: Math.max(1, items.length), total: items.length },
        }))
      : await client.bookings.list({ query: { ...query, page: flags.page ?? 1, limit: flags.limit ?? 10 } });
    // The table shows the other side: who booked (resellers), or the agency (suppliers and admins).
    const role = ctx.json ? 'reseller' : (await client.auth.currentUser()).role;
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No bookings.\n';
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more (or --all)` : '';
      return `${bookingsTable(items, role)}${last} of ${meta.total}${more}. Details: \`tern bookings show ID\`.\n`;
    });
  });
}

/** A booking by id or by its number (`TRN-…`). */
export async function resolveBooking(client: TernClient, ref: string) {
  if (/^TRN-/i.test(ref)) {
    const found = await client.bookings.list({ query: { reservationId: ref.toUpperCase(), limit: 2 } });
    const exact = found.items.find((b) => b.reservationId === ref.toUpperCase());
    if (!exact) throw new UserError(`There is no booking ${ref} you can see`, { code: 'booking_not_found' });
    return exact;
  }
  return client.bookings.show({ params: { id: ref } });
}

/** `tern bookings show ID|NUMBER`. */
/** `tern bookings history`: what happened to a booking, oldest first. */
export async function bookingHistory(ctx: Context, ref: string): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    const reply = await client.bookings.history({ params: { id: booking.id } });
    ctx.out.result(reply, () =>
      formatTable(
        ['WHEN', 'WHAT', 'WHO'],
        reply.items.map((e) => [
          e.createdAt.slice(0, 16).replace('T', ' '),
          e.action.replaceAll('_', ' '),
          e.userName ?? '—',
        ]),
      ),
    );
  });
}

export async function showBooking(ctx: Context, ref: string): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    ctx.out.result(booking, () => bookingFields(booking));
  });
}
