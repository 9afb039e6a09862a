import { randomBytes } from 'node:crypto';
import {
  bookingPolicy,
  bookingTotal,
  convertMoney,
  formatPrice,
  freeOnEveryNight,
  isCardNeeded,
  liabilityOf,
  roundMoney,
} from '@tern/core/bookingEngine';
import { daysFrom, nightsBetween } from '@tern/core/dates';
import type { BookingCreated, CancellationPolicy, Occupancy, RateOffer, stayBookingBody } from '@tern/sdk';
import type * as z from 'zod';
import { type Clock, todayAt } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import { conflict, HttpError, invalidField, notFound } from '../../http/errors.js';
import { html, sendMail, textToHtml } from '../mail.js';
import { type CardSummary, redeemCardToken } from '../vault/tokens.js';
import { type EnginePlan, type EngineProperty, type EngineUnit, loadEngineProperties } from './load.js';
import { parseOfferId, planCovered, priceOffer, type Stay } from './offers.js';
import { checkStay, MAX_NIGHTS, propertyToday } from './queries.js';

type Body = z.output<typeof stayBookingBody>['booking'];

export interface Booker {
  userId: string;
  agencyId: string;
  email: string;
}

/** `TRN-` and 8 characters without look-alikes: what people quote on the phone. */
export function newReservationId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `TRN-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

const soldOut = () => new HttpError(409, 'no_longer_available');

// A booking's statements, prepared: the first read runs for every booking, refused or not, and the rest while
// the nights' rows are locked.
const firstSql = prepared(
  `select p.kind, p.timezone,
          exists (select 1 from contracts c
                   where c.property_id = p.id and c.agency_id = $2 and c.status = 'approved') as contracted,
          (select json_object_agg(u.id, (select json_object_agg(a.date::text, a.available)
                                           from unit_availability a
                                          where a.unit_id = u.id and a.date >= $4 and a.date < $5))
             from units u where u.property_id = p.id and u.id::text = any($3)) as free,
          r.rates
     from (select json_object_agg(currency, rate) as rates from currency_rates) r
     left join properties p on p.id = $1`,
  { readOnly: true },
);
const takeRoomsSql = prepared(
  `update unit_availability set available = available - $4
    where unit_id = $1 and date >= $2 and date < $3 and available >= $4 returning date`,
);
// The rooms of a rate plan booked on the most sold night of a stay (bookings not cancelled), read after the
// booking has taken its rooms: a booking of the same plan on a night of this stay took that night's row first,
// so it has committed (or gone) by then, and this statement sees it.
const planSoldSql = prepared(
  `select coalesce(max(s.rooms), 0)::int as sold
     from (select d, count(*) as rooms
             from booking_rooms br
             join bookings b on b.id = br.booking_id
            cross join lateral generate_series(greatest(b.arrival_date, $2::date),
                                               least(b.departure_date, $3::date) - 1, interval '1 day') d
            where br.rate_plan_id = $1 and br.status = 'booked' and b.status <> 'canceled'
              and b.arrival_date < $3::date and b.departure_date > $2::date
            group by d) s`,
);
const insertBookingSql = prepared(
  `insert into bookings (reservation_id, kind, agency_id, property_id, booker_id, contract_id, arrival_date,
                         departure_date, currency, total, property_currency, property_total, customer,
                         reservation_name, external_reference, special_request, liability, cancellation_policy,
                         card_brand, card_last4, card_exp, created_at, updated_at, source, gift_card_id)
   values ($1, 'accommodation', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
           $20, $21, $21, $22, $23)
   returning id`,
);
const insertRoomSql = prepared(
  `insert into booking_rooms (booking_id, unit_id, rate_plan_id, offer_id, adults, children, infants, nightly,
                              taxes, net_price, total_price, position)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
);
const insertHistorySql = prepared(
  `insert into booking_history (booking_id, user_id, action, details, created_at) values ($1, $2, 'created', $3, $4)`,
);

/** The rooms asked, each with its rate plan's id, checked against the rate's occupancy. */
function parseRooms(body: Body) {
  return body.rooms.map((room, index) => {
    const parsed = parseOfferId(room.ratePlanId);
    if (!parsed) throw invalidField('unknown_rate', `rooms.${index}.ratePlanId`);
    const o = room.occupancy;
    if (
      o.adults !== parsed.occupancy.adults ||
      o.children !== parsed.occupancy.children ||
      o.infants !== parsed.occupancy.infants
    )
      throw invalidField('guests_mismatch_rate', `rooms.${index}.occupancy`);
    if (room.guests.length > o.adults + o.children + o.infants)
      throw invalidField('too_many_guests', `rooms.${index}.guests`);
    return { ...room, planId: parsed.planId, index };
  });
}

