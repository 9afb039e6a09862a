import type { Db } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { newGiftCardCode } from '../giftCards/codes.js';
import { paymentsOf } from './index.js';

// Following a hosted payment once the provider's signed return has been verified (the store's checkout and a
// gift card's upsell share it): the provider is asked where the payment stands — the return alone is never
// trusted. Paid: settled in one transaction (the caller's conditional update makes a replay change nothing), or,
// when the settling finds what was paid for gone (`RefundInstead`), rolled back and refunded once. Declined:
// failed. Still open after the hold: expired.

/** Thrown inside the settling transaction to roll it back when the payment must be refunded instead. */
export class RefundInstead extends Error {}

export interface FollowedPayment {
  sessionId: string;
  holdExpiresAt: Date;
  /** Still held (not yet expired by a sweep). */
  held: boolean;
}

export interface PaymentOutcomes {
  /** Settles a paid payment in `tx`; throws `RefundInstead` to refund instead. */
  settle(tx: Db, now: Date): Promise<void>;
  /** Marks it refunded if it was not finished yet: `true` when this call did (so the refund is asked once). */
  refunded(tx: Db, now: Date): Promise<boolean>;
  /** Moves an unfinished one to failed or expired (conditional on its status). */
  finish(db: Db, status: 'failed' | 'expired', now: Date): Promise<unknown>;
}

export async function followPayment(
  ctx: RequestContext,
  payment: FollowedPayment,
  on: PaymentOutcomes,
): Promise<void> {
  const payments = paymentsOf(ctx.config);
  const now = ctx.clock.now();
  const status = await payments.adapter.paymentStatus(ctx.db, payment.sessionId, now);
  if (status === 'paid') {
    try {
      await ctx.db.transaction((tx) => on.settle(tx, ctx.clock.now()));
    } catch (error) {
      if (!(error instanceof RefundInstead)) throw error;
      await ctx.db.transaction(async (tx) => {
        const at = ctx.clock.now();
        if (await on.refunded(tx, at)) await payments.adapter.refund(tx, payment.sessionId, at);
      });
    }
  } else if (status === 'declined') await on.finish(ctx.db, 'failed', now);
  else if (payment.held && payment.holdExpiresAt.getTime() <= now.getTime())
    await on.finish(ctx.db, 'expired', now);
}

/** A page of a store the provider sends the visitor back to, in the language they paid in (`?locale=`). */
export function storePageUrl(
  ctx: Pick<RequestContext, 'config'>,
  slug: string,
  path: string,
  locale: string,
) {
  const web = ctx.config.webUrl || ctx.config.apiUrl;
  return `${web}/${slug}/${path}?locale=${encodeURIComponent(locale)}`;
}

/** Draws for a clash of reference numbers before giving up. */
const NUMBER_DRAWS = 5;

/**
 * A row inserted under a fresh reference number (12 characters of the cards' alphabet): `insert` answers `null`
 * on a clash (`on conflict do nothing`) and is tried again with another, a few times at most.
 */
export async function withFreshReference<T>(insert: (reference: string) => Promise<T | null>): Promise<T> {
  for (let draw = 0; draw < NUMBER_DRAWS; draw++) {
    const row = await insert(newGiftCardCode());
    if (row) return row;
  }
  throw new Error('reference numbers clashed on every draw');
}
