import { createHash } from 'node:crypto';
import type { CancellationPolicy } from '@tern/sdk';

/**
 * The three simulated car providers (document 1 §2: the rental brand by provider). Each answers a query after
 * its own delay (1–4 s, fixed per query) and has its own terms: free cancellation paid at the desk, a 20 %
 * guarantee with a 48-hour deadline, or prepaid and non-refundable.
 */
export interface CarProvider {
  name: 'northwind_cars' | 'atlas_rent' | 'fjord_drive';
  title: string;
  policy: CancellationPolicy;
}

const policy = (id: string, over: Partial<CancellationPolicy>): CancellationPolicy => ({
  id,
  title: 'Free cancellation',
  cancellationPolicyLogic: 'free',
  cancellationPolicyDeadline: null,
  cancellationPolicyDeadlineType: null,
  cancellationPolicyPenalty: 0,
  cancellationPolicyMode: 'percent',
  guaranteePaymentPolicy: 'none',
  guaranteePaymentAmount: 0,
  currency: 'USD',
  ...over,
});

export const carProviders: readonly CarProvider[] = [
  { name: 'northwind_cars', title: 'Northwind Cars', policy: policy('northwind_cars-standard', {}) },
  {
    name: 'atlas_rent',
    title: 'Atlas Rent',
    policy: policy('atlas_rent-flex', {
      title: 'Free cancellation until 48 hours before pick-up',
      cancellationPolicyLogic: 'deadline',
      cancellationPolicyDeadline: 48,
      cancellationPolicyDeadlineType: 'hours',
      cancellationPolicyPenalty: 100,
      guaranteePaymentPolicy: 'percent_based',
      guaranteePaymentAmount: 20,
    }),
  },
  {
    name: 'fjord_drive',
    title: 'Fjord Drive',
    policy: policy('fjord_drive-prepaid', {
      title: 'Prepaid, non-refundable',
      cancellationPolicyLogic: 'non_refundable',
      cancellationPolicyPenalty: 100,
      guaranteePaymentPolicy: 'percent_based',
      guaranteePaymentAmount: 100,
    }),
  },
];

export function providerNamed(name: string | null): CarProvider | null {
  return carProviders.find((p) => p.name === name) ?? null;
}

/** How long a provider takes to answer a query: 1 000–4 000 ms, the same for the same query. */
export function providerDelayMs(provider: CarProvider['name'], queryId: string): number {
  const digest = createHash('sha256').update(`${provider}:${queryId}`).digest();
  return 1000 + (digest.readUInt16BE(0) % 3001);
}
