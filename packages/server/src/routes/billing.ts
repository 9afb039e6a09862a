import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { paymentSourceOf, portalSession } from '../services/billing/billing.js';
import { agentOf } from './callers.js';

const agencyOf = (ctx: RequestContext) => agentOf(ctx).agencyId;

/** The portal lives on this server: its own URL for links. */
const baseOf = (ctx: RequestContext) => ctx.config.apiUrl || ctx.config.webUrl;

export const billingHandlers: AreaHandlers<Contract['billing']> = {
  checkPaymentSource: (_, ctx) => paymentSourceOf(ctx.db, { agencyId: agencyOf(ctx) }),
  resellerPortal: async (_, ctx) => ({
    stripeCustomerPortalSessionUrl: await portalSession(ctx.db, ctx.clock, baseOf(ctx), {
      agencyId: agencyOf(ctx),
    }),
  }),
  // `owned.propertyId` is a property the supplier works at (the contract's `owns`).
  supplierPortal: async ({ owned }, ctx) => ({
    stripeCustomerPortalSessionUrl: await portalSession(ctx.db, ctx.clock, baseOf(ctx), {
      propertyId: owned.propertyId.id,
    }),
  }),
  supplierPaymentSource: ({ owned }, ctx) => paymentSourceOf(ctx.db, { propertyId: owned.propertyId.id }),
};
