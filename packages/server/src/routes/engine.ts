import { nightsBetween } from '@tern/core/dates';
import type { Contract } from '@tern/sdk';
import { utcToday } from '../clock.js';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';
import { createStayBooking } from '../services/engine/book.js';
import { loadEngineProperties } from '../services/engine/load.js';
import { bestOfferOf, unitsWithRates } from '../services/engine/offers.js';
import {
  checkStay,
  closedDates,
  currencyRatesFor,
  kindOf,
  propertyInfo,
  propertyToday,
  searchProperties,
  unitRatesOf,
} from '../services/engine/queries.js';
import { cardCaptureFormUrl } from '../services/vault/index.js';
import { agentOf } from './callers.js';

const agencyOf = (ctx: RequestContext) => agentOf(ctx);

/** The property's today, in its time zone: its closed dates, rates and best offer start there. */
const todayOf = (ctx: RequestContext, propertyId: string) => propertyToday(ctx.db, ctx.clock, propertyId);

// Searching, pricing and booking are closed to a payment-locked agency (document 1 §6): the contract marks them
// `paymentLock` and the registrar refuses them, in one place.
export const engineHandlers: AreaHandlers<Contract['engine']> = {
  search: async ({ params, query }, ctx) =>
    searchProperties(ctx.db, {
      ...query,
      kind: kindOf(params.kind),
      agencyId: agencyOf(ctx).agencyId,
      // A search spans properties in many zones: the UTC day (each property's own today checks its booking).
      today: utcToday(ctx.clock),
    }),

  info: ({ owned }, ctx) => propertyInfo(ctx.db, owned.id.row),

  closedDates: async ({ params, query }, ctx) =>
    closedDates(
      ctx.db,
      { id: params.id, agencyId: agencyOf(ctx).agencyId },
      await todayOf(ctx, params.id),
      query,
    ),

  listWithRates: async ({ params, query }, ctx) => {
    const { agencyId } = agencyOf(ctx);
    checkStay(query.checkinDate, query.checkoutDate, await todayOf(ctx, params.id));
    const rates = await currencyRatesFor(ctx.db, query.currency);
    const property = (
      await loadEngineProperties(ctx.db, [params.id], agencyId, query.checkinDate, query.checkoutDate)
    ).get(params.id)!;
    const items = unitsWithRates(
      property,
      { checkin: query.checkinDate, checkout: query.checkoutDate, currency: query.currency, rates },
      query.withVirtualRatePlans,
    );
    return { items, meta: { page: 1, limit: items.length, total: items.length } };
  },

  bestOffer: async ({ params, query }, ctx) => {
    const { agencyId } = agencyOf(ctx);
    checkStay(query.checkinDate, query.checkoutDate, await todayOf(ctx, params.id));
    const rates = await currencyRatesFor(ctx.db, query.currency);
    const property = (
      await loadEngineProperties(ctx.db, [params.id], agencyId, query.checkinDate, query.checkoutDate)
    ).get(params.id)!;
    const guests = {
      adults: query.occupancy?.adults ?? 1,
      children: query.occupancy?.children ?? 0,
      infants: 0,
    };
    const stay = {
      checkin: query.checkinDate,
      checkout: query.checkoutDate,
      currency: query.currency,
      rates,
    };
    const best = bestOfferOf(property, stay, guests);
    return {
      offer: best.offer,
      currency: query.currency,
      nights: nightsBetween(stay.checkin, stay.checkout),
      errors: best.errors,
    };
  },

  unitRates: async ({ params, owned }, ctx) => {
    if (owned.id.kind !== kindOf(params.kind)) throw notFound('property_not_found');
    const items = await unitRatesOf(ctx.db, owned.id.id);
    return { items, meta: { page: 1, limit: items.length, total: items.length } };
  },

  // The contract's `owns` checked the agency's active contract with the property.
  cardCaptureFormUrl: (_, ctx) => cardCaptureFormUrl(ctx.config),

  createBooking: async ({ params, body }, ctx) => {
    if (params.kind !== 'accommodations') throw forbidden('use_vehicle_bookings');
    return createStayBooking(ctx.db, ctx.clock, params.id, agencyOf(ctx), body.booking);
  },
};
