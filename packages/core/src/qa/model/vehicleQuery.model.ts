import type { VehicleQueryBody, VehicleQueryResults } from '@tern/sdk';
import { vehicleOffer } from '../../test/bookingFixtures.js';
import { vehicleQueryMachine } from '../../vehicles/vehicleQueryMachine.js';
import type { ModelOptions } from '../test/paths.js';

const query = {
  pickupDate: '2030-05-06',
  dropoffDate: '2030-05-13',
} as VehicleQueryBody;
const noDates = { ...query, dropoffDate: '' } as VehicleQueryBody;
const partial = {
  finished: false,
  results: [vehicleOffer('1')],
  providers: [],
} as unknown as VehicleQueryResults;
const all = { finished: true, results: [vehicleOffer('1')], providers: [] } as unknown as VehicleQueryResults;
const down = { status: 503, message: 'Providers unavailable' };

// The car search polls every 2 s (a simulated clock) until every provider has answered.
export const vehicleQueryModel: ModelOptions = {
  name: 'vehicleQueryMachine',
  machine: vehicleQueryMachine,
  scenarios: [
    { name: 'a query given', input: () => ({ query }) },
    { name: 'no query', input: () => ({}) },
  ],
  // Each poll counts: the model stops counting at two, or the graph would never end.
  serialize: (s) =>
    JSON.stringify({ value: s.value, context: { ...s.context, polls: Math.min(s.context.polls, 2) } }),
  events: {
    'search.start': [
      { type: 'search.start', query },
      { type: 'search.start', query: noDates },
    ],
    'xstate.done.actor.0.vehicleQuery.creatingQuery': [
      { type: 'xstate.done.actor.0.vehicleQuery.creatingQuery', output: { queryId: 'q-1' } },
    ],
    'xstate.error.actor.0.vehicleQuery.creatingQuery': [
      { type: 'xstate.error.actor.0.vehicleQuery.creatingQuery', error: down },
    ],
    'xstate.done.actor.0.vehicleQuery.polling': [
      { type: 'xstate.done.actor.0.vehicleQuery.polling', output: partial },
      { type: 'xstate.done.actor.0.vehicleQuery.polling', output: all },
    ],
    'xstate.error.actor.0.vehicleQuery.polling': [
      { type: 'xstate.error.actor.0.vehicleQuery.polling', error: down },
    ],
  },
};
