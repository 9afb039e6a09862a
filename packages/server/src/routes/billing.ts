import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { requireAuth } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { paymentSourceOf, portalSession } from '../services/billing/billing.js';
import { agentOf } from './callers.js';

const agencyOf = (ctx: RequestContext) => agentOf(ctx, 'have its billing').agencyId;

async function memberProperty(ctx: RequestContext, propertyId: string): Promise<string> {
  const row = await ctx.db.one<{ id: string }>(
    'select property_id as id from property_users where user_id = $1 and property_id::text = $2',
    [requireAuth(ctx).user.id, propertyId],
  );
  if (!row) throw notFound('PROPERY_NOT_FOUND', 'property_not_found');
  return row.id;
}

/** The portal lives on this server: its own URL for links. */
const baseOf = (ctx: RequestContext) => ctx.config.apiUrl || ctx.config.webUrl;

export const billingHandlers: AreaHandlers<Contract['billing']> = {
  checkPaymentSource: (_, ctx) => paymentSourceOf(ctx.db, { agencyId: agencyOf(ctx) }),
  resellerPortal: async (_, ctx) => ({
    stripeCustomerPortalSessionUrl: await portalSession(ctx.db, ctx.clock, baseOf(ctx), {
      agencyId: agencyOf(ctx),
    }),
  }),
  supplierPortal: async ({ query }, ctx) => ({
    stripeCustomerPortalSessionUrl: await portalSession(ctx.db, ctx.clock, baseOf(ctx), {
      propertyId: await memberProperty(ctx, query.propertyId),
    }),
  }),
  supplierPaymentSource: async ({ query }, ctx) =>
    paymentSourceOf(ctx.db, { propertyId: await memberProperty(ctx, query.propertyId) }),
};
