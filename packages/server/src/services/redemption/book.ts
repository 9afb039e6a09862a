import type { RedemptionBooking, redemptionBookingBody } from '@tern/sdk';
import type * as z from 'zod';
import type { RequestContext } from '../../http/context.js';
import type { OwnedRedeemableCard, OwnedRedemptionProperty } from '../../http/ownership.js';

// Being built in this session (issue 25, RS).
export async function bookRedemption(
  _ctx: RequestContext,
  _card: OwnedRedeemableCard,
  _property: OwnedRedemptionProperty,
  _body: z.output<typeof redemptionBookingBody>,
): Promise<RedemptionBooking> {
  throw new Error('redemption.book: not built yet');
}
