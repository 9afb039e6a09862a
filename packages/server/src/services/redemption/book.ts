import { addDays } from '@tern/core/dates';
import type { redemptionBookingBody } from '@tern/sdk';
import type * as z from 'zod';
import { type Clock, todayAt } from '../../clock.js';
import { type Db, prepared } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { conflict, HttpError, invalidField } from '../../http/errors.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';
import { takeRoomsAndBook } from '../engine/book.js';
import { loadEngineProperties } from '../engine/load.js';
import { checkStay } from '../engine/queries.js';
import { storePageUrl } from '../payments/follow.js';
import { cardPlansAt, lastArrivalOfCard, loadedPlans, planForStay } from './availability.js';
import { storeOfCard } from './card.js';

// A gift card books its stay (docs/decisions.md "A gift-card booking is a booking of the engine", "A card books
// once"): a booking of the engine with no agency and no booker user, source 'gift_card', taking rooms through the
// engine's one `takeRoomsAndBook`. The card's row is locked first, so two redemptions at once give one booking and
// one 409 `gift_card_redeemed`. A plain rate books at once; an upsell first holds the card while its price is paid
// (upsell.ts), and books here on the provider's paid return.

export type RedemptionRequest = z.output<typeof redemptionBookingBody>;

/** The stay a request asks for: its arrival and the card's length of stay. */
export const stayOfRequest = (card: Pick<OwnedRedeemableCard, 'lengthOfStay'>, r: RedemptionRequest) => ({
  arrival: r.arrivalDate,
  departure: addDays(r.arrivalDate, card.lengthOfStay),
});

/**
 * What every redemption checks before anything is held or written: the booker's fields the card or rate needs,
 * the stay's dates at the property (not past, not after the card's expiry), and a rate the card covers there.
 */
export async function checkRequest(
  db: Db,
  clock: Clock,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  r: RedemptionRequest,
) {
  if (card.marketingCampaign && !r.hotelName) throw invalidField('required', 'hotelName');
  const { arrival, departure } = stayOfRequest(card, r);
  checkStay(arrival, departure, todayAt(clock, property.timezone || 'UTC'));
  if (arrival > lastArrivalOfCard(card))
    throw new HttpError(422, 'gift_card_expired', { params: { expirationDate: card.expirationDate } });
  const plan = (await cardPlansAt(db, card.typeId, property.id)).find(
    (p) => p.ratePlanId === r.ratePlanId && p.unitId === r.roomTypeId,
  );
  if (!plan) throw invalidField('rate_not_covered', 'ratePlanId');
  if (plan.upsell && !r.payer && !r.address) throw invalidField('required', 'address');
  return plan;
}

const lockCardSql = prepared(
  `select c.booked, c.price,
          exists (select 1 from gift_card_redemptions r
                   where r.gift_card_id = c.id and r.status = 'held' and r.hold_expires_at > $2
                     and r.id is distinct from $3) as pending
     from gift_cards c where c.id = $1 for update`,
);

/**
 * Locks the card's row (the first statement of every redemption's transaction) and refuses a card already
 * redeemed (409 `gift_card_redeemed`) or held by another upsell's payment (409 `gift_card_payment_pending`);
 * `ownHold` is the redemption being settled, which does not count against itself. Its price.
 */
export async function lockCard(
  tx: Db,
  cardId: string,
  now: Date,
  ownHold: string | null = null,
): Promise<number> {
  const row = await tx.one<{ booked: boolean; price: string; pending: boolean }>(lockCardSql, [
    cardId,
    now,
    ownHold,
  ]);
  if (row!.booked) throw conflict('gift_card_redeemed');
  if (row!.pending) throw conflict('gift_card_payment_pending');
  return Number(row!.price);
}

/**
 * The rate asked, checked for the stay on the engine's load (no agency) by core's rules for the party: 409
 * `no_longer_available` when sold out, 400 `rate_unavailable` for a restriction.
 */
