import { isBookingCancelled } from '@tern/core/giftCards';
import {
  type RedemptionBooking,
  type RedemptionBookingStatus,
  type redemptionBookingStatusQuery,
  STORE_HOLD_MINUTES,
} from '@tern/sdk';
import type * as z from 'zod';
import { type Db, prepared } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';
import { followPayment, RefundInstead, storePageUrl, withFreshReference } from '../payments/follow.js';
import { paymentsOf } from '../payments/index.js';
import { bookStay, checkedRate, lockCard, type RedemptionRequest } from './book.js';
import { lastStayOf, storeOfCard } from './card.js';

// An upsell's redemption (docs/decisions.md "An upsell is paid before it is booked"): `book` holds the card for
// STORE_HOLD_MINUTES (a `gift_card_redemptions` row; other redemptions of the card are refused meanwhile) and
// opens a payment session through the store's PaymentAdapter; neither the card nor the rooms are taken. The
// provider's signed return (`bookingStatus`) is verified, the provider asked, and a paid one books the stay in
// one transaction — or, the card or the rooms gone, is refunded — once, however often the return is sent.

/** A hold's card and rooms are not taken: the stay is checked now, and again when it is paid. */
export async function startUpsell(
  ctx: RequestContext,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  body: RedemptionRequest,
  price: number,
): Promise<RedemptionBooking> {
  const store = await storeOfCard(ctx.db, card.id);
  if (!store) throw notFound('store_not_found');
  const payments = paymentsOf(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockCard(tx, card.id, now);
    await checkedRate(tx, card, property, body);
    const holdExpiresAt = new Date(now.getTime() + STORE_HOLD_MINUTES * 60_000);
    const row = await withFreshReference((reference) =>
      tx.one<{ id: string; reference_number: string }>(
        `insert into gift_card_redemptions (reference_number, gift_card_id, property_id, store_id, request, amount,
                currency, hold_expires_at, payment_provider, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         on conflict (reference_number) do nothing
         returning id, reference_number`,
        [
          reference,
          card.id,
          property.id,
          store.id,
          JSON.stringify(body),
          price,
          property.currency,
          holdExpiresAt,
          payments.adapter.name,
          now,
        ],
      ),
    );
    const page = `booking/${card.code}`;
    const session = await payments.adapter.createSession(
      tx,
      {
        referenceNumber: row.reference_number,
        propertyId: property.id,
        amount: price,
        currency: property.currency,
        merchant: property.title,
        locale: body.locale,
        expiresAt: holdExpiresAt,
        returnUrl: storePageUrl(ctx, store.slug, `${page}/confirmation`, body.locale),
        cancelUrl: storePageUrl(ctx, store.slug, page, body.locale),
      },
      now,
    );
    await tx.query('update gift_card_redemptions set payment_session_id = $2 where id = $1', [
      row.id,
      session.sessionId,
    ]);
    return {
      status: 'payment' as const,
      stay: null,
      redirectUrl: session.redirectUrl,
      referenceNumber: row.reference_number,
      holdExpiresAt: holdExpiresAt.toISOString(),
      amount: price,
      currency: property.currency,
    };
  });
}

interface RedemptionRow {
  id: string;
  status: 'held' | 'paid' | 'booked' | 'expired' | 'refunded' | 'failed';
  hold_expires_at: Date;
  payment_session_id: string | null;
  request: RedemptionRequest;
  amount: string;
  property_id: string;
  created_at: Date;
}

const COLUMNS = 'id, status, hold_expires_at, payment_session_id, request, amount, property_id, created_at';
const latestSql = prepared(
  `select ${COLUMNS} from gift_card_redemptions where gift_card_id = $1 order by created_at desc, id desc limit 1`,
  { readOnly: true },
);

/** Not finished: held, or expired or failed unpaid (a late payment is still settled or refunded). */
const UNFINISHED = `status in ('held', 'expired', 'failed')`;

