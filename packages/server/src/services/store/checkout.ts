import type {
  StoreCheckout,
  StorePurchaseStatus,
  storeCheckoutBody,
  storePurchaseStatusQuery,
} from '@tern/sdk';
import type * as z from 'zod';
import type { RequestContext } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import type { OwnedPublicStore } from '../../http/ownership.js';

type CheckoutBody = z.output<typeof storeCheckoutBody>;
type StatusQuery = z.output<typeof storePurchaseStatusQuery>;

// The public store's checkout and its return (design.md "Money flow" 3 and 5). Being written (issue 24, S3).

export async function checkoutStore(
  _ctx: RequestContext,
  _store: OwnedPublicStore,
  _body: CheckoutBody,
): Promise<StoreCheckout> {
  throw new HttpError(500, 'internal');
}

export async function storePurchaseStatus(
  _ctx: RequestContext,
  _store: OwnedPublicStore,
  _query: StatusQuery,
): Promise<StorePurchaseStatus> {
  throw new HttpError(500, 'internal');
}
