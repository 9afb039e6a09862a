import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { listProducts } from '../services/products.js';

// What a property sells (/products); `owns` has resolved the property (one the caller works at).
export const productsHandlers: AreaHandlers<Contract['products']> = {
  list: ({ owned }, ctx) => listProducts(ctx.db, owned.propertyId.id, ctx.clock.now()),
};
