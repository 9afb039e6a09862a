// A type's stock and the cart's and issue form's quantities (document 3 §5 Cart, §9; DECISIONS 23: the server
// takes the stock in the transaction that issues, these checks are what the screens tell before).

/** Cards a cart holds at most, and a line at most (document 3 §9). */
export const CART_ITEMS_MAX = 10;
export const CART_LINE_MAX = 10;

/** Stock = limit − issued, never below 0. */
export const giftCardStock = (limit: number, issued: number): number => Math.max(0, limit - issued);

export type CartQuantityProblem =
  /** 'There are only N pieces left over from this gift certificate!' (`inCart` > 0: the extended message). */
  | { code: 'stock'; left: number; inCart: number }
  /** 'You can only buy 10 gift certificates!' */
  | { code: 'cart_limit'; max: number }
  /** Fewer than 1: the line is removed, not refused. */
  | { code: 'remove' };

/**
 * Adding `quantity` of a type to a cart (document 3 §5): 1 to 10 a line, not more than the stock less what the
 * cart already holds of it, and at most 10 cards in the whole cart. `null`: it may be added.
 */
export function cartAddProblem(
  quantity: number,
  stock: number,
  inCartOfType: number,
  inCartTotal: number,
): CartQuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < 1) return { code: 'remove' };
  if (inCartOfType + quantity > stock) return { code: 'stock', left: stock, inCart: inCartOfType };
  if (inCartTotal + quantity > CART_ITEMS_MAX || inCartOfType + quantity > CART_LINE_MAX)
    return { code: 'cart_limit', max: CART_ITEMS_MAX };
  return null;
}

/** Issuing `quantity` cards of a type with `stock` left: how many would be missing (0: it fits). */
export const issueShortfall = (quantity: number, stock: number): number => Math.max(0, quantity - stock);
