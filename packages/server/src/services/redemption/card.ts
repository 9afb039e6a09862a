import type { RedeemableCard, RedeemableState, RedemptionStay } from '@tern/sdk';
import { type Clock, todayAt } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';

// A gift card as its holder sees it on the redemption pages (document 3 §2.1, §3 gift card fields): where it
// stands, its length of stay, expiry, hotels, store and stay. Read once per page; the state is the one rule
// `cardState` below, which the booking (book.ts) refuses by too.

/**
 * The store a card (`c`, of type `t`) belongs to: the active store it was sold by, else its property's first
 * active store (its look, its address, its cancel page).
 */
const STORE_SLUG = `coalesce(
            (select s.slug from gift_card_purchases gp join store_checkouts sc on sc.id = gp.store_checkout_id
               join stores s on s.id = sc.store_id and s.status = 'active' where gp.id = c.purchase_id),
            (select s.slug from stores s where s.property_id = t.property_id and s.status = 'active'
              order by s.created_at, s.id limit 1))`;

const storeSlugSql = prepared(
  `select ${STORE_SLUG} as slug, (select s.id from stores s where lower(s.slug) = lower(${STORE_SLUG})) as id
     from gift_cards c join gift_card_types t on t.id = c.gift_card_type_id where c.id = $1`,
  { readOnly: true },
);

/** The card's store (`null` when its property has no active store). */
export async function storeOfCard(db: Db, cardId: string): Promise<{ id: string; slug: string } | null> {
  const row = await db.one<{ slug: string | null; id: string | null }>(storeSlugSql, [cardId]);
  return row?.slug && row.id ? { id: row.id, slug: row.slug } : null;
}

const cardSql = prepared(
  `select c.id, c.generated_id, c.title, c.name, c.booked, c.source_of_sale, t.giftcard_type,
          to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date, coalesce(t.length_of_stay, 1) as length_of_stay,
          p.timezone,
          exists (select 1 from gift_card_redemptions r
                   where r.gift_card_id = c.id and r.status = 'held' and r.hold_expires_at > $2) as pending,
          ${STORE_SLUG} as store_slug,
          coalesce((
            select json_agg(json_build_object('id', x.id, 'title', x.title, 'city', x.city, 'country', x.country,
                                              'photo', x.photos->0->>'file', 'currency', x.currency,
                                              'timezone', x.timezone) order by x.title, x.id)
              from properties x
             where x.kind = 'accommodation'
               and ((t.giftcard_type = 0 and x.id = t.property_id)
                    or (t.giftcard_type = 1 and x.id in (select u.property_id from gift_card_type_rate_plans g
                                                           join units u on u.id = g.unit_id
                                                          where g.gift_card_type_id = t.id)))), '[]') as properties
     from gift_cards c join gift_card_types t on t.id = c.gift_card_type_id join properties p on p.id = t.property_id
    where c.id = $1`,
  { readOnly: true },
);

/** The last stay booked with a card (cancelled or not), as its holder sees it. */
const staySql = prepared(
  `select b.reservation_id, b.property_id, p.title as property_title,
          to_char(b.arrival_date, 'YYYY-MM-DD') as arrival_date, to_char(b.departure_date, 'YYYY-MM-DD') as departure_date,
          u.title as room_type_title, rp.title as rate_plan_title, b.status,
          trim(coalesce(b.customer->>'name', '') || ' ' || coalesce(b.customer->>'surname', '')) as guest_name,
          coalesce(c.booking_type, case when exists (select 1 from gift_card_redemptions r where r.booking_id = b.id)
                                        then 'upsell' else 'normal' end) as booking_type
     from bookings b
     join properties p on p.id = b.property_id
     join gift_cards c on c.id = b.gift_card_id
     left join lateral (select unit_id, rate_plan_id from booking_rooms where booking_id = b.id
                         order by position limit 1) br on true
     left join units u on u.id = br.unit_id
     left join rate_plans rp on rp.id = br.rate_plan_id
    where b.gift_card_id = $1 and b.source = 'gift_card'
    order by b.created_at desc, b.id desc limit 1`,
  { readOnly: true },
);

interface StayRow {
  reservation_id: string;
  property_id: string;
  property_title: string;
  arrival_date: string;
  departure_date: string;
  room_type_title: string | null;
  rate_plan_title: string | null;
  status: RedemptionStay['status'];
  guest_name: string;
  booking_type: RedemptionStay['bookingType'];
}

export const stayOf = (r: StayRow): RedemptionStay => ({
  reservationId: r.reservation_id,
  propertyId: r.property_id,
  propertyTitle: r.property_title,
  arrivalDate: r.arrival_date,
  departureDate: r.departure_date,
  roomTypeTitle: r.room_type_title ?? '',
  ratePlanTitle: r.rate_plan_title ?? '',
  guestName: r.guest_name,
  status: r.status,
  bookingType: r.booking_type,
});

/** The stay last booked with the card, or `null`. */
export async function lastStayOf(db: Db, cardId: string): Promise<RedemptionStay | null> {
  const row = await db.one<StayRow>(staySql, [cardId]);
  return row ? stayOf(row) : null;
}

/**
 * Where a card stands: used once booked; waiting while an upsell's payment is held; expired once its expiry has
 * passed at its property; else usable.
 */
export function cardState(c: {
  booked: boolean;
  pending: boolean;
  expirationDate: string;
  today: string;
}): RedeemableState {
  if (c.booked) return 'used';
  if (c.pending) return 'pending_payment';
  if (c.expirationDate < c.today) return 'expired';
  return 'usable';
}

/** `redemption.card`. */
export async function getRedeemableCard(db: Db, clock: Clock, card: { id: string }): Promise<RedeemableCard> {
  const row = (await db.one<{
    id: string;
    generated_id: string;
    title: string;
    name: string;
    booked: boolean;
    source_of_sale: string;
    giftcard_type: number;
    expiration_date: string;
    length_of_stay: number;
    timezone: string;
    pending: boolean;
    store_slug: string | null;
    properties: {
      id: string;
      title: string;
      city: string;
      country: string;
      photo: string | null;
      currency: string;
      timezone: string;
    }[];
  }>(cardSql, [card.id, clock.now()]))!;
  return {
    generatedId: row.generated_id,
    title: row.title,
    name: row.name,
    state: cardState({
      booked: row.booked,
      pending: row.pending,
      expirationDate: row.expiration_date,
      today: todayAt(clock, row.timezone || 'UTC'),
    }),
    expirationDate: row.expiration_date,
    lengthOfStay: Number(row.length_of_stay),
    marketingCampaign: row.source_of_sale === 'campaign',
    multiProperty: Number(row.giftcard_type) === 1,
    storeSlug: row.store_slug,
    properties: row.properties.map((p) => ({
      id: p.id,
      title: p.title,
      city: p.city,
      country: p.country,
      photoUrl: p.photo ? `/photos/${p.photo}` : null,
      currency: p.currency,
      timezone: p.timezone,
    })),
    stay: await lastStayOf(db, row.id),
  };
}
