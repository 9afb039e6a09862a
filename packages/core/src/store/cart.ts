import type { CartPrices } from '@tern/sdk';
import { CART_ITEMS_MAX, type CartQuantityProblem, cartAddProblem } from '../giftCards/stock.js';
import { type StoreMessage, storeKey } from './words.js';

// The store's cart (document 3 §3 "Cart item", §5 Cart, §9; M30): lines of a type and a quantity, and a promo
// code; prices are always the server's (`store.cartPrices`), never kept here.

export interface CartLine {
  typeId: string;
  quantity: number;
}
export interface StoreCart {
  lines: CartLine[];
  /** The code the visitor applied; `null` for none. */
  promoCode: string | null;
}

export const emptyCart: StoreCart = { lines: [], promoCode: null };

/** Cards in the cart (the nav bar's count). */
export const cartCount = (cart: StoreCart): number => cart.lines.reduce((n, l) => n + l.quantity, 0);

/** Cards of one type in the cart. */
export const cartQuantityOf = (cart: StoreCart, typeId: string): number =>
  cart.lines.find((l) => l.typeId === typeId)?.quantity ?? 0;

/** The words of a refused add (`null` when the quantity only removes the line). */
export function cartProblemMessage(problem: CartQuantityProblem): StoreMessage | null {
  if (problem.code === 'remove') return null;
  if (problem.code === 'cart_limit') return { key: storeKey('cart_limit'), params: { max: problem.max } };
  return problem.inCart > 0
    ? { key: storeKey('cart_stock_in_cart'), params: { left: problem.left, inCart: problem.inCart } }
    : { key: storeKey('cart_stock'), params: { left: problem.left } };
}

export type CartChange = { ok: true; cart: StoreCart } | { ok: false; problem: CartQuantityProblem };

/**
 * Adds `quantity` cards of a type with `stock` left (document 3 §5 Cart: 1 to 10 a line, not past the stock
 * less what the cart holds of it, at most 10 cards in all: `cartAddProblem`).
 */
export function addToCart(cart: StoreCart, typeId: string, quantity: number, stock: number): CartChange {
  const problem = cartAddProblem(quantity, stock, cartQuantityOf(cart, typeId), cartCount(cart));
  if (problem) return { ok: false, problem };
  const has = cart.lines.some((l) => l.typeId === typeId);
  const lines = has
    ? cart.lines.map((l) => (l.typeId === typeId ? { ...l, quantity: l.quantity + quantity } : l))
    : [...cart.lines, { typeId, quantity }];
  return { ok: true, cart: { ...cart, lines } };
}

/** One card fewer of a type; below 1 the line is removed (document 3 §5). */
export function decreaseInCart(cart: StoreCart, typeId: string): StoreCart {
  const lines = cart.lines
    .map((l) => (l.typeId === typeId ? { ...l, quantity: l.quantity - 1 } : l))
    .filter((l) => l.quantity >= 1);
  return { ...cart, lines };
}

export const removeFromCart = (cart: StoreCart, typeId: string): StoreCart => ({
  ...cart,
  lines: cart.lines.filter((l) => l.typeId !== typeId),
});

/** The cart's total from the server's prices of its lines (Σ netPrice × quantity; lines not priced count 0). */
export function cartTotal(cart: StoreCart, prices: Pick<CartPrices, 'items'> | null): number {
  if (!prices) return 0;
  return cart.lines.reduce((sum, line) => {
    const priced = prices.items.find((i) => i.id === line.typeId);
    return sum + (priced ? priced.netPrice * line.quantity : 0);
  }, 0);
}

/** The `store.cartPrices` body of a cart. */
export const cartPricesBody = (cart: StoreCart) => ({
  items: cart.lines.map((l) => ({ id: l.typeId, quantity: l.quantity })),
  ...(cart.promoCode ? { promoCode: cart.promoCode } : {}),
});

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * Where the browser keeps a store's cart (document 3 §3: per store, under an encoded key): base64url of
 * `tern.cart.<slug in lower case>`, so a slug typed in another case finds the same cart.
 */
export const cartStorageKey = (storeSlug: string): string =>
  base64url(`tern.cart.${storeSlug.trim().toLowerCase()}`);

export const serializeCart = (cart: StoreCart): string => JSON.stringify(cart);

/**
 * A stored cart read back: anything that is not a cart (bad JSON, another shape, a line without a type or with
 * a quantity out of 1–10) is left out, and a cart past 10 cards keeps its first lines that fit.
 */
export function parseStoredCart(text: string | null | undefined): StoreCart {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return emptyCart;
  }
  if (!value || typeof value !== 'object') return emptyCart;
  const { lines, promoCode } = value as { lines?: unknown; promoCode?: unknown };
  const kept: CartLine[] = [];
  let count = 0;
  for (const line of Array.isArray(lines) ? lines : []) {
    const { typeId, quantity } = (line ?? {}) as Partial<CartLine>;
    if (typeof typeId !== 'string' || typeId === '' || kept.some((l) => l.typeId === typeId)) continue;
    if (!Number.isInteger(quantity) || quantity! < 1 || count + quantity! > CART_ITEMS_MAX) continue;
    kept.push({ typeId, quantity: quantity! });
    count += quantity!;
  }
  return {
    lines: kept,
    promoCode: typeof promoCode === 'string' && promoCode.trim() ? promoCode.trim() : null,
  };
}