export async function checkedRate(
  db: Db,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  r: RedemptionRequest,
) {
  const { arrival, departure } = stayOfRequest(card, r);
  const loaded = (
    await loadEngineProperties(db, [property.id], null, arrival, departure, { unitDetails: false })
  ).get(property.id)!;
  const plans = await cardPlansAt(db, card.typeId, property.id);
  const mine = loadedPlans(loaded, plans).find(
    (m) => m.card.ratePlanId === r.ratePlanId && m.card.unitId === r.roomTypeId,
  );
  if (!mine) throw invalidField('rate_not_covered', 'ratePlanId');
  const party = { adults: r.adults, children: r.children, infants: 0 };
  const { reason } = planForStay(loaded, mine, arrival, departure, party);
  if (reason === 'sold_out') throw new HttpError(409, 'no_longer_available');
  if (reason) throw invalidField('rate_unavailable', 'ratePlanId', { reason });
  return { loaded, mine, party, arrival, departure };
}

/**
 * The stay booked in `tx` after `lockCard`: the rate checked (`checkedRate`), the rooms taken and the booking
 * written by the engine's `takeRoomsAndBook`, then the card redeemed. `upsellPaid`: the upsell's price paid on
 * top of the card (`null` for a plain rate). Its booking id.
 */
export async function bookStay(
  tx: Db,
  ctx: Pick<RequestContext, 'clock' | 'config'>,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  r: RedemptionRequest,
  cardPrice: number,
  upsellPaid: number | null,
): Promise<string> {
  const { loaded, mine, party, arrival, departure } = await checkedRate(tx, card, property, r);
  const total = cardPrice + (upsellPaid ?? 0);
  const store = await storeOfCard(tx, card.id);
  const customer = {
    name: r.customer.name,
    surname: r.customer.surname,
    mail: r.customer.email,
    phone: r.customer.phone,
    country: (r.customer.country ?? r.customer.nationality).toUpperCase(),
    ...(r.address ? { address: r.address } : {}),
  };
  const special = [r.notes, r.hotelName ? `Hotel name: ${r.hotelName}` : undefined]
    .filter(Boolean)
    .join('\n');
  const made = await takeRoomsAndBook(tx, ctx.clock, {
    source: 'gift_card',
    property: loaded,
    agencyId: null,
    bookerId: null,
    contractId: null,
    giftCardId: card.id,
    arrivalDate: arrival,
    departureDate: departure,
    currency: loaded.currency,
    total,
    propertyTotal: total,
    customer,
    reservationName: null,
    externalReference: card.code,
    specialRequest: special || null,
    policy: mine.plan.policy,
    liability: 'prepaid',
    card: () => Promise.resolve(null),
    rooms: [
      {
        unit: mine.unit,
        plan: mine.plan,
        offerId: `${mine.plan.id}~${party.adults}-${party.children}-0`,
        occupancy: party,
        nightly: [],
        taxes: [],
        netPrice: total,
        totalPrice: total,
        guests: [
          {
            name: r.customer.name,
            surname: r.customer.surname,
            nationality: r.customer.nationality.toUpperCase(),
          },
        ],
      },
    ],
    guestLines: (reservationId) =>
      store
        ? [
            `Paid with gift card ${card.code}. To cancel this stay: ${cancelUrl(ctx, store.slug, {
              reservationId,
              arrival,
              departure,
              lastName: r.customer.surname,
              locale: r.locale,
            })}`,
          ]
        : [`Paid with gift card ${card.code}.`],
  });
  await tx.query(
    `update gift_cards set booked = true, booking_id = $2, booking_type = $3, redeemed_by = $4,
            redeem_method = 'store', updated_at = $5
      where id = $1`,
    [
      card.id,
      made.bookingId,
      upsellPaid === null ? 'normal' : 'upsell',
      `${r.customer.name} ${r.customer.surname}`,
      ctx.clock.now(),
    ],
  );
  return made.bookingId;
}

/** The store's cancel page for a gift-card booking (document 3 §2.2's query), in the booker's language. */
export function cancelUrl(
  ctx: Pick<RequestContext, 'config'>,
  slug: string,
  b: { reservationId: string; arrival: string; departure: string; lastName: string; locale: string },
): string {
  const query = new URLSearchParams({
    reservation_id: b.reservationId,
    checkin_date: b.arrival,
    checkout_date: b.departure,
    last_name: b.lastName,
  });
  return `${storePageUrl(ctx, slug, 'cancelGiftCard', b.locale)}&${query}`;
}
