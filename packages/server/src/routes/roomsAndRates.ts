import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  createRatePlan,
  deleteRatePlan,
  getRatePlan,
  listRatePlans,
  ratePlanOptions,
  roomTypeRatePlans,
  updateRatePlan,
} from '../services/roomsAndRates/ratePlans.js';
import {
  createUnit,
  deleteUnit,
  getUnit,
  listUnits,
  roomFacilityOptions,
  unitOptions,
  updateUnit,
} from '../services/roomsAndRates/units.js';
import { getUnitPhotos, saveUnitPhotos } from '../services/unitPhotos.js';

// A hotel's units and rate plans; `owns` has resolved the property (one the caller works at) and every unit, plan
// and cancellation policy named (of that property).
export const roomsAndRatesHandlers: AreaHandlers<Contract['roomsAndRates']> = {
  listUnits: ({ query }, ctx) => listUnits(ctx.db, query.propertyId, query),
  unitOptions: async () => unitOptions(),
  getUnit: ({ params }, ctx) => getUnit(ctx.db, params.roomTypeId),
  createUnit: ({ body, owned }, ctx) => createUnit(ctx.db, ctx, owned.propertyId, body),
  updateUnit: ({ params, body, owned }, ctx) =>
    updateUnit(ctx.db, ctx, owned.propertyId, params.roomTypeId, body),
  deleteUnit: ({ params, owned }, ctx) => deleteUnit(ctx.db, ctx, owned.propertyId, params.roomTypeId),
  unitPhotos: ({ owned }, ctx) => getUnitPhotos(ctx.db, owned.roomTypeId),
  saveUnitPhotos: ({ owned, body }, ctx) => saveUnitPhotos(ctx.db, ctx, owned.roomTypeId, body),
  roomFacilityOptions: async () => roomFacilityOptions(),
  listRatePlans: ({ query }, ctx) => listRatePlans(ctx.db, query.roomTypeId, query),
  ratePlanOptions: ({ query, owned }, ctx) =>
    ratePlanOptions(ctx.db, owned.propertyId, query.roomTypeId ?? null),
  getRatePlan: ({ params }, ctx) => getRatePlan(ctx.db, params.ratePlanId),
  createRatePlan: ({ body, owned }, ctx) =>
    createRatePlan(ctx.db, ctx, { property: owned.propertyId, unit: owned.unitId }, body),
  updateRatePlan: ({ params, body, owned }, ctx) =>
    updateRatePlan(ctx.db, ctx, { property: owned.propertyId, unit: owned.unitId }, params.ratePlanId, body),
  deleteRatePlan: ({ params, query, owned }, ctx) =>
    deleteRatePlan(ctx.db, ctx, owned.propertyId, params.ratePlanId, query.roomTypeId ?? null),
  roomTypeRatePlans: ({ params }, ctx) => roomTypeRatePlans(ctx.db, params.id),
};
