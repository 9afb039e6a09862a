/**
 * Rules the screens need that core does not export yet. Each names the core function that replaces it;
 * delete an entry as soon as core has it.
 */

/** → core `formatPrice`: upper-case code and the amount with 2 decimals; a dash when missing (DECISIONS 9). */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const number = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${currency.toUpperCase()} ${number}`;
}

/** → core occupancy limits (document 1 §5): adults 1–30, children 0–11, child ages 0–17. */
export const occupancyLimits = {
  adults: { min: 1, max: 30 },
  children: { min: 0, max: 11 },
  childAge: { min: 0, max: 17 },
} as const;

export interface Occupancy {
  adults: number;
  children: number;
  childrenAge: number[];
}

/** → core `withChildren`: one age per child; the list grows (with age 0) or shrinks with the count. */
export function withChildren(occupancy: Occupancy, children: number): Occupancy {
  const ages = occupancy.childrenAge.slice(0, children);
  while (ages.length < children) ages.push(0);
  return { ...occupancy, children, childrenAge: ages };
}

/** → core `paymentKind` (DECISIONS 11): `none` no card; `percent_based` at 100 full; anything else partial. */
export function paymentKind(
  policy: {
    guaranteePaymentPolicy: 'none' | 'percent_based' | 'amount';
    guaranteePaymentAmount: number;
  } | null,
): 'none' | 'full' | 'partial' {
  if (!policy || policy.guaranteePaymentPolicy === 'none') return 'none';
  if (policy.guaranteePaymentPolicy === 'percent_based' && policy.guaranteePaymentAmount === 100)
    return 'full';
  return 'partial';
}
