import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { cartPrices, getStorefront, getStorefrontType } from '../services/store/catalog.js';

// The public store's catalogue and cart (no token): `owns` has resolved the store (active, by its slug in any
// case) and the types (published, sold by that store); the checkout and the payment are routes/storePayments.ts.
export const storeCatalogHandlers: Pick<AreaHandlers<Contract['store']>, 'get' | 'type' | 'cartPrices'> = {
  get: ({ owned }, ctx) => getStorefront(ctx.db, owned.storeSlug, ctx.clock.now()),
  type: ({ owned, params }, ctx) =>
    getStorefrontType(ctx.db, owned.storeSlug, params.typeId, ctx.clock.now()),
  cartPrices: ({ owned, body }, ctx) => cartPrices(ctx.db, owned.storeSlug, body, ctx.clock.now()),
};