/**
 * Books rooms of a property (document 1 §4): re-prices every room on the server, checks the contract, the
 * restrictions, the guests and the card, and takes the rooms in ONE transaction, with a conditional update
 * of the nights' availability rows as its first write, so two agents racing for the last room get one booking
 * and one clear 409, the refused one before it wrote anything. The guest's and the property's e-mails are
 * written to the outbox in the same transaction.
 */
export async function createStayBooking(
  db: Db,
  clock: Clock,
  propertyId: string,
  booker: Booker,
  body: Body,
): Promise<BookingCreated> {
  // Dates that are wrong whatever the day (check-out first, too long a stay) are refused before anything is
  // read; the property's today (a check-in is in the past once that day has passed where the property is) comes
  // with the property below.
  if (
    body.departureDate <= body.arrivalDate ||
    nightsBetween(body.arrivalDate, body.departureDate) > MAX_NIGHTS
  )
    checkStay(body.arrivalDate, body.departureDate, await propertyToday(db, clock, propertyId));

  return db.transaction(async (tx) => {
    const nights = daysFrom(body.arrivalDate, body.departureDate);
    // A small read first: the currency rates, and the property's kind, time zone and contract and the rooms free
    // of the units asked (all null when there is no such property). A stay sold out is refused from it, before
    // the property's rates are read or anything is written.
    const first = (await tx.one<{
      kind: string | null;
      timezone: string | null;
      contracted: boolean;
      free: Record<string, Record<string, number> | null> | null;
      rates: Record<string, number> | null;
    }>(firstSql, [
      propertyId,
      booker.agencyId,
      body.rooms.map((r) => r.roomTypeCode),
      body.arrivalDate,
      body.departureDate,
    ]))!;
    checkStay(body.arrivalDate, body.departureDate, todayAt(clock, first.timezone || 'UTC'));
    const rates = first.rates ?? {};
    if (!rates[body.currency]) {
      const currencies = Object.keys(rates).sort().join(', ');
      throw invalidField('currency_unavailable', 'currency', { currency: body.currency, currencies });
    }
    const rooms = parseRooms(body);
    if (first.kind !== 'accommodation') throw notFound('property_not_found');
    if (!first.contracted) throw notFound('no_contract');
    const wanted = new Map<string, number>();
    for (const room of rooms) wanted.set(room.roomTypeCode, (wanted.get(room.roomTypeCode) ?? 0) + 1);
    for (const [unitId, count] of wanted) {
      const free = first.free?.[unitId];
      // A unit that is not the property's is refused below, with the room that names it.
      if (free !== undefined && freeOnEveryNight(nights.map((n) => free?.[n])) < count) throw soldOut();
    }

    // Everything pricing needs, in one statement.
    const property = (
      await loadEngineProperties(tx, [propertyId], booker.agencyId, body.arrivalDate, body.departureDate, {
        unitDetails: false,
      })
    ).get(propertyId);
    if (!property?.contract) throw notFound('no_contract');
    const stay: Stay = {
      checkin: body.arrivalDate,
      checkout: body.departureDate,
      currency: body.currency,
      rates,
    };

    const priced = rooms.map((room) => {
      const unit = property.units.find((u) => u.id === room.roomTypeCode);
      const plan = unit?.plans.find((p) => p.id === room.planId);
      if (!unit || !plan || !planCovered(property, plan))
        throw invalidField('rate_not_sold', `rooms.${room.index}.ratePlanId`);
      const offer = priceOffer(property, unit, plan, room.occupancy, stay);
      if (offer.unavailableReason === 'sold_out') throw soldOut();
      if (offer.unavailableReason)
        throw invalidField('rate_unavailable', `rooms.${room.index}.ratePlanId`, {
          reason: offer.unavailableReason,
        });
      return { room, unit, plan, offer };
    });
    // Several rooms of one unit need that many free on every night (each room names its unit: `wanted`).
    for (const [unitId, count] of wanted) {
      const offer = priced.find((p) => p.unit.id === unitId)!.offer;
      if (offer.availability < count) throw soldOut();
    }
    // And several rooms of one plan that many under its caps (its max sell less its rooms already booked).
    const perPlan = new Map<string, { plan: (typeof priced)[number]['plan']; count: number }>();
    for (const p of priced) {
      const entry = perPlan.get(p.plan.id) ?? { plan: p.plan, count: 0 };
      entry.count += 1;
      perPlan.set(p.plan.id, entry);
      if (p.offer.availability < entry.count) throw soldOut();
    }

    const offers: RateOffer[] = priced.map((p) => p.offer);
    const total = bookingTotal(offers, body.currency);
    if (body.total !== undefined && Math.abs(roundMoney(body.total, body.currency) - total) > 0.005)
      throw conflict('price_changed', { currency: body.currency, total });

    const policies = offers.map((o) => o.cancellationPolicy);
    const cardToken = isCardNeeded(policies) ? body.guarantee?.cardToken : undefined;
    if (isCardNeeded(policies) && !cardToken) throw invalidField('card_required', 'guarantee.cardToken');

    const policy = bookingPolicy(policies);
    const propertyTotal = roundMoney(
      convertMoney(total, body.currency, property.currency, rates),
      property.currency,
    );
    const made = await takeRoomsAndBook(tx, clock, {
      source: 'engine',
      property,
      agencyId: booker.agencyId,
      bookerId: booker.userId,
      contractId: property.contract.id,
      giftCardId: null,
      arrivalDate: body.arrivalDate,
      departureDate: body.departureDate,
      currency: body.currency,
      total,
      propertyTotal,
      customer: body.customer,
      reservationName: body.reservationName ?? null,
      externalReference: body.externalReference ?? null,
      specialRequest: body.specialRequest ?? null,
      policy,
      liability: liabilityOf(policy),
      card: () => (cardToken ? redeemCardToken(tx, clock, cardToken) : Promise.resolve(null)),
      rooms: priced.map((p) => ({
        unit: p.unit,
        plan: p.plan,
        offerId: p.offer.id,
        occupancy: p.room.occupancy,
        nightly: p.offer.nightly,
        taxes: p.offer.taxes,
        netPrice: p.offer.netPrice,
        totalPrice: p.offer.totalPrice,
        guests: p.room.guests,
      })),
      guestLines: () => [],
    });
    return {
      uniqueId: made.bookingId,
      bookingId: made.bookingId,
      reservationId: made.reservationId,
      status: 'new' as const,
      total,
      currency: body.currency,
    };
  });
}