/** The paid redemption booked: the card locked and checked first, any refusal turned into a refund. */
async function settle(
  tx: Db,
  ctx: RequestContext,
  card: OwnedRedeemableCard,
  row: RedemptionRow,
  now: Date,
): Promise<void> {
  const mine = await tx.one(
    `update gift_card_redemptions set status = 'paid', paid_at = $2, updated_at = $2
      where id = $1 and ${UNFINISHED} returning id`,
    [row.id, now],
  );
  if (!mine) return;
  const property = (await tx.one<OwnedRedemptionProperty>(
    'select id, title, currency, timezone, email from properties where id = $1',
    [row.property_id],
  ))!;
  let bookingId: string;
  try {
    const price = await lockCard(tx, card.id, now, row.id);
    bookingId = await bookStay(tx, ctx, card, property, row.request, price, Number(row.amount));
  } catch (error) {
    // The card redeemed or held meanwhile, the rooms gone, the rate closed: the payment goes back.
    if (error instanceof HttpError && error.status < 500) throw new RefundInstead();
    throw error;
  }
  await tx.query(
    `update gift_card_redemptions set status = 'booked', booking_id = $2, finished_at = $3, updated_at = $3
      where id = $1`,
    [row.id, bookingId, now],
  );
}

/** `redemption.bookingStatus`: with a signed return, verified and settled first; then where the card stands. */
export async function redemptionStatus(
  ctx: RequestContext,
  card: OwnedRedeemableCard,
  query: z.output<typeof redemptionBookingStatusQuery>,
): Promise<RedemptionBookingStatus> {
  const { referenceNumber, propertyId, digitalSignature } = query;
  if (referenceNumber || propertyId || digitalSignature) {
    const payments = paymentsOf(ctx.config);
    if (
      !referenceNumber ||
      !propertyId ||
      !digitalSignature ||
      !payments.adapter.verifyReturn({ referenceNumber, propertyId, digitalSignature })
    )
      throw forbidden('signature_invalid');
    const row = await ctx.db.one<RedemptionRow>(
      `select ${COLUMNS} from gift_card_redemptions
        where reference_number = $1 and property_id = $2 and gift_card_id = $3`,
      [referenceNumber, propertyId, card.id],
    );
    if (!row) throw notFound('not_found');
    if (['held', 'expired', 'failed'].includes(row.status) && row.payment_session_id)
      await followPayment(
        ctx,
        {
          sessionId: row.payment_session_id,
          holdExpiresAt: new Date(row.hold_expires_at),
          held: row.status === 'held',
        },
        {
          settle: (tx, now) => settle(tx, ctx, card, row, now),
          refunded: async (tx, now) =>
            (await tx.one(
              `update gift_card_redemptions set status = 'refunded', paid_at = $2, finished_at = $2, updated_at = $2
                where id = $1 and ${UNFINISHED} returning id`,
              [row.id, now],
            )) !== null,
          finish: (db, status, now) =>
            db.query(
              `update gift_card_redemptions set status = $2, finished_at = $3, updated_at = $3
                where id = $1 and ${UNFINISHED}`,
              [row.id, status, now],
            ),
        },
      );
  }
  return statusOf(ctx, card);
}

/** Where the card's redemption stands: its live stay, else its latest upsell's payment, else none. */
async function statusOf(ctx: RequestContext, card: OwnedRedeemableCard): Promise<RedemptionBookingStatus> {
  const stay = await lastStayOf(ctx.db, card.id);
  if (stay && !isBookingCancelled(stay)) return { status: 'booked', stay };
  const latest = await ctx.db.one<RedemptionRow>(latestSql, [card.id]);
  const now = ctx.clock.now().getTime();
  if (!latest || latest.status === 'booked') return { status: 'none', stay };
  if (latest.status === 'refunded' || latest.status === 'failed') return { status: latest.status, stay };
  if (latest.status === 'expired' || new Date(latest.hold_expires_at).getTime() <= now)
    return { status: 'expired', stay };
  return { status: 'pending', stay };
}
