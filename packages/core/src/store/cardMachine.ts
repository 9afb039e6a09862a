import type { StorefrontType } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { CART_LINE_MAX } from '../giftCards/stock.js';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';

/**
 * M36, a card's detail page in the store (document 3 §2.2, §8): the type is loaded (`loadType`); an unknown
 * one shows 'Gift certificate not found!' and the edge action `goToStore` takes the visitor to the store page;
 * any other failure waits for a retry. The quantity is chosen 1–10 and `card.add` hands it to the cart (the edge
 * action `addToCart`, M30's `cart.add`, which checks the stock and the cart's limits).
 */

export interface StoreCardContext {
  storeSlug: string;
  typeId: string;
  type: StorefrontType | null;
  quantity: number;
  error: Failure | null;
}

export type StoreCardEvent =
  | { type: 'quantity.change'; quantity: number }
  | { type: 'card.add' }
  | { type: 'user.retry' };

const clampQuantity = (q: number) => Math.min(CART_LINE_MAX, Math.max(1, Math.trunc(q) || 1));

export const storeCardMachine = setup({
  types: {
    context: {} as StoreCardContext,
    events: {} as StoreCardEvent,
    input: {} as { storeSlug: string; typeId: string },
  },
  actors: {
    loadType: notProvided<StorefrontType, { storeSlug: string; typeId: string }>('loadType'),
  },
  actions: {
    addToCart: (_, _params: { typeId: string; quantity: number; stock: number }) => {},
    goToStore: () => {},
  },
  guards: {
    notFound: ({ event }) => {
      const error = (event as { error?: { status?: unknown } }).error;
      return error?.status === 404 || failureOf(error).code === 'gift_card_type_not_found';
    },
  },
}).createMachine({
  id: 'storeCard',
  context: ({ input }) => ({ ...input, type: null, quantity: 1, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadType',
        src: 'loadType',
        input: ({ context }) => ({ storeSlug: context.storeSlug, typeId: context.typeId }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ type: event.output, error: null })) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
        ],
      },
    },
    shown: {
      on: {
        'quantity.change': { actions: assign(({ event }) => ({ quantity: clampQuantity(event.quantity) })) },
        'card.add': {
          actions: {
            type: 'addToCart',
            params: ({ context }) => ({
              typeId: context.typeId,
              quantity: context.quantity,
              stock: context.type!.stock,
            }),
          },
        },
      },
    },
    /** 'Gift certificate not found!', then the store page. */
    notFound: { type: 'final', entry: 'goToStore' },
    failed: { on: { 'user.retry': 'loading' } },
  },
});
