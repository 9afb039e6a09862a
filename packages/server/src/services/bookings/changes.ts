import {
  bookingTotal,
  convertMoney,
  guestForPayload,
  guestSpaces,
  rentalDays,
  roundMoney,
} from '@tern/core/bookingEngine';
import { changeBlockOf } from '@tern/core/bookings';
import { daysFrom } from '@tern/core/dates';
import { isBookingCancelled } from '@tern/core/giftCards';
import type { BookingRecord, Driver, Guest, TaxLine } from '@tern/sdk';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { badRequest, conflict, invalidField, notFound } from '../../http/errors.js';
import { currencyRatesFor } from '../engine/queries.js';
import { html, sendMail } from '../mail.js';
import { findBooking } from './list.js';
import type { Viewer } from './records.js';

// A reseller's changes to a booking (document 1 §4 "Booking edits"): each checks the changeability rule in
// the property's time zone, runs in one transaction with the booking row locked, gives back what it frees,
// and writes a history entry and an e-mail.

interface Locked {
  id: string;
  reservation_id: string;
  kind: 'accommodation' | 'vehicle';
  status: 'new' | 'modified' | 'canceled';
  property_id: string;
  property_title: string;
  property_email: string;
  property_policy: Record<string, unknown> | null;
  property_currency: string;
  timezone: string;
  arrival_date: string;
  departure_date: string;
  pickup_time: string | null;
  dropoff_time: string | null;
  currency: string;
  customer: Record<string, unknown>;
  cancellation_policy: BookingRecord['cancellationPolicy'];
}

/** Locks the viewer's booking and checks that it may change now. */
async function lockChangeable(
  tx: Db,
  clock: Clock,
  viewer: Viewer,
  where: { id?: string; reservationId?: string },
) {
  const b = await tx.one<Locked>(
    `select b.id, b.reservation_id, b.kind, b.status, b.property_id, p.title as property_title, p.email as property_email,
            p.policy as property_policy, p.currency as property_currency, p.timezone,
            b.arrival_date::text as arrival_date, b.departure_date::text as departure_date, b.pickup_time,
            b.dropoff_time, b.currency, b.customer, b.cancellation_policy
       from bookings b join properties p on p.id = b.property_id
      where b.agency_id = $1 and (b.id::text = $2 or b.reservation_id = $3)
      for update of b`,
    [viewer.agencyId, where.id ?? '', where.reservationId ?? ''],
  );
  if (!b) throw notFound('booking_not_found');
  const arrivalTime =
    b.kind === 'vehicle' ? b.pickup_time : ((b.property_policy?.checkinFromTime as string) ?? null);
  const block = changeBlockOf(
    { status: b.status, arrivalDate: b.arrival_date, arrivalTime, cancellationPolicy: b.cancellation_policy },
    viewer,
    clock.now(),
    b.timezone,
  );
  if (block) throw conflict(`not_changeable_${block}`);
  return b;
}

/** The days a booked line holds: a stay's nights, or a rental's charged days. */
function heldDays(b: Locked): string[] {
  return b.kind === 'vehicle'
    ? rentalDays({
        pickupDate: b.arrival_date,
        dropoffDate: b.departure_date,
        pickupTime: b.pickup_time ?? '10:00',
        dropoffTime: b.dropoff_time ?? '10:00',
      })
    : daysFrom(b.arrival_date, b.departure_date);
}

async function release(tx: Db, b: Locked, unitIds: string[]): Promise<void> {
  const days = heldDays(b);
  for (const unitId of unitIds)
    await tx.query(
      'update unit_availability set available = available + 1 where unit_id = $1 and date = any($2)',
      [unitId, days],
    );
}

async function record(
  tx: Db,
  clock: Clock,
  b: Locked,
  viewer: { userId: string | null },
  action: string,
  details: object,
  mail: string,
) {
  await tx.query(
    `insert into booking_history (booking_id, user_id, action, details, created_at) values ($1, $2, $3, $4, $5)`,
    [b.id, viewer.userId, action, JSON.stringify(details), clock.now()],
  );
  const to = [
    b.property_email,
    (b.customer.mail as string | undefined) ?? (b.customer.email as string | undefined),
  ];
  for (const address of to.filter((a): a is string => Boolean(a))) {
    await sendMail(tx, {
      to: address,
      subject: `Booking ${b.reservation_id} at ${b.property_title}: ${mail}`,
      text: `Booking ${b.reservation_id} at ${b.property_title} (${b.arrival_date} to ${b.departure_date}): ${mail}.\n`,
      html: html`<p>Booking <strong>${b.reservation_id}</strong> at ${b.property_title} (${b.arrival_date} to ${b.departure_date}): ${mail}.</p>`,
      kind: `booking_${action}`,
      at: clock.now(),
    });
  }
}

