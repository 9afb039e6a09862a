import { type CarProvider, fixedDelay, policyOf } from './types.js';

/**
 * Northwind Cars (Keflavík and Edinburgh airports): the quickest to answer (1.0–1.9 s), free cancellation,
 * paid at the desk; rents from 20 years of age, drivers under 25 pay 20 % more a day.
 */
export const northwindCars: CarProvider = {
  name: 'northwind_cars',
  title: 'Northwind Cars',
  policy: policyOf('northwind_cars-standard', {}),
  latencyMs: (queryId) => fixedDelay('northwind_cars', queryId, 1000, 1900),
  refusal: (driver) => (driver.age < 20 ? { provider: 'Northwind Cars', age: 20 } : null),
  dailyRate: (car, { driver }) => car.dailyPrice * (driver.age < 25 ? 1.2 : 1),
};
