import * as z from 'zod';
import { id, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { cancellationPolicy, cancellationPolicyLogic, propertyPolicy } from './engine.js';

// A property's policies (document 2 §2 `/settings/policies`; document 1's hotel and cancellation policies, which
// the booking engine shows and applies): editable by its staff; a change applies to bookings made afterwards —
// a booked room keeps the policy it was sold with.

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use HH:MM' })
  .nullable();

/** The hotel policy as staff set it (the property's currency is added when shown). */
export const hotelPolicyBody = propertyPolicy.omit({ currency: true }).extend({
  checkinFromTime: time,
  checkinToTime: time,
  checkoutFromTime: time,
  checkoutToTime: time,
  internetAccessCost: z.number().min(0).max(1_000_000).nullable(),
  petsNonRefundableFee: z.number().min(0).max(1_000_000).nullable(),
  petsRefundableDeposit: z.number().min(0).max(1_000_000).nullable(),
});
export type HotelPolicyBody = z.input<typeof hotelPolicyBody>;

export const cancellationPolicyBody = z
  .object({
    title: z.string().trim().min(1, { error: 'required' }).max(200),
    cancellationPolicyLogic,
    cancellationPolicyDeadline: z.number().int().min(0).max(8760).nullable().default(null),
    cancellationPolicyDeadlineType: z.enum(['hours', 'days']).nullable().default(null),
    cancellationPolicyPenalty: z.number().min(0).max(1_000_000),
    cancellationPolicyMode: z.enum(['percent', 'amount']),
    guaranteePaymentPolicy: cancellationPolicy.shape.guaranteePaymentPolicy,
    guaranteePaymentAmount: z.number().min(0).max(1_000_000).default(0),
  })
  .refine(
    (p) =>
      p.cancellationPolicyLogic !== 'deadline' ||
      (p.cancellationPolicyDeadline !== null && p.cancellationPolicyDeadlineType !== null),
    { error: 'A deadline needs its length and unit', path: ['cancellationPolicyDeadline'] },
  )
  .refine((p) => p.cancellationPolicyMode !== 'percent' || p.cancellationPolicyPenalty <= 100, {
    error: 'A percentage is at most 100',
    path: ['cancellationPolicyPenalty'],
  })
  .refine((p) => p.guaranteePaymentPolicy !== 'percent_based' || p.guaranteePaymentAmount <= 100, {
    error: 'A percentage is at most 100',
    path: ['guaranteePaymentAmount'],
  });
export type CancellationPolicyBody = z.input<typeof cancellationPolicyBody>;

export const propertyPolicies = z.object({
  id: recordId,
  type: z.literal('policies'),
  propertyPolicy: propertyPolicy.nullable(),
  cancellationPolicies: z.array(
    cancellationPolicy.extend({
      /** Rate plans selling with it. */
      ratePlans: z.number().int(),
    }),
  ),
});
export type PropertyPolicies = z.infer<typeof propertyPolicies>;

const BASE = '/api/v1/tern_hotels/properties/{propertyId}';
const params = z.object({ propertyId: id });
const policyParams = z.object({ propertyId: id, policyId: id });

export const policiesArea = defineArea('policies', {
  get: endpoint({
    method: 'GET',
    path: `${BASE}/policies`,
    summary: 'A property’s hotel policy and its cancellation policies (with how many rate plans use each).',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    params,
    reply: 'resource',
    response: propertyPolicies,
    errors: [404],
  }),
  updateHotelPolicy: endpoint({
    method: 'PUT',
    path: `${BASE}/hotel_policy`,
    summary:
      'Sets the hotel policy (check-in and check-out times, internet, parking, pets, smoking, adults only).',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    params,
    body: hotelPolicyBody,
    reply: 'resource',
    response: propertyPolicies,
    errors: [400, 404],
  }),
  createCancellationPolicy: endpoint({
    method: 'POST',
    path: `${BASE}/cancellation_policies`,
    summary: 'Adds a cancellation policy rate plans can sell with.',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property' },
    params,
    body: cancellationPolicyBody,
    reply: 'resource',
    response: propertyPolicies,
    creates: true,
    errors: [400, 404],
  }),
  updateCancellationPolicy: endpoint({
    method: 'PUT',
    path: `${BASE}/cancellation_policies/{policyId}`,
    summary:
      'Changes a cancellation policy for bookings made from now on: rooms booked before keep the policy they were sold with.',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property', policyId: 'cancellationPolicy' },
    params: policyParams,
    body: cancellationPolicyBody,
    reply: 'resource',
    response: propertyPolicies,
    errors: [400, 404],
  }),
  deleteCancellationPolicy: endpoint({
    method: 'DELETE',
    path: `${BASE}/cancellation_policies/{policyId}`,
    summary: 'Removes a cancellation policy no rate plan sells with (booked rooms keep theirs).',
    access: ['supplier', 'admin'],
    owns: { propertyId: 'property', policyId: 'cancellationPolicy' },
    params: policyParams,
    reply: 'resource',
    response: propertyPolicies,
    errors: [404, 409],
  }),
});
