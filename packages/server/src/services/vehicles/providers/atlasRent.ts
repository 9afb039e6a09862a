import { type CarProvider, fixedDelay, policyOf } from './types.js';

/**
 * Atlas Rent (Lisbon): the slowest to answer (3.0–4.0 s); free cancellation until 48 hours before the
 * pick-up with a 20 % guarantee on a card; rents from 21 years of age, drivers under 25 pay 25 % more a
 * day, and rentals of 7 charged days or more cost 10 % less a day.
 */
export const atlasRent: CarProvider = {
  name: 'atlas_rent',
  title: 'Atlas Rent',
  policy: policyOf('atlas_rent-flex', {
    title: 'Free cancellation until 48 hours before pick-up',
    cancellationPolicyLogic: 'deadline',
    cancellationPolicyDeadline: 48,
    cancellationPolicyDeadlineType: 'hours',
    cancellationPolicyPenalty: 100,
    guaranteePaymentPolicy: 'percent_based',
    guaranteePaymentAmount: 20,
  }),
  latencyMs: (queryId) => fixedDelay('atlas_rent', queryId, 3000, 4000),
  refusal: (driver) => (driver.age < 21 ? { provider: 'Atlas Rent', age: 21 } : null),
  dailyRate: (car, { chargedDays, driver }) =>
    car.dailyPrice * (driver.age < 25 ? 1.25 : 1) * (chargedDays >= 7 ? 0.9 : 1),
};
