import { useEffect } from 'react';
import { useCart } from '../cart/CartContext';
import { emptyCartNotice } from '../notice';
import { useStorePath, useStoreRouter } from '../router';

/**
 * The store's `/{slug}/payment` (document 3 §2.1): the payment itself happens on the provider's own page, which
 * the checkout opens, so this address sends the visitor to the checkout — or, with an empty cart, to the store,
 * which says the cart is empty (document 3 §8).
 */
export function PaymentRedirect() {
  const { count } = useCart();
  const { navigate } = useStoreRouter();
  const path = useStorePath();
  const empty = count === 0;
  useEffect(() => {
    navigate(empty ? path('') : path('/checkout'), {
      replace: true,
      ...(empty ? { notice: emptyCartNotice } : {}),
    });
  }, [empty, navigate, path]);
  return null;
}
