import type { RedemptionBookingStatus, redemptionBookingStatusQuery } from '@tern/sdk';
import type * as z from 'zod';
import type { RequestContext } from '../../http/context.js';
import type { OwnedRedeemableCard } from '../../http/ownership.js';

// Being built in this session (issue 25, RS).
export async function redemptionStatus(
  _ctx: RequestContext,
  _card: OwnedRedeemableCard,
  _query: z.output<typeof redemptionBookingStatusQuery>,
): Promise<RedemptionBookingStatus> {
  throw new Error('redemption.bookingStatus: not built yet');
}
