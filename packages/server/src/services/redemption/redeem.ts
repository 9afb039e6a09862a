import type { RedemptionBooking } from '@tern/sdk';
import type { RequestContext } from '../../http/context.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';
import { bookStay, checkRequest, lockCard, type RedemptionRequest } from './book.js';
import { lastStayOf } from './card.js';
import { startUpsell } from './upsell.js';

// `redemption.book`, above its two ways: book.ts (the stay, at once) and upsell.ts (paid first, booked on the
// provider's return, through book.ts too) — here so that neither imports the other's caller.

/** `redemption.book`: a plain rate books at once; an upsell holds the card and answers where to pay. */
export async function bookRedemption(
  ctx: RequestContext,
  card: OwnedRedeemableCard,
  property: OwnedRedemptionProperty,
  body: RedemptionRequest,
): Promise<RedemptionBooking> {
  const plan = await checkRequest(ctx.db, ctx.clock, card, property, body);
  if (plan.upsell) return startUpsell(ctx, card, property, body, plan.price);
  return ctx.db.transaction(async (tx) => {
    const price = await lockCard(tx, card.id, ctx.clock.now());
    await bookStay(tx, ctx, card, property, body, price, null);
    return {
      status: 'booked' as const,
      stay: await lastStayOf(tx, card.id),
      redirectUrl: null,
      referenceNumber: null,
      holdExpiresAt: null,
      amount: 0,
      currency: property.currency,
    };
  });
}
