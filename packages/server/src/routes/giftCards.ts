import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { auditTrail } from '../services/admin/audit.js';
import { sendGiftCard } from '../services/giftCards/cardMails.js';
import {
  cancelGiftCardBooking,
  getGiftCard,
  issueGiftCards,
  listGiftCards,
  markGiftCardDelivered,
  markGiftCardUnused,
  markGiftCardUsed,
  updateGiftCardDetails,
} from '../services/giftCards/cards.js';
import { exportGiftCards } from '../services/giftCards/export.js';
import { giftCardLiability } from '../services/giftCards/liability.js';
import {
  createGiftCardType,
  duplicateGiftCardType,
  getGiftCardType,
  giftCardTypeSizes,
  listGiftCardTypes,
  moveGiftCardType,
  type PlanProperties,
  updateGiftCardType,
} from '../services/giftCards/types.js';

/** The properties of a type's plan rows, as `owns` resolved them. */
const planPropertiesOf = (owned: {
  'ratePlans[].propertyId'?: PlanProperties | undefined;
  'upsellRatePlans[].propertyId'?: PlanProperties | undefined;
}): PlanProperties => [
  ...(owned['ratePlans[].propertyId'] ?? []),
  ...(owned['upsellRatePlans[].propertyId'] ?? []),
];

// A property's gift card types and issued cards; `owns` has resolved the property (one the caller works at) and
// the type or card (of it).
export const giftCardsHandlers: AreaHandlers<Contract['giftCards']> = {
  listTypes: ({ query, owned }, ctx) =>
    listGiftCardTypes(ctx.db, owned.propertyId.id, query, ctx.clock.now()),
  typeSizes: ({ owned }, ctx) => giftCardTypeSizes(ctx.db, owned.propertyId.id, ctx.clock.now()),
  getType: ({ params }, ctx) => getGiftCardType(ctx.db, params.id, ctx.clock.now()),
  createType: ({ body, owned }, ctx) =>
    createGiftCardType(ctx.db, ctx, owned.propertyId, planPropertiesOf(owned), body),
  updateType: ({ params, body, owned }, ctx) =>
    updateGiftCardType(ctx.db, ctx, owned.propertyId, planPropertiesOf(owned), params.id, body),
  duplicateType: ({ params }, ctx) => duplicateGiftCardType(ctx.db, ctx, params.id),
  publishType: ({ params }, ctx) => moveGiftCardType(ctx.db, ctx, params.id, 'published'),
  unpublishType: ({ params }, ctx) => moveGiftCardType(ctx.db, ctx, params.id, 'archived'),
  issue: ({ params, body, owned }, ctx) => issueGiftCards(ctx.db, ctx, owned.propertyId, params.id, body),
  list: ({ query, owned }, ctx) => listGiftCards(ctx.db, owned.propertyId, query),
  export: ({ query, owned }, ctx) => exportGiftCards(ctx.db, owned.propertyId, query, ctx.clock.now()),
  liability: ({ query, owned }, ctx) => giftCardLiability(ctx.db, owned.propertyId, query),
  get: ({ params }, ctx) => getGiftCard(ctx.db, params.id),
  markUsed: ({ params, body }, ctx) => markGiftCardUsed(ctx.db, ctx, params.id, body.notes),
  markUnused: ({ params, body, owned }, ctx) =>
    markGiftCardUnused(ctx.db, ctx, owned.propertyId, params.id, body.notes),
  cancelBooking: ({ params, owned }, ctx) => cancelGiftCardBooking(ctx.db, ctx, owned.propertyId, params.id),
  markDelivered: ({ params }, ctx) => markGiftCardDelivered(ctx.db, ctx, params.id),
  sendEmail: ({ params }, ctx) => sendGiftCard(ctx.db, ctx, params.id),
  history: ({ params, query }, ctx) =>
    auditTrail(ctx.db, { objectType: 'giftCard', objectId: params.id, page: query.page, limit: query.limit }),
  updateDetails: ({ params, body, owned }, ctx) =>
    updateGiftCardDetails(ctx.db, ctx, owned.propertyId, params.id, body),
};
