import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartPricesBody,
  cartProblemMessage,
  cartStorageKey,
  cartTotal,
  decreaseInCart,
  emptyCart,
  parseStoredCart,
  removeFromCart,
  type StoreCart,
  serializeCart,
} from './cart.js';
import { storeWords } from './words.js';

const cart = (...lines: Array<[string, number]>): StoreCart => ({
  lines: lines.map(([typeId, quantity]) => ({ typeId, quantity })),
  promoCode: null,
});

describe('adding to the cart (document 3 §5 Cart)', () => {
  it.each([
    ['a first card', cart(), 'a', 1, 5, cart(['a', 1])],
    ['more of a line', cart(['a', 2]), 'a', 3, 5, cart(['a', 5])],
    ['another type', cart(['a', 2]), 'b', 1, 5, cart(['a', 2], ['b', 1])],
    ['up to ten in all', cart(['a', 9]), 'b', 1, 5, cart(['a', 9], ['b', 1])],
  ])('%s', (_, before, typeId, quantity, stock, after) => {
    expect(addToCart(before, typeId, quantity, stock)).toEqual({ ok: true, cart: after });
  });

  it.each([
    ['past the stock', cart(), 'a', 3, 2, 'There are only 2 pieces left over from this gift certificate!'],
    [
      'past the stock with some in the cart',
      cart(['a', 1]),
      'a',
      2,
      2,
      'There are only 2 pieces left over from this gift certificate! You already have 1 in your cart.',
    ],
    ['past ten in all', cart(['a', 8]), 'b', 3, 50, 'You can only buy 10 gift certificates!'],
    ['past ten a line', cart(['a', 10]), 'a', 1, 50, 'You can only buy 10 gift certificates!'],
  ])('%s is refused with the spec’s words', (_, before, typeId, quantity, stock, words) => {
    const change = addToCart(before, typeId, quantity, stock);
    expect(change.ok).toBe(false);
    if (change.ok) return;
    expect(storeWords(cartProblemMessage(change.problem)!)).toBe(words);
  });

  it('a quantity below 1 is no add at all', () => {
    const change = addToCart(cart(), 'a', 0, 5);
    expect(change).toEqual({ ok: false, problem: { code: 'remove' } });
    if (!change.ok) expect(cartProblemMessage(change.problem)).toBeNull();
  });
});

describe('changing a line', () => {
  it('decreasing below 1 removes the line; other lines stay', () => {
    expect(decreaseInCart(cart(['a', 2], ['b', 1]), 'a')).toEqual(cart(['a', 1], ['b', 1]));
    expect(decreaseInCart(cart(['a', 1], ['b', 1]), 'a')).toEqual(cart(['b', 1]));
    expect(removeFromCart(cart(['a', 3], ['b', 1]), 'b')).toEqual(cart(['a', 3]));
  });

  it('counts and totals from the server’s net prices', () => {
    const c = cart(['a', 2], ['b', 1]);
    expect(cartCount(c)).toBe(3);
    const prices = {
      items: [
        { id: 'a', quantity: 2, price: 100, netPrice: 90, promoCodeApplied: true, stock: 5 },
        { id: 'b', quantity: 1, price: 50, netPrice: 50, promoCodeApplied: false, stock: 5 },
      ],
    };
    expect(cartTotal(c, prices)).toBe(230);
    expect(cartTotal(c, null)).toBe(0);
    expect(cartPricesBody({ ...c, promoCode: 'WINTER' })).toEqual({
      items: [
        { id: 'a', quantity: 2 },
        { id: 'b', quantity: 1 },
      ],
      promoCode: 'WINTER',
    });
    expect(cartPricesBody(c)).not.toHaveProperty('promoCode');
  });
});

describe('the stored cart', () => {
  it('is kept per store under base64url of tern.cart.<slug in lower case>', () => {
    expect(cartStorageKey('Hotel-Borg')).toBe(Buffer.from('tern.cart.hotel-borg').toString('base64url'));
    expect(cartStorageKey('hotel-borg')).toBe(cartStorageKey('HOTEL-BORG'));
    expect(cartStorageKey('a')).not.toBe(cartStorageKey('b'));
  });

  it('reads back what it wrote', () => {
    const c: StoreCart = { lines: [{ typeId: 'a', quantity: 2 }], promoCode: 'WINTER' };
    expect(parseStoredCart(serializeCart(c))).toEqual(c);
  });

  it.each([
    ['nothing stored', null, emptyCart],
    ['bad JSON', '{"lines":[', emptyCart],
    ['another shape', '[1,2]', emptyCart],
    ['a number', '42', emptyCart],
    [
      'bad lines left out',
      JSON.stringify({
        lines: [
          { typeId: 'a', quantity: 2 },
          { typeId: '', quantity: 1 },
          { typeId: 'b', quantity: 0 },
          { quantity: 1 },
          { typeId: 'c', quantity: 1.5 },
          { typeId: 'a', quantity: 1 },
        ],
        promoCode: '  ',
      }),
      cart(['a', 2]),
    ],
    [
      'lines past ten cards left out',
      JSON.stringify({
        lines: [
          { typeId: 'a', quantity: 8 },
          { typeId: 'b', quantity: 3 },
          { typeId: 'c', quantity: 2 },
        ],
        promoCode: ' X ',
      }),
      {
        lines: [
          { typeId: 'a', quantity: 8 },
          { typeId: 'c', quantity: 2 },
        ],
        promoCode: 'X',
      },
    ],
  ])('tolerates %s', (_, text, expected) => {
    expect(parseStoredCart(text)).toEqual(expected);
  });
});
