import { cartStorageKey, type StoreCart, serializeCart, storeCartMachine } from '@tern/core/store';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { StoreApi } from '../api';
import { storeInspect } from '../live';

export type CartActor = Actor<typeof storeCartMachine>;

/**
 * The store's cart (core's M30, `storeCartMachine`) for one store, started: its prices asked of the server
 * (`store.cartPrices`), every change kept in the browser under core's `cartStorageKey`. Loaded with the first
 * page that needs the machine (a card's page, the cart page), not in the store page's first load
 * (`CartContext.tsx` reads the count from storage until then).
 */
export function startCartActor(
  api: StoreApi,
  storeSlug: string,
  storage: Storage,
  cart: StoreCart,
): CartActor {
  const machine = storeCartMachine.provide({
    actors: {
      cartPrices: fromPromise(({ input, signal }) => api.cartPrices(storeSlug, input, signal)),
    },
    actions: {
      persist: ({ context }) => {
        try {
          storage.setItem(cartStorageKey(storeSlug), serializeCart(context.cart));
        } catch {
          // Storage full or refused (private mode): the cart lives as long as the page.
        }
      },
    },
  });
  return createActor(machine, { input: { cart }, inspect: storeInspect }).start();
}
