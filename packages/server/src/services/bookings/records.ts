import { changeBlockOf } from '@tern/core/bookings';
import { nightsBetween } from '@tern/core/dates';
import type { BookedUnit, BookingRecord, CancellationPolicy, Driver } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { policyFromRow } from '../engine/load.js';
import { type Viewer, visibleTo } from '../visibility.js';

// Reading bookings as the contract shows them (document 1 §3 "Booking record"), for whoever may see them.

export type { Viewer };

/** What a viewer may see of bookings (`b`), `$1` the viewer's id or agency. */
export const bookingsVisibleTo = (viewer: Viewer) => visibleTo(viewer, 'b', '$1');

interface BookingRow {
  id: string;
  reservation_id: string;
  kind: 'accommodation' | 'vehicle';
  status: 'new' | 'modified' | 'canceled';
  property_id: string;
  property_title: string;
  property_policy: Record<string, unknown> | null;
  property_currency: string;
  timezone: string;
  arrival_date: string;
  departure_date: string;
  pickup_time: string | null;
  dropoff_time: string | null;
  currency: string;
  total: string;
  customer: Record<string, unknown>;
  reservation_name: string | null;
  external_reference: string | null;
  special_request: string | null;
  liability: 'prepaid' | 'guarantee' | 'pay_at_property';
  cancellation_policy: CancellationPolicy | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp: string | null;
  created_at: Date;
  agency_name: string;
  booker_name: string;
  booker_email: string;
  source: 'engine' | 'gift_card';
  gift_card_code: string | null;
}

/**
 * The tables a booking's row is read from (what a list counts over). A gift card's booking has no agency and no
 * booker user (left joins): its guest stands for both, and its card is named.
 */
export const bookingFrom = `bookings b
    join properties p on p.id = b.property_id
    left join agencies a on a.id = b.agency_id
    left join users u on u.id = b.booker_id
    left join gift_cards gc on gc.id = b.gift_card_id`;
/** The guest's name on a booking (`b`), for a gift card's booking's agency and booker. */
const GUEST = `trim(coalesce(b.customer->>'name', '') || ' ' || coalesce(b.customer->>'surname', ''))`;
const SELECT = `
  select b.id, b.reservation_id, b.kind, b.status, b.property_id, p.title as property_title, p.policy as property_policy,
         p.currency as property_currency, p.timezone, b.arrival_date::text as arrival_date,
         b.departure_date::text as departure_date, b.pickup_time, b.dropoff_time, b.currency, b.total, b.customer,
         b.reservation_name, b.external_reference, b.special_request, b.liability, b.cancellation_policy,
         b.card_brand, b.card_last4, b.card_exp, b.created_at, coalesce(a.name, ${GUEST}) as agency_name,
         coalesce(u.name, ${GUEST}) as booker_name, coalesce(u.email, b.customer->>'mail', '') as booker_email,
         b.source, gc.generated_id as gift_card_code
    from ${bookingFrom}`;

export const bookingSelect = SELECT;

