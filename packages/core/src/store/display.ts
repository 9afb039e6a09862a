import type { StorefrontType } from '@tern/sdk';

/**
 * The discount a type's card shows (document 3 §9): the percent its net price is below its price, rounded, shown
 * only from 1 %; `null` otherwise.
 */
export function discountPercent(type: Pick<StorefrontType, 'price' | 'netPrice'>): number | null {
  if (!(type.price > 0) || type.netPrice >= type.price) return null;
  const percent = Math.round(((type.price - type.netPrice) / type.price) * 100);
  return percent >= 1 ? percent : null;
}
