import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import {
  createProvider,
  deleteProvider,
  listProviders,
  type ProviderDeps,
  stripeConnect,
  updateProvider,
} from '../services/paymentProviders.js';

// A property's payment providers; `owns` has resolved the property (one the caller works at) and the provider.
const deps = (ctx: RequestContext): ProviderDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  actor: ctx,
  secretKeys: ctx.config.secretKeys,
  baseUrl: ctx.config.apiUrl || ctx.config.webUrl,
});

export const paymentProvidersHandlers: AreaHandlers<Contract['paymentProviders']> = {
  list: ({ owned }, ctx) => listProviders(ctx.db, owned.propertyId.id),
  create: ({ body, owned }, ctx) => createProvider(deps(ctx), owned.propertyId.id, body.provider),
  update: ({ params, body, owned }, ctx) =>
    updateProvider(deps(ctx), owned.propertyId.id, params.id, body.provider),
  delete: ({ params, owned }, ctx) => deleteProvider(deps(ctx), owned.propertyId.id, params.id),
  stripeConnect: ({ params }, ctx) => stripeConnect(deps(ctx), params.id),
};
