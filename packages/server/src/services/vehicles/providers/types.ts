import { createHash } from 'node:crypto';
import type { CancellationPolicy } from '@tern/sdk';

/** The three simulated providers, as the fixtures name the car stations' `provider`. */
export type ProviderName = 'northwind_cars' | 'atlas_rent' | 'fjord_drive';

/** Who drives: what a provider looks at before renting and pricing (document 1 §3 booking parameters). */
export interface DriverProfile {
  /** 18–99. */
  age: number;
  /** ISO 3166-1 alpha-2, or `null` when not known. */
  country: string | null;
}

/** One car type at one of the provider's stations. */
export interface StationCar {
  /** The station's daily price of the car type, in the station's currency. */
  dailyPrice: number;
  /** The station's country (ISO 3166-1 alpha-2). */
  stationCountry: string;
}

/**
 * A simulated car provider (document 1 §2: three known providers). Every provider answers a query after its
 * own delay, with its own terms, and prices a car its own way from the station's daily price; the shared
 * code (rentals.ts) reads the stations' cars and availability, applies the reseller's contract and converts.
 */
export interface CarProvider {
  name: ProviderName;
  title: string;
  /** The terms of every rental with this provider (they decide whether a card is needed). */
  policy: CancellationPolicy;
  /** How long after a query this provider answers: fixed for the same query. */
  latencyMs(queryId: string): number;
  /** Why the provider will not rent to this driver (the params of `driver_too_young`), or `null`. */
  refusal(driver: DriverProfile): { provider: string; age: number } | null;
  /** The daily rate it charges this driver for this rental, in the station's currency, before the contract. */
  dailyRate(car: StationCar, rental: { chargedDays: number; driver: DriverProfile }): number;
}

/** A number in [min, max] fixed by the provider and the query (a stand-in for a provider's response time). */
export function fixedDelay(provider: ProviderName, queryId: string, min: number, max: number): number {
  const digest = createHash('sha256').update(`${provider}:${queryId}`).digest();
  return min + (digest.readUInt32BE(0) % (max - min + 1));
}

/** Terms with the defaults of a free cancellation paid at the desk. */
export function policyOf(id: string, over: Partial<CancellationPolicy>): CancellationPolicy {
  return {
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
  };
}
