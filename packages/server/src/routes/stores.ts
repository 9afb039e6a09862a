import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { createStore, getStore, listGroupStores, listStores, updateStore } from '../services/stores.js';

// A property's gift-card stores; `owns` has resolved the property (one the caller works at) and the store (of it).
export const storesHandlers: AreaHandlers<Contract['stores']> = {
  list: ({ owned }, ctx) => listStores(ctx.db, owned.propertyId.id),
  groupStores: ({ owned }, ctx) => listGroupStores(ctx.db, owned.propertyId, owned.propertyIds),
  get: ({ params }, ctx) => getStore(ctx.db, params.id),
  create: ({ body, owned }, ctx) => createStore(ctx.db, ctx, owned.propertyId.id, body.store),
  update: ({ params, body }, ctx) => updateStore(ctx.db, ctx, params.id, body.store),
};
