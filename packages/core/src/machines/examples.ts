/**
 * Sample inputs and event payloads for the QA visualizer's Simulate (issue 13): what a machine is started with
 * and what its payload editor is prefilled with. Plain JSON, so the QA person can edit it; a machine or an event
 * without a sample starts from `{}` or `{ type }`.
 */

export interface MachineExamples {
  input?: unknown;
  /** Sample events by type, each a whole event (`type` included). */
  events?: Record<string, Record<string, unknown>>;
}

const stayRate = {
  id: 'rp~2-0-0',
  ratePlanId: 'rp',
  title: 'Flexible',
  availability: 5,
  occupancy: { adults: 2, children: 0, infants: 0 },
  sellMode: 'per_room',
  totalPrice: 250,
  netPrice: 242,
  nightly: [
    { date: '2030-05-01', price: 121 },
    { date: '2030-05-02', price: 121 },
  ],
  lengthOfStay: 2,
  taxes: [],
  currency: 'EUR',
  mealType: 'breakfast',
  cancellationPolicy: {
    id: 'cp-free',
    title: 'Flexible',
    cancellationPolicyLogic: 'free',
    cancellationPolicyDeadline: null,
    cancellationPolicyDeadlineType: null,
    cancellationPolicyPenalty: 0,
    cancellationPolicyMode: 'percent',
    guaranteePaymentPolicy: 'none',
  },
  liability: 'pay_at_property',
  unavailableReason: null,
  minStay: null,
  maxStay: null,
};

const created = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  status: 'new',
  total: 250,
  currency: 'EUR',
};

/** By machine id. */
export const machineExamples: Readonly<Record<string, MachineExamples>> = {
  checkout: {
    input: {
      data: {
        kind: 'accommodation',
        propertyId: 'p1',
        currency: 'EUR',
        checkinDate: '2030-05-01',
        checkoutDate: '2030-05-03',
        chosen: [{ unitId: 'u1', rate: stayRate, quantity: 1 }],
      },
      cardNeeded: false,
    },
    events: {
      'field.change': { type: 'field.change', field: 'surname', value: 'Silva' },
      'guest.change': { type: 'guest.change', room: 0, guest: 0, field: 'firstName', value: 'Ana' },
      'guest.add': { type: 'guest.add', room: 0 },
      'guest.remove': { type: 'guest.remove', room: 0, guest: 1 },
      'guest.paste': { type: 'guest.paste', room: 0, guest: 0, text: 'Ana\tSilva\nRui\tCosta\nEva\tLima' },
      'agreement.set': { type: 'agreement.set', agreed: true },
      'frame.message': { type: 'frame.message', origin: 'https://vault.example', data: { type: 'ready' } },
      'cardFrame.card': {
        type: 'cardFrame.card',
        card: { token: 'tok', brand: 'visa', last4: '4242', expiry: '12/30' },
      },
      'cardFrame.error': { type: 'cardFrame.error', message: 'Card declined' },
    },
  },
  signIn: {
    events: {
      'field.change': { type: 'field.change', field: 'email', value: 'qa@example.com' },
    },
  },
  changePassword: {
    events: {
      'field.change': { type: 'field.change', field: 'password', value: 'a-long-passphrase' },
    },
  },
  cardFrame: {
    input: { kind: 'accommodations', propertyId: 'p1' },
    events: {
      'frame.message': { type: 'frame.message', origin: 'https://vault.example', data: { type: 'ready' } },
    },
  },
};

/** The sample of one event, or `{ type }`. */
export const exampleEvent = (machineId: string, type: string): Record<string, unknown> =>
  machineExamples[machineId]?.events?.[type] ?? { type };

/** Sample outputs for the stand-ins of the actors the QA person resolves, by actor source. */
export const actorOutputExamples: Readonly<Record<string, unknown>> = {
  createBooking: created,
};