/** Cancels a locked booking: its booked rooms (or car) are free again; a history entry and the e-mails. */
async function cancelLocked(
  tx: Db,
  clock: Clock,
  b: Locked,
  by: { userId: string | null },
  details: object,
): Promise<void> {
  const rooms = await tx.query<{ unit_id: string }>(
    `update booking_rooms set status = 'canceled' where booking_id = $1 and status = 'booked' returning unit_id`,
    [b.id],
  );
  await release(
    tx,
    b,
    rooms.map((r) => r.unit_id),
  );
  await tx.query(`update bookings set status = 'canceled', updated_at = $2 where id = $1`, [
    b.id,
    clock.now(),
  ]);
  await record(tx, clock, b, by, 'canceled', details, 'cancelled');
}

/**
 * The property's side cancelling a booking in the caller's transaction (a gift card's booking, from the
 * orders page): the caller has checked that it may; the reseller's change rules do not apply. False when the
 * booking was cancelled already (nothing is done).
 */
export async function cancelBookingOfProperty(
  tx: Db,
  clock: Clock,
  by: { userId: string | null },
  bookingId: string,
  details: object,
): Promise<boolean> {
  const b = await tx.one<Locked>(
    `select b.id, b.reservation_id, b.kind, b.status, b.property_id, p.title as property_title, p.email as property_email,
            p.policy as property_policy, p.currency as property_currency, p.timezone,
            b.arrival_date::text as arrival_date, b.departure_date::text as departure_date, b.pickup_time,
            b.dropoff_time, b.currency, b.customer, b.cancellation_policy
       from bookings b join properties p on p.id = b.property_id
      where b.id = $1
      for update of b`,
    [bookingId],
  );
  if (!b) throw notFound('booking_not_found');
  if (isBookingCancelled(b)) return false;
  await cancelLocked(tx, clock, b, by, details);
  return true;
}

/** Cancels the booking; every booked room (or the car) is free again. */
export async function cancelBooking(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  ref: { reservationId: string; propertyChannelId: string },
): Promise<BookingRecord> {
  const id = await db.transaction(async (tx) => {
    const b = await lockChangeable(tx, clock, viewer, { reservationId: ref.reservationId });
    if (b.property_id !== ref.propertyChannelId) throw notFound('booking_not_found');
    await cancelLocked(tx, clock, b, viewer, {});
    return b.id;
  });
  return findBooking(db, viewer, id, clock.now());
}

async function bookedRooms(tx: Db, bookingId: string) {
  return tx.query<{
    id: string;
    unit_id: string;
    adults: number;
    children: number;
    infants: number;
    total_price: string;
    taxes: TaxLine[];
  }>(
    `select id, unit_id, adults, children, infants, total_price, taxes from booking_rooms
      where booking_id = $1 and status = 'booked' order by position, id`,
    [bookingId],
  );
}

/** Replaces the guests of booked rooms: at most adults + children + infants each; nameless guests are "No Name". */
export async function updateGuests(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  bookingId: string,
  units: { id: string; guests: Guest[] }[],
): Promise<BookingRecord> {
  await db.transaction(async (tx) => {
    const b = await lockChangeable(tx, clock, viewer, { id: bookingId });
    if (b.kind !== 'accommodation') throw badRequest('use_vehicle_call');
    const rooms = new Map((await bookedRooms(tx, b.id)).map((r) => [r.id, r]));
    for (const [i, unit] of units.entries()) {
      const room = rooms.get(unit.id);
      if (!room) throw invalidField('room_not_in_booking', `units.${i}.id`);
      const spaces = guestSpaces({ adults: room.adults, children: room.children, infants: room.infants });
      if (unit.guests.length > spaces) throw invalidField('room_too_small', `units.${i}.guests`, { spaces });
      await tx.query('delete from booking_guests where booking_room_id = $1', [room.id]);
      for (const [position, guest] of unit.guests.map(guestForPayload).entries())
        await tx.query(
          'insert into booking_guests (booking_room_id, name, surname, nationality, position) values ($1, $2, $3, $4, $5)',
          [room.id, guest.name, guest.surname, guest.nationality, position],
        );
    }
    await tx.query(`update bookings set status = 'modified', updated_at = $2 where id = $1`, [
      b.id,
      clock.now(),
    ]);
    await record(tx, clock, b, viewer, 'guests_updated', { rooms: units.length }, 'the guests changed');
  });
  return findBooking(db, viewer, bookingId, clock.now());
}

