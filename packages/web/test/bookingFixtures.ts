// The booking engine's test data (a property, rooms, rates, policies, bookings) is core's: one copy serves
// both packages' tests. `@tern/core/testing` exists under the `source` condition only.
export * from '@tern/core/testing';
