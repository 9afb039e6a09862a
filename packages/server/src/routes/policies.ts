import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  createCancellationPolicy,
  deleteCancellationPolicy,
  getPolicies,
  updateCancellationPolicy,
  updateHotelPolicy,
} from '../services/policies.js';

// A property's policies; `owns` has resolved the property (one the caller works at) and the policy (its own).
export const policiesHandlers: AreaHandlers<Contract['policies']> = {
  get: ({ params }, ctx) => getPolicies(ctx.db, params.propertyId),
  updateHotelPolicy: ({ params, body }, ctx) => updateHotelPolicy(ctx.db, ctx, params.propertyId, body),
  createCancellationPolicy: ({ params, body }, ctx) =>
    createCancellationPolicy(ctx.db, ctx, params.propertyId, body),
  updateCancellationPolicy: ({ params, body }, ctx) =>
    updateCancellationPolicy(ctx.db, ctx, params.propertyId, params.policyId, body),
  deleteCancellationPolicy: ({ params }, ctx) =>
    deleteCancellationPolicy(ctx.db, ctx, params.propertyId, params.policyId),
};
