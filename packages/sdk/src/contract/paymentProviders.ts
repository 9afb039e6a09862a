import * as z from 'zod';
import { id, listOf, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';

// A property's payment providers (document 2 §2 payment providers page, §3 payment provider, §4 "payment
// provider", §5, §8): Borgun, Valitor (deprecated: listed, not creatable), Stripe (connected through an
// onboarding link; no delete), Nets, Rapyd. One default, which cannot be deleted. Secrets are sealed at rest and
// come back masked. A provider decides where a property's money goes: only its managers (and admins) add, change,
// delete or connect one; its staff see the masked list.

export const PROVIDER_NAMES = ['borgun', 'valitor', 'stripe', 'nets', 'rapyd'] as const;
export const providerName = z.enum(PROVIDER_NAMES);
export type ProviderName = z.infer<typeof providerName>;
/** Providers a new one may be (Valitor is deprecated). */
export const CREATABLE_PROVIDERS: readonly ProviderName[] = ['borgun', 'stripe', 'nets', 'rapyd'];

/** The fields each provider needs (document 2 §3); `secret` ones are sealed and masked. */
export const PROVIDER_FIELDS = {
  borgun: [
    { name: 'merchantId', secret: false },
    { name: 'paymentGatewayId', secret: false },
    { name: 'secretKey', secret: true },
  ],
  valitor: [
    { name: 'valitorIdentifier', secret: false },
    { name: 'valitorVerificationCode', secret: true },
  ],
  nets: [
    { name: 'secretKey', secret: true },
    { name: 'checkoutKey', secret: false },
    { name: 'merchantId', secret: false },
  ],
  rapyd: [
    { name: 'secretKey', secret: true },
    { name: 'accessKey', secret: true },
  ],
  stripe: [],
} as const satisfies Record<ProviderName, readonly { name: string; secret: boolean }[]>;
export type ProviderField =
  | 'merchantId'
  | 'paymentGatewayId'
  | 'secretKey'
  | 'valitorIdentifier'
  | 'valitorVerificationCode'
  | 'checkoutKey'
  | 'accessKey';

const field = z.string().trim().max(500);
export const providerDetailsInput = z.object({
  merchantId: field.optional(),
  paymentGatewayId: field.optional(),
  secretKey: field.optional(),
  valitorIdentifier: field.optional(),
  valitorVerificationCode: field.optional(),
  checkoutKey: field.optional(),
  accessKey: field.optional(),
});

export const paymentProvider = z.object({
  id: recordId,
  type: z.literal('provider'),
  name: providerName,
  default: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The provider's fields; secrets masked (bullets and their last 4 characters). Stripe: its account. */
  details: z.object({
    merchantId: z.string().optional(),
    paymentGatewayId: z.string().optional(),
    secretKey: z.string().optional(),
    valitorIdentifier: z.string().optional(),
    valitorVerificationCode: z.string().optional(),
    checkoutKey: z.string().optional(),
    accessKey: z.string().optional(),
    accountActive: z.boolean().optional(),
    /** Stripe, while its account is not active: where the onboarding continues. */
    onboardingAccountUrl: z.string().nullable().optional(),
  }),
});
export type PaymentProvider = z.infer<typeof paymentProvider>;

const PROVIDERS = '/api/v1/tern_hotels/providers';

export const paymentProvidersArea = defineArea('paymentProviders', {
  list: endpoint({
    method: 'GET',
    path: PROVIDERS,
    summary: 'A property’s payment providers, oldest first, secrets masked (its staff too).',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    query: z.object({ propertyId: id }),
    reply: 'list',
    response: listOf(paymentProvider),
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: PROVIDERS,
    summary:
      'Adds a provider with its required fields (none for Stripe, which replies with an onboarding link). The first one, or one marked default, becomes the default. Valitor is deprecated: no new ones. A manager of the property only (403 `managers_only` for its staff).',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'managedProperty' },
    body: z.object({
      propertyId: id,
      provider: z.object({
        name: providerName,
        default: z.boolean().default(false),
        details: providerDetailsInput,
      }),
    }),
    reply: 'resource',
    response: paymentProvider,
    creates: true,
    errors: [400, 403, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${PROVIDERS}/{id}`,
    summary:
      'Changes a provider’s fields or makes it the default. A masked or empty secret keeps the stored one. A Stripe provider changes only once its account is active. A manager of the property only.',
    access: ['supplier', 'admin'],
    owns: { id: 'paymentProvider', propertyId: 'managedProperty' },
    params: z.object({ id }),
    body: z.object({
      propertyId: id,
      provider: z.object({ default: z.boolean().default(false), details: providerDetailsInput }),
    }),
    reply: 'resource',
    response: paymentProvider,
    errors: [400, 403, 404, 409],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${PROVIDERS}/{id}`,
    summary:
      'Deletes a provider — not the default one, and never a Stripe one. A manager of the property only.',
    access: ['supplier', 'admin'],
    owns: { id: 'paymentProvider', propertyId: 'managedProperty' },
    params: z.object({ id }),
    query: z.object({ propertyId: id }),
    reply: 'empty',
    response: z.undefined(),
    errors: [403, 404, 409],
  }),
  stripeConnect: endpoint({
    method: 'POST',
    path: `${PROVIDERS}/{id}/stripe_connect`,
    summary:
      'A new onboarding link for a Stripe provider whose account is not active yet. A manager of the property only.',
    access: ['supplier', 'admin'],
    owns: { id: 'paymentProvider', propertyId: 'managedProperty' },
    params: z.object({ id }),
    body: z.object({ propertyId: id }),
    reply: 'resource',
    response: paymentProvider,
    errors: [403, 404, 409],
  }),
});
