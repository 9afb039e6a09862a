import { todayIn } from '@tern/core/dates';
import {
  canCancelLinkedBooking,
  giftCardExpiry,
  isBookingCancelled,
  isGiftCardExpired,
  markUnusedCheck,
} from '@tern/core/giftCards';
import type {
  GiftCard,
  giftCardDetailsBody,
  giftCardsQuery,
  IssueGiftCardsReply,
  issueGiftCardsBody,
  ListMeta,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { cancelBookingOfProperty } from '../bookings/changes.js';
import { ListFilter, listPage, orderBy } from '../listQuery.js';
import { hotelNamesOf, planHotelsSql } from '../stores.js';
import { queueCardMails } from './cardMailQueue.js';
import { newGiftCardCode } from './codes.js';
import { recordRunPurchase } from './purchasesOfRuns.js';
import { getGiftCardType } from './types.js';

// Issued gift cards (document 3 §2.3 orders, §3, §4 M24, §5, §7; DECISIONS 23): issued from a type under its
// row lock (the stock is taken in the same transaction, all rows or none), one card per type and row key, so a
// rerun issues only what is missing; listed with the orders' filters; marked used (with a note), unused again
// (not once the stay it paid for has begun), delivered; and their details changed.

type IssueBody = z.output<typeof issueGiftCardsBody>;
type ListQuery = z.output<typeof giftCardsQuery>;
type DetailsBody = z.output<typeof giftCardDetailsBody>;

interface CardRow {
  id: string;
  generated_id: string;
  gift_card_type_id: string;
  property_id: string;
  kind: GiftCard['kind'];
  title: string;
  name: string;
  email: string;
  notes: string;
  booked: boolean;
  delivered: boolean;
  send_by_letter: boolean;
  pickup_at_hotel: boolean;
  expiration_date: string;
  price: string;
  net_price: string;
  buyer_name: string | null;
  buyer_email: string | null;
  purchase_generated_id: string | null;
  supplier_name: string;
  source_of_sale: GiftCard['sourceOfSale'];
  row_key: string | null;
  booking_id: string | null;
  booking_type: 'normal' | 'upsell' | null;
  reservation_id: string | null;
  arrival_date: string | null;
  booking_status: string | null;
  booking_property_id: string | null;
  redeemed_by: string | null;
  redeem_method: string | null;
  giftcard_type: number;
  plan_hotels: string[];
  length_of_stay: number | null;
  delivery_name: string | null;
  delivery_address: string | null;
  delivery_zip_code: string | null;
  delivery_city: string | null;
  delivery_state: string | null;
  delivery_country: string | null;
  created_at: Date;
  updated_at: Date;
}

const CARD_SELECT = `select c.id, c.generated_id, c.gift_card_type_id, c.property_id, c.kind, c.title, c.name, c.email,
    c.notes, c.booked, c.delivered, c.send_by_letter, c.pickup_at_hotel,
    to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date, c.price, c.net_price, c.buyer_name, c.buyer_email,
    c.purchase_generated_id, p.title as supplier_name, c.source_of_sale, c.row_key, c.booking_id, c.booking_type,
    b.reservation_id, to_char(b.arrival_date, 'YYYY-MM-DD') as arrival_date, b.status as booking_status,
    b.property_id as booking_property_id, c.redeemed_by, c.redeem_method, t.giftcard_type,
    coalesce(h.plan_hotels, '{}') as plan_hotels, t.length_of_stay,
    c.delivery_name, c.delivery_address, c.delivery_zip_code, c.delivery_city, c.delivery_state,
    c.delivery_country, c.created_at, c.updated_at
  from gift_cards c
  join gift_card_types t on t.id = c.gift_card_type_id
  join properties p on p.id = c.property_id
  left join bookings b on b.id = c.booking_id
  left join lateral (${planHotelsSql('t.id')}) h on true`;

const toCard = (r: CardRow): GiftCard => ({
  id: r.id,
  type: 'giftCard',
  generatedId: r.generated_id,
  giftCardTypeId: r.gift_card_type_id,
  propertyId: r.property_id,
  kind: r.kind,
  title: r.title,
  name: r.name,
  email: r.email,
  notes: r.notes,
  booked: r.booked,
  delivered: r.delivered,
  sendByLetter: r.send_by_letter,
  pickupAtHotel: r.pickup_at_hotel,
  expirationDate: r.expiration_date,
  price: Number(r.price),
  netPrice: Number(r.net_price),
  buyerName: r.buyer_name,
  buyerEmail: r.buyer_email,
  purchaseGeneratedId: r.purchase_generated_id,
  supplierName: r.supplier_name,
  sourceOfSale: r.source_of_sale,
  rowKey: r.row_key,
  agentBooking:
    r.booking_id && r.reservation_id
      ? {
          bookingId: r.booking_id,
          reservationId: r.reservation_id,
          arrivalDate: r.arrival_date!,
          status: r.booking_status!,
          bookingType: r.booking_type ?? 'normal',
          propertyId: r.booking_property_id!,
        }
      : null,
  redeemedBy: r.redeemed_by,
  redeemMethod: r.redeem_method,
  multiProperty: r.giftcard_type === 1,
  properties: hotelNamesOf({ ...r, property_title: r.supplier_name }),
  settings: r.length_of_stay === null ? null : { lengthOfStay: r.length_of_stay },
  deliveryName: r.delivery_name,
  deliveryAddress: r.delivery_address,
  deliveryZipCode: r.delivery_zip_code,
  deliveryCity: r.delivery_city,
  deliveryState: r.delivery_state,
  deliveryCountry: r.delivery_country,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function getGiftCard(db: Db, id: string): Promise<GiftCard> {
  return toCard((await db.one<CardRow>(`${CARD_SELECT} where c.id = $1`, [id]))!);
}

/** Draws for a clash of codes before giving up (each draw clashes with odds below 10⁻⁹ at a billion cards). */
const CODE_DRAWS = 5;

/**
 * Issues one card per recipient row of a type (document 3 §3 issue order; DECISIONS 23). Under the type's row
 * lock: the rows whose key was issued before are read back, the others need that much stock (else all are
 * refused with `out_of_stock`), are written with fresh codes, and the type's `issued` grows by their number —
 * all in one transaction, so concurrent calls never pass the limit and a rerun duplicates nothing. Called in a
 * transaction (a campaign's pick, `source` 'campaign'), it joins it.
 */
export async function issueGiftCards(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  typeId: string,
  body: IssueBody,
  source: 'back_office' | 'campaign' = 'back_office',
): Promise<IssueGiftCardsReply> {
  const now = actor.clock.now();
  const today = todayIn(property.timezone, now);
  if (body.expirationDate && isGiftCardExpired(body.expirationDate, today))
    throw invalidField('expiration_past', 'expirationDate', { today });
  return db.transaction(async (tx) => {
    await tx.query('select id from gift_card_types where id = $1 for update', [typeId]);
    const type = await getGiftCardType(tx, typeId, now);
    if (type.status === 'archived') throw conflict('gift_card_type_status', { status: type.status });
    const keys = body.recipients.map((r) => r.rowKey);
    const before = await tx.query<{ row_key: string }>(
      'select row_key from gift_cards where gift_card_type_id = $1 and row_key = any($2::text[])',
      [typeId, keys],
    );
    const issuedBefore = new Set(before.map((r) => r.row_key));
    let missing = body.recipients.filter((r) => !issuedBefore.has(r.rowKey));
    if (missing.length > type.stock)
      throw conflict('out_of_stock', { stock: type.stock, asked: missing.length });
    const created = missing.length;
    const expiry = body.expirationDate ?? giftCardExpiry(type, property.timezone, now);
    // A type's absolute date that has passed (a type made before it, or a duplicate of one) issues no card that
    // would be expired already: give the cards a date, or the type a new one.
    if (created > 0 && isGiftCardExpired(expiry, today)) throw conflict('expiration_past', { today });
    const netPrice = body.netPrice ?? type.netPrice;
    const fresh = new Set(missing.map((r) => r.rowKey));
    for (let draw = 0; missing.length > 0; draw++) {
      if (draw === CODE_DRAWS) throw new Error('gift card codes clashed on every draw');
      // A clash of codes skips the row (`on conflict do nothing`); it is drawn again.
      const written = await tx.query<{ row_key: string }>(
        `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, notes,
                expiration_date, price, net_price, buyer_name, buyer_email, source_of_sale, row_key,
                created_at, updated_at)
         select code, $1, $2, $3, n, e, note, $4, $5, $6, $7, $8, $15, k, $9, $9
           from unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) as x(code, n, e, note, k)
         on conflict do nothing
         returning row_key`,
        [
          typeId,
          property.id,
          type.title,
          expiry,
          type.price,
          netPrice,
          body.buyerName ?? null,
          body.buyerEmail ?? null,
          now,
          missing.map(() => newGiftCardCode()),
          missing.map((r) => r.name),
          missing.map((r) => r.email),
          missing.map((r) => r.note),
          missing.map((r) => r.rowKey),
          source,
        ],
      );
      const done = new Set(written.map((r) => r.row_key));
      missing = missing.filter((r) => !done.has(r.rowKey));
    }
    if (created > 0) {
      await tx.query('update gift_card_types set issued = issued + $2 where id = $1', [typeId, created]);
      await audit(tx, actor, {
        objectType: 'giftCardType',
        objectId: typeId,
        action: 'issue',
        before: { issued: type.issued },
        after: { issued: type.issued + created },
      });
    }
    if (body.purchase) {
      // Issued as sold: the run's purchase takes them (`tern gift-cards issue --paid`).
      const ids = await tx.query<{ id: string }>(
        'select id from gift_cards where gift_card_type_id = $1 and row_key = any($2::text[])',
        [typeId, keys],
      );
      await recordRunPurchase(
        tx,
        actor,
        property,
        typeId,
        body.purchase,
        { netPrice, buyerName: body.buyerName ?? null, buyerEmail: body.buyerEmail ?? null },
        ids.map((r) => r.id),
      );
    }
    const rows = await tx.query<CardRow>(
      `${CARD_SELECT} where c.gift_card_type_id = $1 and c.row_key = any($2::text[])`,
      [typeId, keys],
    );
    const byKey = new Map(rows.map((r) => [r.row_key, toCard(r)]));
    // Sent now when asked: the cards this call issued (one issued before for its row key is not sent again).
    if (body.sendEmail)
      await queueCardMails(
        tx,
        actor,
        [...byKey.values()].filter((c) => fresh.has(c.rowKey!)),
      );
    return {
      cards: keys.map((k) => byKey.get(k)!),
      created,
      // What is left after these (the store's open holds already taken off `type.stock`).
      stock: type.stock - created,
    };
  });
}

/** The orders list's sort columns, by the contract's `orderBy` (the export sorts the same). */
export const GIFT_CARD_ORDER: Record<ListQuery['orderBy'], string> = {
  code: 'c.generated_id',
  expiration: 'c.expiration_date',
  created_at: 'c.created_at',
};

/** What the orders list filters by; its export takes the same (the contract derives its query from the list's). */
export type GiftCardFilters = Omit<ListQuery, 'page' | 'limit' | 'orderBy' | 'orderDirection' | 'propertyId'>;

/** The orders list's filters (document 3 §2.3) as SQL on `gift_cards c`: the list's and its export's. */
export function giftCardFilter(property: OwnedProperty, query: GiftCardFilters): ListFilter {
  return new ListFilter([property.id], ['c.property_id = $1'])
    .search(query.term, ['c.generated_id', 'c.name', 'c.email', 'c.buyer_name', 'c.buyer_email', 'c.title'])
    .when(query.kind, (p) => `c.kind = ${p}`)
    .when(query.booked, (p) => `c.booked = ${p}`)
    .when(query.delivered, (p) => `c.delivered = ${p}`)
    .when(query.sendByLetter, (p) => `c.send_by_letter = ${p}`)
    .when(query.giftCardTypeId, (p) => `c.gift_card_type_id = ${p}`)
    .days('c.created_at', property.timezone, query.soldFrom, query.soldTo);
}

/** The orders list: the property's cards with the filters of document 3 §2.3, 10 a page. */
export function listGiftCards(
  db: Db,
  property: OwnedProperty,
  query: ListQuery,
): Promise<{ items: GiftCard[]; meta: ListMeta }> {
  return listPage(db, {
    select: CARD_SELECT,
    from: 'gift_cards c',
    filter: giftCardFilter(property, query),
    order: orderBy(GIFT_CARD_ORDER, query.orderBy, query.orderDirection, 'c.id'),
    page: query.page,
    limit: query.limit,
    items: (rows: CardRow[]) => rows.map(toCard),
  });
}

/** What the trail follows of a card. */
const trailOf = (c: GiftCard) => ({
  booked: c.booked,
  delivered: c.delivered,
  notes: c.notes,
  expirationDate: c.expirationDate,
  name: c.name,
  email: c.email,
  bookingStatus: c.agentBooking?.status ?? null,
});

/** One conditional write of a card in a transaction with its audit entry; `refuse` when the condition fails. */
async function change(
  db: Db,
  actor: Actor,
  id: string,
  action: string,
  write: (tx: Db, before: GiftCard) => Promise<void>,
): Promise<GiftCard> {
  return db.transaction(async (tx) => {
    // The row lock: of two marks at once, the second sees the first's result.
    await tx.query('select id from gift_cards where id = $1 for update', [id]);
    const before = await getGiftCard(tx, id);
    await write(tx, before);
    const after = await getGiftCard(tx, id);
    await audit(tx, actor, {
      objectType: 'giftCard',
      objectId: id,
      action,
      before: trailOf(before),
      after: trailOf(after),
    });
    return after;
  });
}

/** M24: unused → used, with a note. */
export function markGiftCardUsed(db: Db, actor: Actor, id: string, notes: string): Promise<GiftCard> {
  return change(db, actor, id, 'markUsed', async (tx, card) => {
    if (card.booked) throw conflict('gift_card_used');
    await tx.query('update gift_cards set booked = true, notes = $2, updated_at = $3 where id = $1', [
      id,
      notes,
      actor.clock.now(),
    ]);
  });
}

/** Who cancels a card's booking, for its history entry. */
const canceller = (actor: Actor) => ({ userId: actor.auth?.user.id ?? null });

/**
 * M24: used → unused, with a note (core's `markUnusedCheck`). Refused once the arrival of the stay it was redeemed
 * for has passed (before the property's today) unless that booking is cancelled; a booking still to come (arriving
 * today or later) is cancelled with it, in the same transaction (document 3 §4: "a normal or upsell booking is cancelled as a
 * consequence"), through the bookings service: its rooms freed, its history entry and e-mails.
 */
export function markGiftCardUnused(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  id: string,
  notes: string,
): Promise<GiftCard> {
  return change(db, actor, id, 'markUnused', async (tx, card) => {
    const booking = card.agentBooking;
    const check = markUnusedCheck(card, todayIn(property.timezone, actor.clock.now()));
    if (!check.allowed)
      throw check.reason === 'consumed'
        ? conflict('gift_card_consumed', { arrival: booking!.arrivalDate })
        : conflict('gift_card_not_used');
    if (booking && check.cancelsBooking) {
      await cancelBookingOfProperty(tx, actor.clock, canceller(actor), booking.bookingId, {
        giftCardId: id,
        reason: 'gift_card_unused',
      });
    }
    await tx.query('update gift_cards set booked = false, notes = $2, updated_at = $3 where id = $1', [
      id,
      notes,
      actor.clock.now(),
    ]);
  });
}

/**
 * The booking drawer's cancel (document 3 §4 "Booking cancel"): the booking a card was redeemed for, offered while
 * it is not cancelled and its arrival has not passed (today or later: core's `canCancelLinkedBooking`, the boundary
 * of mark unused). The card stays used; reissuing it is a
 * mark unused after this.
 */
export function cancelGiftCardBooking(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  id: string,
): Promise<GiftCard> {
  return change(db, actor, id, 'cancelBooking', async (tx, card) => {
    const booking = card.agentBooking;
    if (!booking) throw conflict('gift_card_no_booking');
    if (isBookingCancelled(booking)) throw conflict('booking_already_cancelled');
    if (!canCancelLinkedBooking(booking, todayIn(property.timezone, actor.clock.now())))
      throw conflict('gift_card_booking_started', { arrival: booking.arrivalDate });
    await cancelBookingOfProperty(tx, actor.clock, canceller(actor), booking.bookingId, {
      giftCardId: id,
      reason: 'gift_card_booking_cancel',
    });
  });
}

/** M24: not sent → sent. */
export function markGiftCardDelivered(db: Db, actor: Actor, id: string): Promise<GiftCard> {
  return change(db, actor, id, 'markDelivered', async (tx, card) => {
    if (card.delivered) throw conflict('gift_card_delivered');
    await tx.query('update gift_cards set delivered = true, updated_at = $2 where id = $1', [
      id,
      actor.clock.now(),
    ]);
  });
}

/** The details drawer: the last day (not before the property's today), the recipient's name and e-mail. */
export function updateGiftCardDetails(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  id: string,
  body: DetailsBody,
): Promise<GiftCard> {
  const today = todayIn(property.timezone, actor.clock.now());
  if (isGiftCardExpired(body.expirationDate, today))
    throw invalidField('expiration_past', 'expirationDate', { today });
  return change(db, actor, id, 'update', async (tx) => {
    await tx.query(
      'update gift_cards set expiration_date = $2, name = $3, email = $4, updated_at = $5 where id = $1',
      [id, body.expirationDate, body.name, body.email, actor.clock.now()],
    );
  });
}
