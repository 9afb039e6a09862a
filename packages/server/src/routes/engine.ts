import type { Contract } from '@tern/sdk';
import type { AreaHandlers, RequestContext } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';
import { assertAgencyUnlocked } from '../services/billing/billing.js';
import { createStayBooking } from '../services/engine/book.js';
import { loadEngineProperties } from '../services/engine/load.js';
import { bestOfferOf, unitsWithRates } from '../services/engine/offers.js';
import {
  checkStay,
  closedDates,
  currencyRatesFor,
  kindOf,
  propertyInfo,
  searchProperties,
  unitRatesOf,
} from '../services/engine/queries.js';
import { cardCaptureFormUrl } from '../services/vault/index.js';
import { agentOf } from './callers.js';

const agencyOf = (ctx: RequestContext) => agentOf(ctx, 'use the booking engine');

/** Searching, pricing and booking are closed to a payment-locked agency (document 1 §6). */
async function unlockedAgencyOf(ctx: RequestContext) {
  const agency = agencyOf(ctx);
  await assertAgencyUnlocked(ctx.db, agency.agencyId);
  return agency;
}

const today = (ctx: RequestContext) => ctx.clock.now().toISOString().slice(0, 10);

export const engineHandlers: AreaHandlers<Contract['engine']> = {
  search: async ({ params, query }, ctx) =>
    searchProperties(ctx.db, {
      ...query,
      kind: kindOf(params.kind),
      agencyId: (await unlockedAgencyOf(ctx)).agencyId,
      today: today(ctx),
    }),

  info: ({ owned }, ctx) => propertyInfo(ctx.db, owned.id.row),

  closedDates: ({ params, query }, ctx) =>
    closedDates(ctx.db, { id: params.id, agencyId: agencyOf(ctx).agencyId }, today(ctx), query),

  listWithRates: async ({ params, query }, ctx) => {
    const { agencyId } = await unlockedAgencyOf(ctx);
    checkStay(query.checkinDate, query.checkoutDate, today(ctx));
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
    checkStay(query.checkinDate, query.checkoutDate, today(ctx));
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
      nights: Math.round((Date.parse(stay.checkout) - Date.parse(stay.checkin)) / 86_400_000),
      errors: best.errors,
    };
  },

  unitRates: async ({ params, owned }, ctx) => {
    if (owned.id.kind !== kindOf(params.kind))
      throw notFound('There is no such property', 'property_not_found');
    const items = await unitRatesOf(ctx.db, owned.id.id);
    return { items, meta: { page: 1, limit: items.length, total: items.length } };
  },

  // The contract's `owns` checked the agency's active contract with the property.
  cardCaptureFormUrl: (_, ctx) => cardCaptureFormUrl(ctx.config),

  createBooking: async ({ params, body }, ctx) => {
    if (params.kind !== 'accommodations') throw forbidden('Book cars through the v3 vehicle bookings');
    return createStayBooking(ctx.db, ctx.clock, params.id, await unlockedAgencyOf(ctx), body.booking);
  },
};
