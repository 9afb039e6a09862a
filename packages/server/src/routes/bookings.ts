import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  cancelBooking,
  removeUnits,
  updateDriver,
  updateGuests,
  updateSpecialRequest,
} from '../services/bookings/changes.js';
import { bookingHistory, findBooking, listBookings } from '../services/bookings/list.js';
import { viewerOf } from './callers.js';

export const bookingsHandlers: AreaHandlers<Contract['bookings']> = {
  // A locked agency, or a supplier asking about a locked property of theirs, gets the 'Stripe locked' 401
  // (document 1 §6): the contract marks the list `paymentLock`, the registrar refuses it.
  list: ({ query }, ctx) => listBookings(ctx.db, viewerOf(ctx), query, ctx.clock.now()),
  show: ({ params }, ctx) => findBooking(ctx.db, viewerOf(ctx), params.id, ctx.clock.now()),
  history: ({ params }, ctx) => bookingHistory(ctx.db, viewerOf(ctx), params.id, ctx.clock.now()),
  cancel: ({ body }, ctx) => cancelBooking(ctx.db, ctx.clock, viewerOf(ctx), body),
  updateRooms: ({ params, body }, ctx) =>
    updateGuests(ctx.db, ctx.clock, viewerOf(ctx), params.id, body.units),
  removeRooms: ({ params, body }, ctx) =>
    removeUnits(ctx.db, ctx.clock, viewerOf(ctx), params.id, body.deleteUnitIds),
  updateVehicles: ({ params, body }, ctx) =>
    updateDriver(ctx.db, ctx.clock, viewerOf(ctx), params.id, body.units),
  removeVehicles: ({ params, body }, ctx) =>
    removeUnits(ctx.db, ctx.clock, viewerOf(ctx), params.id, body.deleteUnitIds),
  updateSpecialRequest: ({ params, body }, ctx) =>
    updateSpecialRequest(
      ctx.db,
      ctx.clock,
      viewerOf(ctx),
      { bookingId: params.bookingId, propertyId: params.propertyId },
      body,
    ),
};