/** A room a booking takes, priced (the engine's offer) or paid otherwise (a gift card's). */
export interface RoomToTake {
  unit: EngineUnit;
  plan: EnginePlan;
  offerId: string;
  occupancy: Occupancy;
  nightly: { date: string; price: number }[];
  taxes: unknown[];
  netPrice: number;
  totalPrice: number;
  guests: { name: string; surname: string; nationality: string }[];
}

/** The engine's customer of a booking (its JSON), as the booking e-mails read it. */
export type BookingCustomer = Body['customer'];

/** A booking to make once its rooms are priced and checked: a reseller's (`engine`) or a gift card's. */
export interface NewBooking {
  source: 'engine' | 'gift_card';
  property: EngineProperty;
  agencyId: string | null;
  bookerId: string | null;
  contractId: string | null;
  giftCardId: string | null;
  arrivalDate: string;
  departureDate: string;
  currency: string;
  total: number;
  propertyTotal: number;
  customer: BookingCustomer;
  reservationName: string | null;
  externalReference: string | null;
  specialRequest: string | null;
  policy: CancellationPolicy | null;
  /** Who carries the stay's payment: the policy's (`liabilityOf`) for a reseller; prepaid for a gift card. */
  liability: ReturnType<typeof liabilityOf>;
  /** The guarantee card, read once the rooms are held (a vault token is redeemed then), or `null`. */
  card: () => Promise<CardSummary | null>;
  rooms: RoomToTake[];
  /** Lines the guest's e-mail adds (a gift card's cancel link), given the reservation number. */
  guestLines: (reservationId: string) => string[];
}

/**
 * Takes a booking's rooms and writes it, in the caller's transaction (document 1 §4; docs/decisions.md "A
 * gift-card booking is a booking of the engine"): the nights' availability rows taken by a conditional update as
 * the first write, the plans' caps read again under those locks, then the booking, its rooms, guests and history,
 * and the guest's and property's e-mails in the outbox. 409 `no_longer_available` when the rooms went.
 */
