import * as z from 'zod';
import { id } from './common.js';
import { defineArea, endpoint } from './define.js';

// Stripe-shaped billing (document 1 §4 session "payment-source warning", §6 payment lock, §7 billing calls;
// document 3 §10 billing menu). The server simulates the provider: a portal page on the server itself.

export const paymentSource = z.object({
  /** A card is on file for the subscription (no warning dot on billing). */
  hasPaymentSource: z.boolean(),
  /** Locked for card payments until the subscription is paid (and no admin override). */
  locked: z.boolean(),
});

export const portalSession = z.object({
  /** Opened in a new tab; valid for an hour. */
  stripeCustomerPortalSessionUrl: z.string(),
});

export const billingArea = defineArea('billing', {
  checkPaymentSource: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/stripe/check_payment_source',
    summary: 'Whether the agency has a card on file and whether it is locked.',
    access: ['reseller'],
    reply: 'plain',
    response: paymentSource,
  }),
  resellerPortal: endpoint({
    method: 'GET',
    path: '/api/v2/resellers/stripe/customers_portal_session',
    summary: 'A customer portal session for the agency’s subscription (add a card, pay, unlock).',
    access: ['reseller'],
    reply: 'plain',
    response: portalSession,
  }),
  supplierPortal: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/stripe/customers_portal_session',
    summary: 'A customer portal session for a property’s subscription (a supplier of that property).',
    access: ['supplier'],
    owns: { propertyId: 'property' },
    query: z.object({ propertyId: id }),
    reply: 'plain',
    response: portalSession,
    errors: [404],
  }),
  supplierPaymentSource: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/stripe/check_payment_source',
    summary: 'Whether a property has a card on file and whether it is locked (a supplier of that property).',
    access: ['supplier'],
    owns: { propertyId: 'property' },
    query: z.object({ propertyId: id }),
    reply: 'plain',
    response: paymentSource,
    errors: [404],
  }),
});
