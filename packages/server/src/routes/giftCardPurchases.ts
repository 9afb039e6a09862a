import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  createPurchase,
  getPurchase,
  listPurchases,
  markPurchaseIssued,
  markPurchasePaid,
  purchasePdfs,
  retryPurchaseIssue,
  updatePurchaseRecipients,
} from '../services/giftCards/purchases.js';

// A property's gift card purchases; `owns` has resolved the property (one the caller works at), the type and
// the purchase (of it).
export const giftCardPurchasesHandlers: AreaHandlers<Contract['giftCardPurchases']> = {
  list: ({ query, owned }, ctx) => listPurchases(ctx.db, owned.propertyId, query),
  get: ({ params }, ctx) => getPurchase(ctx.db, params.id),
  create: ({ body, owned }, ctx) => createPurchase(ctx.db, ctx, owned.propertyId, body),
  markPaid: ({ params }, ctx) => markPurchasePaid(ctx.db, ctx, params.id),
  markIssued: ({ params, owned }, ctx) => markPurchaseIssued(ctx.db, ctx, owned.propertyId, params.id),
  retryIssue: ({ params }, ctx) => retryPurchaseIssue(ctx.db, ctx, params.id),
  updateRecipients: ({ params, body }, ctx) =>
    updatePurchaseRecipients(ctx.db, ctx, params.id, body.recipientsInfo),
  pdfs: ({ params }, ctx) => purchasePdfs(ctx.db, ctx.clock, params.id),
};