/** Removes booked rooms (or cars), keeping at least one; they are free again and the total drops. */
export async function removeUnits(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  bookingId: string,
  deleteUnitIds: string[],
): Promise<BookingRecord> {
  await db.transaction(async (tx) => {
    const b = await lockChangeable(tx, clock, viewer, { id: bookingId });
    const rooms = await bookedRooms(tx, b.id);
    const removing = rooms.filter((r) => deleteUnitIds.includes(r.id));
    if (removing.length !== new Set(deleteUnitIds).size)
      throw invalidField('room_not_in_booking', 'deleteUnitIds');
    const left = rooms.filter((r) => !deleteUnitIds.includes(r.id));
    if (left.length === 0) throw conflict('last_unit');
    await tx.query(`update booking_rooms set status = 'canceled' where id = any($1)`, [
      removing.map((r) => r.id),
    ]);
    await release(
      tx,
      b,
      removing.map((r) => r.unit_id),
    );
    const total = bookingTotal(
      left.map((r) => ({ totalPrice: Number(r.total_price), taxes: r.taxes })),
      b.currency,
    );
    const rates = await currencyRatesFor(tx, b.currency);
    const propertyTotal = roundMoney(
      convertMoney(total, b.currency, b.property_currency, rates),
      b.property_currency,
    );
    await tx.query(
      `update bookings set status = 'modified', total = $2, property_total = $3, updated_at = $4 where id = $1`,
      [b.id, total, propertyTotal, clock.now()],
    );
    await record(
      tx,
      clock,
      b,
      viewer,
      'units_removed',
      { removed: removing.length, total },
      `${removing.length} removed`,
    );
  });
  return findBooking(db, viewer, bookingId, clock.now());
}

/** Replaces a booked car's driver. */
export async function updateDriver(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  bookingId: string,
  units: { id: string; drivers: Driver[] }[],
): Promise<BookingRecord> {
  await db.transaction(async (tx) => {
    const b = await lockChangeable(tx, clock, viewer, { id: bookingId });
    if (b.kind !== 'vehicle') throw badRequest('use_rooms_call');
    const rooms = await bookedRooms(tx, b.id);
    const unit = units[0]!;
    if (!rooms.some((r) => r.id === unit.id)) throw invalidField('car_not_in_booking', 'units.0.id');
    await tx.query(`update bookings set customer = $2, status = 'modified', updated_at = $3 where id = $1`, [
      b.id,
      JSON.stringify(unit.drivers[0]),
      clock.now(),
    ]);
    await record(tx, clock, b, viewer, 'driver_updated', {}, 'the driver changed');
  });
  return findBooking(db, viewer, bookingId, clock.now());
}

/** Changes the special request (or a car's notes), the reservation name and the agency's reference. */
export async function updateSpecialRequest(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  ref: { bookingId: string; propertyId: string },
  change: {
    externalReferenceId?: string | undefined;
    reservationName?: string | undefined;
    specialRequest?: string | undefined;
  },
): Promise<BookingRecord> {
  await db.transaction(async (tx) => {
    const b = await lockChangeable(tx, clock, viewer, { id: ref.bookingId });
    if (b.property_id !== ref.propertyId) throw notFound('booking_not_found');
    await tx.query(
      `update bookings set special_request = coalesce($2, special_request), reservation_name = coalesce($3, reservation_name),
              external_reference = coalesce($4, external_reference), status = 'modified', updated_at = $5
        where id = $1`,
      [
        b.id,
        change.specialRequest ?? null,
        change.reservationName ?? null,
        change.externalReferenceId ?? null,
        clock.now(),
      ],
    );
    await record(tx, clock, b, viewer, 'details_updated', change, 'the special request changed');
  });
  return findBooking(db, viewer, ref.bookingId, clock.now());
}
