import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import {
  cancelVehicleBooking,
  createVehicleBooking,
  searchPlaces,
  startVehicleQuery,
  vehicleQueryResults,
} from '../services/vehicles/rentals.js';
import { agentOf, viewerOf } from './callers.js';

const reseller = (ctx: RequestContext) => agentOf(ctx);

export const vehiclesHandlers: AreaHandlers<Contract['vehicles']> = {
  places: async ({ params, query }, ctx) => {
    const items = await searchPlaces(
      ctx.db,
      reseller(ctx),
      params.kind === 'vehicles' ? 'vehicle' : 'accommodation',
      query.term,
      query.limit,
    );
    return { items, meta: { page: 1, limit: query.limit, total: items.length } };
  },
  startQuery: ({ body }, ctx) => startVehicleQuery(ctx.db, ctx.clock, reseller(ctx), body),
  queryResults: ({ owned }, ctx) => vehicleQueryResults(ctx.db, ctx.clock, reseller(ctx), owned.queryId),
  createBooking: ({ body }, ctx) => createVehicleBooking(ctx.db, ctx.clock, reseller(ctx), body.booking),
  cancelBooking: async ({ owned }, ctx) => {
    await cancelVehicleBooking(ctx.db, ctx.clock, viewerOf(ctx), owned.reservationId);
    return undefined;
  },
};
