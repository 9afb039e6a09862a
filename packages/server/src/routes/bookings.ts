import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { assertPropertyUnlocked, paymentLocked } from '../services/billing/billing.js';
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
  list: async ({ query, owned }, ctx) => {
    const viewer = viewerOf(ctx);
    // A locked agency (read with the session), or a supplier asking about a locked property of theirs (the
    // contract's `owns`), gets the 'Stripe locked' 401 (document 1 §6).
    if (viewer.role === 'reseller' && ctx.auth?.agencyLocked) throw paymentLocked();
    if (viewer.role === 'supplier' && owned.propertyId)
      await assertPropertyUnlocked(ctx.db, owned.propertyId.id);
    return listBookings(ctx.db, viewer, query, ctx.clock.now());
  },
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
