import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { createPromoCode, getPromoCode, listPromoCodes, updatePromoCode } from '../services/promoCodes.js';

// A property's promo codes; `owns` has resolved the property (one the caller works at) and the code (of it).
export const promoCodesHandlers: AreaHandlers<Contract['promoCodes']> = {
  list: ({ query, owned }, ctx) => listPromoCodes(ctx.db, owned.propertyId.id, query),
  get: ({ params }, ctx) => getPromoCode(ctx.db, params.id),
  create: ({ body, owned }, ctx) => createPromoCode(ctx.db, ctx, owned.propertyId, body),
  update: ({ params, body, owned }, ctx) => updatePromoCode(ctx.db, ctx, owned.propertyId, params.id, body),
};