export async function takeRoomsAndBook(
  tx: Db,
  clock: Clock,
  b: NewBooking,
): Promise<{ bookingId: string; reservationId: string }> {
  const nights = daysFrom(b.arrivalDate, b.departureDate);
  const wanted = new Map<string, number>();
  const perPlan = new Map<string, { plan: EnginePlan; count: number }>();
  for (const room of b.rooms) {
    wanted.set(room.unit.id, (wanted.get(room.unit.id) ?? 0) + 1);
    const entry = perPlan.get(room.plan.id) ?? { plan: room.plan, count: 0 };
    entry.count += 1;
    perPlan.set(room.plan.id, entry);
  }
  // The rooms are taken now, before any write: a conditional update of the nights' rows, which a racing
  // booking of the same nights waits on and then re-checks — if the rooms went meanwhile it is sold out at
  // once, having written nothing (everything is undone with the transaction otherwise). Units in id order, so
  // two bookings never lock in opposite orders. The rows stay locked until the commit, a few inserts later.
  for (const [unitId, count] of [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const updated = await tx.query(takeRoomsSql, [unitId, b.arrivalDate, b.departureDate, count]);
    if (updated.length !== nights.length) throw soldOut();
  }
  // A plan's max sell is per night and counts the plan's rooms already booked (core's `sellableRooms`): read
  // again now that the nights are held, so two bookings racing for a plan's last room get one booking.
  for (const { plan, count } of perPlan.values()) {
    const cap = plan.caps.maxSell;
    if (cap === null) continue;
    const sold = await tx.one<{ sold: number }>(planSoldSql, [plan.id, b.arrivalDate, b.departureDate]);
    if (Number(sold!.sold) + count > cap) throw soldOut();
  }
  const card = await b.card();
  const reservationId = newReservationId();
  const booking = await tx.one<{ id: string }>(insertBookingSql, [
    reservationId,
    b.agencyId,
    b.property.id,
    b.bookerId,
    b.contractId,
    b.arrivalDate,
    b.departureDate,
    b.currency,
    b.total,
    b.property.currency,
    b.propertyTotal,
    JSON.stringify(b.customer),
    b.reservationName,
    b.externalReference,
    b.specialRequest,
    b.liability,
    JSON.stringify(b.policy),
    card?.brand ?? null,
    card?.last4 ?? null,
    card?.exp ?? null,
    clock.now(),
    b.source,
    b.giftCardId,
  ]);
  const bookingId = booking!.id;
  for (const [position, r] of b.rooms.entries()) {
    const room = await tx.one<{ id: string }>(insertRoomSql, [
      bookingId,
      r.unit.id,
      r.plan.id,
      r.offerId,
      r.occupancy.adults,
      r.occupancy.children,
      r.occupancy.infants,
      JSON.stringify(r.nightly),
      JSON.stringify(r.taxes),
      r.netPrice,
      r.totalPrice,
      position,
    ]);
    for (const [g, guest] of r.guests.entries()) {
      const named = guest.name.trim() || guest.surname.trim();
      await tx.query(
        `insert into booking_guests (booking_room_id, name, surname, nationality, position) values ($1, $2, $3, $4, $5)`,
        [room!.id, named ? guest.name : 'No Name', named ? guest.surname : '', guest.nationality, g],
      );
    }
  }
  await tx.query(insertHistorySql, [
    bookingId,
    b.bookerId,
    JSON.stringify({ total: b.total, currency: b.currency, rooms: b.rooms.length, source: b.source }),
    clock.now(),
  ]);
  await announce(tx, clock, {
    reservationId,
    property: b.property,
    booking: b,
    rooms: b.rooms.map((r) => `${r.unit.title} — ${r.plan.title}`),
  });
  return { bookingId, reservationId };
}

/** The booking e-mails: to the guest (when there is an address) and to the property. */
async function announce(
  tx: Db,
  clock: Clock,
  b: {
    reservationId: string;
    property: { title: string; email: string };
    booking: NewBooking;
    rooms: string[];
  },
): Promise<void> {
  const { property, booking } = b;
  const guest = `${booking.customer.name} ${booking.customer.surname}`.trim();
  const lines = [
    `Booking ${b.reservationId} at ${property.title}`,
    `Guest: ${guest}`,
    `Stay: ${booking.arrivalDate} to ${booking.departureDate}`,
    ...b.rooms.map((r) => `Room: ${r}`),
    `Total: ${formatPrice(booking.total, booking.currency)}`,
  ];
  const htmlBody = html`<p>Booking <strong>${b.reservationId}</strong> at ${property.title}</p>
<p>Guest: ${guest}<br>Stay: ${booking.arrivalDate} to ${booking.departureDate}<br>Total: ${formatPrice(booking.total, booking.currency)}</p>`;
  if (booking.customer.mail) {
    const more = booking.guestLines(b.reservationId);
    const extra = more.length ? `\n${more.join('\n')}\n` : '';
    await sendMail(tx, {
      to: booking.customer.mail,
      subject: `Your booking ${b.reservationId} at ${property.title} is confirmed`,
      text: `Dear ${guest},\n\n${lines.join('\n')}\n${extra}`,
      html: more.length ? `${htmlBody}\n${textToHtml(more.join('\n'))}` : htmlBody,
      kind: 'booking_confirmation',
      at: clock.now(),
    });
  }
  if (property.email) {
    await sendMail(tx, {
      to: property.email,
      subject: `New booking ${b.reservationId}: ${guest}, ${booking.arrivalDate}`,
      text: `${lines.join('\n')}\n${booking.specialRequest ? `\nSpecial request: ${booking.specialRequest}\n` : ''}`,
      html: htmlBody,
      kind: 'booking_notification',
      at: clock.now(),
    });
  }
}
