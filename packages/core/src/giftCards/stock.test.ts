import { describe, expect, it } from 'vitest';
import { cartAddProblem, giftCardStock, issueShortfall } from './stock.js';

describe('gift card stock', () => {
  it.each([
    [100, 0, 100],
    [100, 40, 60],
    [5, 5, 0],
    [5, 7, 0],
  ])('limit %i, issued %i → %i left', (limit, issued, left) =>
    expect(giftCardStock(limit, issued)).toBe(left),
  );

  it.each([
    // quantity, stock, of this type in cart, in cart in all, problem
    [1, 5, 0, 0, null],
    [10, 50, 0, 0, null],
    [3, 3, 0, 0, null],
    [4, 3, 0, 0, { code: 'stock', left: 3, inCart: 0 }],
    [2, 3, 2, 2, { code: 'stock', left: 3, inCart: 2 }],
    [11, 50, 0, 0, { code: 'cart_limit', max: 10 }],
    [3, 50, 8, 8, { code: 'cart_limit', max: 10 }],
    [2, 50, 0, 9, { code: 'cart_limit', max: 10 }],
    [1, 50, 0, 9, null],
    [0, 50, 0, 0, { code: 'remove' }],
    [1.5, 50, 0, 0, { code: 'remove' }],
  ])('adding %s with %i left, %i of it and %i in all in the cart', (q, stock, ofType, total, problem) =>
    expect(cartAddProblem(q, stock, ofType, total)).toEqual(problem),
  );

  it.each([
    [3, 5, 0],
    [5, 5, 0],
    [7, 5, 2],
  ])('issuing %i with %i left misses %i', (q, stock, missing) =>
    expect(issueShortfall(q, stock)).toBe(missing),
  );
});
