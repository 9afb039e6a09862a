import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  getPropertyDetails,
  propertyFacilityOptions,
  updatePropertyDetails,
} from '../services/propertySettings.js';

// A property's details; `owns` has resolved the property (one the caller works at, any for an admin).
export const propertySettingsHandlers: AreaHandlers<Contract['propertySettings']> = {
  get: ({ params }, ctx) => getPropertyDetails(ctx.db, params.id),
  update: ({ params, body }, ctx) => updatePropertyDetails(ctx.db, ctx, params.id, body),
  facilityOptions: () => propertyFacilityOptions(),
};
