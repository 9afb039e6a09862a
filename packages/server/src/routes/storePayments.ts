import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { checkoutStore, storePurchaseStatus } from '../services/store/checkout.js';

// The public store's money (document 3 §5, §7): a checkout holds the cards and answers the payment provider's
// page; the provider's signed return tells where the purchase stands (paid → issued, expired, refunded, failed).
// `owns` has resolved the active store by its slug and each card's type (one the store sells).
export const storePaymentHandlers: Pick<AreaHandlers<Contract['store']>, 'checkout' | 'purchaseStatus'> = {
  checkout: ({ body, owned }, ctx) => checkoutStore(ctx, owned.storeSlug, body),
  purchaseStatus: ({ query, owned }, ctx) => storePurchaseStatus(ctx, owned.storeSlug, query),
};
