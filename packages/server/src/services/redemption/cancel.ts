import { changeBlockOf, changeDeadline } from '@tern/core/bookings';
import { addDays, instantOf, todayIn } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import { canCancelLinkedBooking, isBookingCancelled } from '@tern/core/giftCards';
import type { RedemptionCancellation, redemptionCancelBody } from '@tern/sdk';
import type * as z from 'zod';
import { type Db, prepared } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.js';
import { cancelBookingOfProperty } from '../bookings/changes.js';
import { lastStayOf } from './card.js';

// The store's public cancel of a gift-card stay (document 3 §2.2; docs/decisions.md "Public cancel"): the
// reservation number and the booker's last name (trimmed, any case) must both match a gift-card booking — the
// same 404 for either wrong, misses throttled per address. Allowed while the card's store allows cancelling,
// the arrival is today or later at the property (core's `canCancelLinkedBooking`, the staff rule) and the free
// cancellation deadline has not passed: the policy's (core's `changeDeadline`/`changeBlockOf`, the rule resellers
// follow) and the store's own days before arrival, whichever is earlier. Cancelling frees the rooms
// (`cancelBookingOfProperty`: history, e-mails) and makes the card usable again, in one transaction.

type Body = z.output<typeof redemptionCancelBody>;

interface Found {
  id: string;
  reservation_id: string;
  status: 'new' | 'modified' | 'canceled';
  arrival_date: string;
  timezone: string;
  cancellation_policy: Parameters<typeof changeDeadline>[0]['cancellationPolicy'];
  card_id: string;
  booking_type: 'normal' | 'upsell' | null;
  generated_id: string;
  store_slug: string | null;
  allow_cancellation: boolean | null;
  deadline_days: number | null;
}

// The card's store (the one it was sold by, else its property's first active one), as the card's page reads it.
const findSql = prepared(
  `select b.id, b.reservation_id, b.status, to_char(b.arrival_date, 'YYYY-MM-DD') as arrival_date, p.timezone,
          b.cancellation_policy, c.id as card_id, c.booking_type, c.generated_id,
          s.slug as store_slug, s.allow_cancellation, s.cancellation_deadline_days as deadline_days
     from bookings b
     join properties p on p.id = b.property_id
     join gift_cards c on c.id = b.gift_card_id
     join gift_card_types t on t.id = c.gift_card_type_id
     left join lateral (
       select x.slug, x.allow_cancellation, x.cancellation_deadline_days from stores x
        where x.status = 'active'
          and (x.id = (select sc.store_id from gift_card_purchases gp
                         join store_checkouts sc on sc.id = gp.store_checkout_id where gp.id = c.purchase_id)
               or x.property_id = t.property_id)
        order by x.id = (select sc.store_id from gift_card_purchases gp
                           join store_checkouts sc on sc.id = gp.store_checkout_id where gp.id = c.purchase_id)
                 desc nulls last, x.created_at, x.id
        limit 1) s on true
    where b.reservation_id = upper($1) and b.source = 'gift_card'
      and lower(trim(b.customer->>'surname')) = lower($2)`,
  { readOnly: true },
);

/** The booking the two fields name, or 404 (counted against the address). */
async function findBooking(ctx: RequestContext, db: Db, body: Body): Promise<Found> {
  await assertNotThrottled(ctx.db, ctx.clock, 'gift_card_cancel', null, ctx.ip);
  const found = await db.one<Found>(findSql, [body.reservationId.trim(), body.lastName.trim().toLowerCase()]);
  if (!found) {
    await recordAttempt(ctx.db, ctx.clock, {
      kind: 'gift_card_cancel',
      email: null,
      ip: ctx.ip,
      succeeded: false,
    });
    throw notFound('booking_not_found');
  }
  return found;
}

/** Whether the stay may be cancelled now, why not, and the last instant it may. */
function judge(b: Found, now: Date): Pick<RedemptionCancellation, 'cancellable' | 'reason' | 'deadline'> {
  const booking = {
    status: b.status,
    arrivalDate: b.arrival_date,
    arrivalTime: null,
    cancellationPolicy: b.cancellation_policy,
  };
  const tz = b.timezone || 'UTC';
  const policyDeadline = changeDeadline(booking, tz);
  const storeDeadline =
    b.deadline_days === null ? null : instantOf(addDays(b.arrival_date, -b.deadline_days), tz, '00:00');
  const deadlines = [policyDeadline, storeDeadline].filter((d): d is Date => d !== null);
  const deadline = deadlines.length ? new Date(Math.min(...deadlines.map((d) => d.getTime()))) : null;
  const reason: RedemptionCancellation['reason'] = isBookingCancelled(b)
    ? 'already_cancelled'
    : !canCancelLinkedBooking(
          { arrivalDate: b.arrival_date, status: b.status, bookingType: b.booking_type ?? 'normal' },
          todayIn(tz, now),
        )
      ? 'stay_started'
      : !b.allow_cancellation
        ? 'cancellation_closed'
        : changeBlockOf(booking, { role: 'reseller' }, now, tz) !== null ||
            (storeDeadline !== null && now.getTime() >= storeDeadline.getTime())
          ? 'past_deadline'
          : null;
  return { cancellable: reason === null, reason, deadline: deadline?.toISOString() ?? null };
}

async function answer(ctx: RequestContext, b: Found): Promise<RedemptionCancellation> {
  const stay = (await lastStayOf(ctx.db, b.card_id))!;
  return {
    stay,
    ...judge(b, ctx.clock.now()),
    giftCardCode: b.generated_id,
    storeSlug: b.store_slug,
    timeZone: b.timezone || 'UTC',
  };
}

/** `redemption.cancelPreview`: changes nothing. */
export async function previewCancel(ctx: RequestContext, body: Body): Promise<RedemptionCancellation> {
  return answer(ctx, await findBooking(ctx, ctx.db, body));
}

const REFUSALS = {
  already_cancelled: 'booking_already_cancelled',
  stay_started: 'gift_card_booking_started',
  cancellation_closed: 'cancellation_not_allowed',
  past_deadline: 'cancellation_deadline_passed',
} as const;

/** `redemption.cancel`: the booking cancelled and the card usable again, in one transaction. */
export async function cancelRedemption(ctx: RequestContext, body: Body): Promise<RedemptionCancellation> {
  const b = await findBooking(ctx, ctx.db, body);
  const { reason, deadline } = judge(b, ctx.clock.now());
  if (reason)
    throw conflict(REFUSALS[reason], {
      arrival: b.arrival_date,
      deadline: formatInstant(deadline, b.timezone || 'UTC'),
    });
  await ctx.db.transaction(async (tx) => {
    // Locked and checked again by the cancel: one cancelled meanwhile (by the hotel) changes nothing here.
    if (await cancelBookingOfProperty(tx, ctx.clock, { userId: null }, b.id, { by: 'gift_card_holder' }))
      await tx.query(
        'update gift_cards set booked = false, updated_at = $3 where id = $1 and booking_id = $2 and booked',
        [b.card_id, b.id, ctx.clock.now()],
      );
  });
  return answer(ctx, { ...b, status: 'canceled' });
}
