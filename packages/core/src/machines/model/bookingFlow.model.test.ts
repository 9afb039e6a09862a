import { bookingFlowMachine } from '../../booking/bookingFlowMachine.js';
import {
  type BookedFlow,
  type CarFlow,
  FLOW_STORAGE_KEY,
  type FlowData,
  memoryFlowStorage,
  type StayFlow,
} from '../../booking/flow.js';
import { vehicleOffer } from '../../test/bookingFixtures.js';
import { describeModel } from '../test/modelPaths.js';

const stay: StayFlow = {
  kind: 'accommodation',
  channelId: 'p1',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  currency: 'EUR',
  adults: 2,
  children: 1,
  childrenAge: [5],
  selection: { u1: { r1: 1 } },
};
const family = [{ rate: { occupancy: { adults: 2, children: 1, infants: 0 } }, quantity: 1 }];
const double = [{ rate: { occupancy: { adults: 2, children: 0, infants: 0 } }, quantity: 1 }];
const car: CarFlow = {
  kind: 'vehicle',
  channelId: 'vt-1',
  offer: vehicleOffer('1'),
  pickupDate: '2030-05-06',
  dropoffDate: '2030-05-13',
  pickupTime: '10:00',
  dropoffTime: '10:00',
  driverAge: 30,
  driverCountry: 'IS',
  currency: 'EUR',
};
const booked: BookedFlow = {
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  email: 'ana@example.com',
  kind: 'accommodation',
  provider: null,
};

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
describeModel({
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
});
