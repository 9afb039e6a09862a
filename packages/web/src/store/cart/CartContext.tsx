import { cartCount, cartStorageKey, parseStoredCart, type StoreCart } from '@tern/core/store';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { StoreApi } from '../api';
import type { CartActor } from './cartActor';

interface CartValue {
  /** Cards in the cart (the nav bar's count). */
  count: number;
  /** The cart's machine once a page has asked for it (`useCartActor`), else null. */
  actor: CartActor | null;
  /** Loads and starts the cart's machine (once per store). */
  load: () => Promise<CartActor>;
}

const CartContext = createContext<CartValue | null>(null);

/**
 * The stored cart of a store, without the lines of types it no longer sells (the server would refuse to price
 * them: 404 on the type), so an old cart never blocks the new one.
 */
const readCart = (storage: Storage, slug: string, sold: ReadonlySet<string>): StoreCart => {
  let cart: StoreCart;
  try {
    cart = parseStoredCart(storage.getItem(cartStorageKey(slug)));
  } catch {
    cart = parseStoredCart(null);
  }
  return { ...cart, lines: cart.lines.filter((line) => sold.has(line.typeId)) };
};

/**
 * The store's cart for every page: the count read from the browser's storage at once (the store page's first
 * load carries no machine), and core's cart machine loaded when a page needs it, one per store, its count
 * followed from then on.
 */
export function CartProvider({
  api,
  slug,
  sold,
  children,
}: {
  api: StoreApi;
  slug: string;
  /** The ids of the types the store sells now. */
  sold: ReadonlySet<string>;
  children: ReactNode;
}) {
  const [actor, setActor] = useState<CartActor | null>(null);
  const [count, setCount] = useState(() => cartCount(readCart(window.localStorage, slug, sold)));
  const [pending] = useState(() => new Map<string, Promise<CartActor>>());

  const load = useCallback(() => {
    let started = pending.get(slug);
    if (!started) {
      started = import('./cartActor').then(({ startCartActor }) => {
        const storage = window.localStorage;
        const next = startCartActor(api, slug, storage, readCart(storage, slug, sold));
        setActor(next);
        return next;
      });
      pending.set(slug, started);
    }
    return started;
  }, [api, slug, sold, pending]);

  useEffect(() => {
    if (!actor) return;
    // A change made before this effect ran (a page that empties the cart as soon as it has the actor) counts too.
    setCount(cartCount(actor.getSnapshot().context.cart));
    const subscription = actor.subscribe((snapshot) => setCount(cartCount(snapshot.context.cart)));
    return () => subscription.unsubscribe();
  }, [actor]);

  const value = useMemo(() => ({ count, actor, load }), [count, actor, load]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart outside <CartProvider>');
  return value;
}

/** The cart's machine for a page that needs it: loaded on first use, `null` until it has started. */
export function useCartActor(): CartActor | null {
  const { actor, load } = useCart();
  useEffect(() => {
    if (!actor) void load();
  }, [actor, load]);
  return actor;
}
