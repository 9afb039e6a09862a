import { bookingFlowMachine } from '../../bookingEngine/bookingFlowMachine.js';
import { FLOW_STORAGE_KEY, type FlowData, memoryFlowStorage } from '../../bookingEngine/flow.js';
import { flowBooked, flowCar, flowDouble, flowFamily, flowStay } from '../../test/bookingFixtures.js';
import type { ModelOptions } from '../test/paths.js';

const stay = flowStay;
const family = flowFamily;
const double = flowDouble;
const car = flowCar;
const booked = flowBooked;

const input =
  (kind: 'accommodation' | 'vehicle', step: 'property' | 'checkout' | 'confirmation', stored?: FlowData) =>
  () => ({
    storage: memoryFlowStorage(stored ? { [FLOW_STORAGE_KEY]: JSON.stringify(stored) } : {}),
    kind,
    channelId: kind === 'vehicle' ? 'vt-1' : 'p1',
    step,
    query: '?currency=EUR',
    bookingId: step === 'confirmation' ? 'b-1' : undefined,
  });

// The route opens a step; the storage (what a browser kept) decides whether checkout may open.
export const bookingFlowModel: ModelOptions = {
  name: 'bookingFlowMachine',
  machine: bookingFlowMachine,
  scenarios: [
    { name: 'a stay from the property page', input: input('accommodation', 'property') },
    { name: 'checkout with a stored stay', input: input('accommodation', 'checkout', { stay }) },
    { name: 'checkout without a stay', input: input('accommodation', 'checkout') },
    { name: 'the confirmation route', input: input('accommodation', 'confirmation', { booked }) },
    { name: 'a car from the car search', input: input('vehicle', 'property') },
  ],
  // The storage is the edge's (written by actions the graph does not run); the model is the rest.
  serialize: (s) => {
    const { storage: _, ...context } = s.context;
    return JSON.stringify({ value: s.value, context });
  },
  events: {
    'flow.book': [
      { type: 'flow.book', stay, chosen: family },
      { type: 'flow.book', stay, chosen: double },
    ],
    'car.choose': [{ type: 'car.choose', car }],
    'step.select': [
      { type: 'step.select', step: 'property' },
      { type: 'step.select', step: 'confirmation' },
    ],
    'booking.succeeded': [{ type: 'booking.succeeded', booked }],
    'query.change': [{ type: 'query.change', query: '?currency=USD' }],
  },
};
