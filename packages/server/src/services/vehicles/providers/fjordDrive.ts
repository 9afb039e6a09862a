import { type CarProvider, fixedDelay, policyOf } from './types.js';

/**
 * Fjord Drive (Reykjavík, Oslo): answers in 2.0–2.9 s, prepaid and non-refundable; rents from 23 years of
 * age (mountain roads); residents of the station's country pay 5 % less a day.
 */
export const fjordDrive: CarProvider = {
  name: 'fjord_drive',
  title: 'Fjord Drive',
  policy: policyOf('fjord_drive-prepaid', {
    title: 'Prepaid, non-refundable',
    cancellationPolicyLogic: 'non_refundable',
    cancellationPolicyPenalty: 100,
    guaranteePaymentPolicy: 'percent_based',
    guaranteePaymentAmount: 100,
  }),
  latencyMs: (queryId) => fixedDelay('fjord_drive', queryId, 2000, 2900),
  refusal: (driver) => (driver.age < 23 ? { provider: 'Fjord Drive', age: 23 } : null),
  dailyRate: (car, { driver }) =>
    car.dailyPrice * (driver.country?.toUpperCase() === car.stationCountry.toUpperCase() ? 0.95 : 1),
};
