import { createMachine } from 'xstate';
import type { cardFrameMachine } from '../../bookingEngine/cardFrameMachine.js';
import type { StayCheckout } from '../../bookingEngine/checkout.js';
import { type CheckoutInput, checkoutMachine } from '../../bookingEngine/checkoutMachine.js';
import { rate } from '../../test/bookingFixtures.js';
import { describeModel } from '../test/modelPaths.js';

const stay: StayCheckout = {
  kind: 'accommodation',
  propertyId: 'p1',
  currency: 'EUR',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  chosen: [
    {
      unitId: 'u1',
      rate: rate('rp~2-0-0', { occupancy: { adults: 2, children: 0, infants: 0 } }),
      quantity: 1,
    },
  ],
};
const created = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-1',
  status: 'new',
  total: 250,
  currency: 'EUR',
};
const card = { token: 'tok', brand: null, last4: null, expiry: null };

/**
 * The card frame's side of the handshake is `cardFrameMachine`'s own model; here the frame is a double that
 * never answers, and the paths send its outcomes (`cardFrame.card`, `.error`, `.notReady`) themselves.
 */
const silentFrame = createMachine({ id: 'silentFrame' }) as unknown as typeof cardFrameMachine;

const input = (given: Omit<CheckoutInput, 'data' | 'newKey'>) => () =>
  ({ data: stay, newKey: () => 'key-1', ...given }) satisfies CheckoutInput;

describeModel({
  name: 'checkoutMachine',
  machine: checkoutMachine,
  doubles: { cardFrame: silentFrame },
  scenarios: [
    { name: 'no card needed', input: input({ cardNeeded: false }) },
    { name: 'a card needed', input: input({ cardNeeded: true }) },
    { name: 'a card token given up front', input: input({ cardNeeded: true, cardToken: 'tok-given' }) },
  ],
  // The form as the screen shows it (the room's rows counted); the booking call's request in full.
  serialize: (s) =>
    JSON.stringify({
      value: s.value,
      agreed: s.context.agreed,
      fields: s.context.fields,
      errors: s.context.fieldErrors,
      error: s.context.error,
      rows: s.context.rooms.map((r: { guests: unknown[] }) => r.guests.length),
      pending: s.context.pendingPaste !== null,
      attempt: s.context.attempt,
      card: s.context.card?.token ?? null,
    }),
  events: {
    'field.change': [
      { type: 'field.change', field: 'surname', value: 'Silva' },
      { type: 'field.change', field: 'mail', value: 'ana@example.com' },
    ],
    'agreement.set': [
      { type: 'agreement.set', agreed: true },
      { type: 'agreement.set', agreed: false },
    ],
    'guest.change': [{ type: 'guest.change', room: 0, guest: 0, field: 'firstName', value: 'Ana' }],
    'guest.add': [{ type: 'guest.add', room: 0 }],
    'guest.remove': [{ type: 'guest.remove', room: 0, guest: 1 }],
    'guest.paste': [
      { type: 'guest.paste', room: 3, guest: 0, text: 'A\ta' },
      { type: 'guest.paste', room: 0, guest: 0, text: 'A\ta' },
      { type: 'guest.paste', room: 0, guest: 0, text: 'A\ta\nB\tb\nC\tc' },
    ],
    'frame.message': [{ type: 'frame.message', origin: 'https://vault.example', data: { type: 'ready' } }],
    'cardFrame.card': [{ type: 'cardFrame.card', card }],
    'cardFrame.error': [{ type: 'cardFrame.error', message: 'Card declined' }],
    'xstate.done.actor.createBooking': [{ type: 'xstate.done.actor.createBooking', output: created }],
    'xstate.error.actor.createBooking': [
      { type: 'xstate.error.actor.createBooking', error: { status: 409, message: 'No longer available' } },
      { type: 'xstate.error.actor.createBooking', error: { status: 503, message: 'Try again' } },
    ],
  },
});