/** Turns booking rows into records, loading their rooms and guests in two queries. */
export async function toRecords(
  db: Db,
  rows: BookingRow[],
  viewer: Viewer,
  now: Date,
): Promise<BookingRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [rooms, guests] = await Promise.all([
    db.query<Record<string, unknown>>(
      `select r.id, r.booking_id, r.unit_id, r.offer_id, r.adults, r.children, r.infants, r.total_price, r.status,
              u.title as unit_title, rp.title as plan_title, rp.meal_type, p.currency,
              cp.id as policy_id, cp.title as policy_title, cp.logic, cp.deadline, cp.deadline_type, cp.penalty,
              cp.mode, cp.guarantee_payment_policy, cp.guarantee_payment_amount
         from booking_rooms r
         join units u on u.id = r.unit_id
         join properties p on p.id = u.property_id
         left join rate_plans rp on rp.id = r.rate_plan_id
         left join cancellation_policies cp on cp.id = coalesce(r.cancellation_policy_id, rp.cancellation_policy_id)
        where r.booking_id = any($1)
        order by r.position, r.id`,
      [ids],
    ),
    db.query<{ booking_room_id: string; name: string; surname: string; nationality: string }>(
      `select g.booking_room_id, g.name, g.surname, g.nationality
         from booking_guests g join booking_rooms r on r.id = g.booking_room_id
        where r.booking_id = any($1) order by g.position`,
      [ids],
    ),
  ]);
  const guestsByRoom = new Map<string, { name: string; surname: string; nationality: string }[]>();
  for (const g of guests) {
    const list = guestsByRoom.get(g.booking_room_id) ?? [];
    list.push({ name: g.name, surname: g.surname, nationality: g.nationality });
    guestsByRoom.set(g.booking_room_id, list);
  }
  return rows.map((b) => {
    const car = b.kind === 'vehicle';
    const driver = car ? (b.customer as unknown as Driver) : null;
    const policy = b.cancellation_policy;
    const arrivalTime = car
      ? b.pickup_time
      : ((b.property_policy?.checkinFromTime as string | undefined) ?? null);
    const block = changeBlockOf(
      { status: b.status, arrivalDate: b.arrival_date, arrivalTime, cancellationPolicy: policy },
      viewer,
      now,
      b.timezone,
    );
    const units: BookedUnit[] = rooms
      .filter((r) => r.booking_id === b.id)
      .map((r) => ({
        id: String(r.id),
        title: String(r.unit_title),
        roomRateTitle: car ? String(r.unit_title) : String(r.plan_title ?? ''),
        unitTypeCode: String(r.unit_id),
        ratePlanCode: String(r.offer_id),
        occupancy: { adults: Number(r.adults), children: Number(r.children), infants: Number(r.infants) },
        cancellationPolicy: r.policy_id
          ? policyFromRow({ ...r, id: r.policy_id, title: r.policy_title }, String(r.currency))
          : policy,
        mealType: (r.meal_type ?? null) as BookedUnit['mealType'],
        guests: guestsByRoom.get(String(r.id)) ?? [],
        drivers: driver ? [driver] : [],
        price: Number(r.total_price),
        status: r.status as BookedUnit['status'],
        meta: { pickUpTime: b.pickup_time, dropOffTime: b.dropoff_time },
      }));
    const customer = car
      ? { name: driver?.firstName ?? '', surname: driver?.lastName ?? '', mail: driver?.email ?? null }
      : {
          name: String(b.customer.name ?? ''),
          surname: String(b.customer.surname ?? ''),
          mail: (b.customer.mail as string | undefined) ?? null,
        };
    return {
      id: b.id,
      type: 'booking' as const,
      status: b.status,
      reservationId: b.reservation_id,
      reservationName: b.reservation_name,
      externalReferenceId: b.external_reference,
      createdAt: new Date(b.created_at).toISOString(),
      hotelName: b.property_title,
      propertyChannelId: b.property_id,
      propertyType: b.kind,
      arrivalDate: b.arrival_date,
      departureDate: b.departure_date,
      arrivalTime,
      totalNights: nightsBetween(b.arrival_date, b.departure_date),
      price: { currency: b.currency, total: Number(b.total) },
      notes: car ? b.special_request : null,
      specialRequest: car ? null : b.special_request,
      resellerName: b.agency_name,
      user: { name: b.booker_name, email: b.booker_email },
      source: b.source,
      giftCardCode: b.gift_card_code,
      customer,
      cancellationPolicy: policy,
      propertyPolicy:
        !car && b.property_policy && Object.keys(b.property_policy).length
          ? ({ ...b.property_policy, currency: b.property_currency } as BookingRecord['propertyPolicy'])
          : null,
      guarantee: b.card_last4
        ? {
            cardType: b.card_brand ?? 'card',
            cardNumber: `•••• ${b.card_last4}`,
            expirationDate: b.card_exp ?? '',
            cardholderName: null,
            cvv: null,
            isVirtual: false,
          }
        : null,
      liability: b.liability,
      changeable: block === null,
      changeBlock: block,
      units,
    };
  });
}

export type { BookingRow };
