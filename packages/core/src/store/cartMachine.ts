import type { CartPrices } from '@tern/sdk';
import { assign, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  addToCart,
  type CartChange,
  cartPricesBody,
  cartProblemMessage,
  decreaseInCart,
  emptyCart,
  removeFromCart,
  type StoreCart,
} from './cart.js';
import type { StoreMessage } from './words.js';

/**
 * M30, the store's cart and promo code (document 3 §2.2, §5 Cart, §8, §9). A card added within the limits
 * (`addToCart`) opens the cart drawer for 5 s; one past them is refused with the spec's words and changes
 * nothing. Every change is kept by the edge action `persist` (the host writes the cart under `cartStorageKey`)
 * and priced again by the server (`cartPrices`); a price call that fails keeps the items and the last prices.
 * A refused promo code (`promo_code_invalid`) is taken out of the cart — the stored code differs from the one
 * that works now — and the cart is priced again without it.
 */

export interface StoreCartContext {
  cart: StoreCart;
  /** The server's last prices of the cart (`null` before the first answer or while empty). */
  prices: CartPrices | null;
  /** Stock left per type, as the last add or price answer said. */
  stock: Record<string, number>;
  /** A refused add ('An error occurred.' with these words). */
  problem: StoreMessage | null;
  /** The last price call's failure (the prices shown are older). */
  error: Failure | null;
  /** A refused promo code (`promo_code_invalid`), shown until another code is applied or it is dismissed. */
  promoError: Failure | null;
}

export type StoreCartEvent =
  | { type: 'cart.add'; typeId: string; quantity: number; stock: number }
  | { type: 'line.increase'; typeId: string }
  | { type: 'line.decrease'; typeId: string }
  | { type: 'line.remove'; typeId: string }
  | { type: 'promo.apply'; code: string }
  | { type: 'cart.clear' }
  | { type: 'drawer.close' }
  | { type: 'notice.dismiss' }
  | { type: 'user.retry' };

const added = (context: StoreCartContext, event: StoreCartEvent): CartChange => {
  if (event.type === 'cart.add') return addToCart(context.cart, event.typeId, event.quantity, event.stock);
  if (event.type === 'line.increase')
    return addToCart(context.cart, event.typeId, 1, context.stock[event.typeId] ?? 0);
  return { ok: true, cart: context.cart };
};

/** A change of the cart's lines: kept (`persist`), then priced again (or empty). */
// Not `reenter`: leaving the cart's region itself would take the event from the drawer's region beside it.
const changed = { target: '#storeCart.cart.checking' } as const;

export const storeCartMachine = setup({
  types: {
    context: {} as StoreCartContext,
    events: {} as StoreCartEvent,
    input: {} as { cart?: StoreCart },
  },
  actors: {
    cartPrices: notProvided<CartPrices, ReturnType<typeof cartPricesBody>>('cartPrices'),
  },
  actions: {
    /** Writes `context.cart` where the host keeps it (`cartStorageKey`, `serializeCart`). */
    persist: (_: unknown) => {},
  },
  delays: { drawer: 5000 },
  guards: {
    empty: ({ context }) => context.cart.lines.length === 0,
    addFits: ({ context, event }) => added(context, event).ok,
    inCart: ({ context, event }) =>
      'typeId' in event && context.cart.lines.some((l) => l.typeId === event.typeId),
    promoRefused: ({ event }) =>
      failureOf((event as { error?: unknown }).error).code === 'promo_code_invalid',
  },
}).createMachine({
  id: 'storeCart',
  type: 'parallel',
  context: ({ input }) => ({
    cart: input.cart ?? emptyCart,
    prices: null,
    stock: {},
    problem: null,
    error: null,
    promoError: null,
  }),
  on: { 'notice.dismiss': { actions: assign({ problem: null, error: null, promoError: null }) } },
  states: {
    cart: {
      initial: 'checking',
      on: {
        'cart.add': [
          {
            guard: 'addFits',
            ...changed,
            actions: [
              assign(({ context, event }) => {
                const change = added(context, event);
                return {
                  cart: change.ok ? change.cart : context.cart,
                  stock: { ...context.stock, [event.typeId]: event.stock },
                  problem: null,
                };
              }),
              'persist',
            ],
          },
          {
            actions: assign(({ context, event }) => {
              const change = added(context, event);
              return { problem: change.ok ? null : cartProblemMessage(change.problem) };
            }),
          },
        ],
        'line.increase': [
          {
            guard: 'addFits',
            ...changed,
            actions: [
              assign(({ context, event }) => {
                const change = added(context, event);
                return { cart: change.ok ? change.cart : context.cart };
              }),
              'persist',
            ],
          },
          {
            guard: 'inCart',
            actions: assign(({ context, event }) => {
              const change = added(context, event);
              return { problem: change.ok ? null : cartProblemMessage(change.problem) };
            }),
          },
        ],
        'line.decrease': {
          guard: 'inCart',
          ...changed,
          actions: [
            assign(({ context, event }) => ({ cart: decreaseInCart(context.cart, event.typeId) })),
            'persist',
          ],
        },
        'line.remove': {
          guard: 'inCart',
          ...changed,
          actions: [
            assign(({ context, event }) => ({ cart: removeFromCart(context.cart, event.typeId) })),
            'persist',
          ],
        },
        'cart.clear': {
          ...changed,
          actions: [
            assign({ cart: emptyCart, prices: null, problem: null, error: null, promoError: null }),
            'persist',
          ],
        },
      },
      states: {
        checking: { always: [{ guard: 'empty', target: 'empty' }, { target: 'hasItems' }] },
        empty: { entry: assign({ prices: null }) },
        hasItems: {
          initial: 'pricing',
          on: {
            'promo.apply': {
              target: '.pricing',
              reenter: true,
              actions: [
                assign(({ context, event }) => ({
                  cart: { ...context.cart, promoCode: event.code.trim() || null },
                  promoError: null,
                })),
                'persist',
              ],
            },
          },
          states: {
            pricing: {
              tags: ['busy'],
              invoke: {
                id: 'cartPrices',
                src: 'cartPrices',
                input: ({ context }) => cartPricesBody(context.cart),
                onDone: {
                  target: 'priced',
                  actions: assign(({ context, event }) => ({
                    prices: event.output,
                    stock: {
                      ...context.stock,
                      ...Object.fromEntries(event.output.items.map((i) => [i.id, i.stock])),
                    },
                    cart: { ...context.cart, promoCode: event.output.promoCode ?? context.cart.promoCode },
                    error: null,
                  })),
                },
                onError: [
                  {
                    guard: 'promoRefused',
                    target: 'pricing',
                    reenter: true,
                    actions: [
                      assign(({ context, event }) => ({
                        cart: { ...context.cart, promoCode: null },
                        promoError: failureOf(event.error),
                      })),
                      'persist',
                    ],
                  },
                  { target: 'failed', actions: assign(({ event }) => ({ error: failureOf(event.error) })) },
                ],
              },
            },
            priced: {},
            failed: { on: { 'user.retry': 'pricing' } },
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'cart.add': { guard: 'addFits', target: 'open' } } },
        open: {
          after: { drawer: 'closed' },
          on: {
            'cart.add': { guard: 'addFits', target: 'open', reenter: true },
            'drawer.close': 'closed',
          },
        },
      },
    },
  },
});
