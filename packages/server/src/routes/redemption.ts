import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { redemptionClosedDates, redemptionRooms } from '../services/redemption/availability.js';
import { cancelRedemption, previewCancel } from '../services/redemption/cancel.js';
import { getRedeemableCard } from '../services/redemption/card.js';
import { bookRedemption } from '../services/redemption/redeem.js';
import { redemptionStatus } from '../services/redemption/upsell.js';

// Redeeming a gift card for a stay, and its public cancel (document 3 §2.1–§2.2, §7 "Redemption"): no token —
// `owns` has resolved the card by its normalised code (guessing throttled per address) and the property as one
// the card is redeemed at. The booking is the engine's (services/engine/book.ts), the card locked while it books.
export const redemptionHandlers: AreaHandlers<Contract['redemption']> = {
  card: ({ owned }, ctx) => getRedeemableCard(ctx.db, ctx.clock, owned.code),
  closedDates: ({ owned, query }, ctx) =>
    redemptionClosedDates(ctx.db, ctx.clock, owned.code, owned.propertyId, query),
  rooms: ({ owned, query }, ctx) => redemptionRooms(ctx.db, ctx.clock, owned.code, owned.propertyId, query),
  book: ({ owned, body }, ctx) => bookRedemption(ctx, owned.code, owned.propertyId, body),
  bookingStatus: ({ owned, query }, ctx) => redemptionStatus(ctx, owned.code, query),
  cancelPreview: ({ body }, ctx) => previewCancel(ctx, body),
  cancel: ({ body }, ctx) => cancelRedemption(ctx, body),
};
