import { describe, expect, it } from 'vitest';
import { rate } from '../test/bookingFixtures.js';
import {
  type CheckoutFields,
  canAddGuest,
  canRemoveGuest,
  checkoutFields,
  emptyGuest,
  type GuestRoom,
  guestRoomsFor,
  validateCheckout,
} from './checkout.js';

const room = (rows: number, maxGuests: number): GuestRoom => ({
  unitId: 'u',
  rateId: 'r',
  maxGuests,
  guests: Array.from({ length: rows }, emptyGuest),
});

const fields = (values: Partial<CheckoutFields>): CheckoutFields => ({
  ...(Object.fromEntries(checkoutFields.map((f) => [f, ''])) as CheckoutFields),
  ...values,
});

describe('guest rooms', () => {
  it('gives a room per booked room with adults + children + infants places', () => {
    const rooms = guestRoomsFor([
      { unitId: 'a', rate: rate('x', { occupancy: { adults: 2, children: 1, infants: 1 } }), quantity: 2 },
      { unitId: 'b', rate: rate('y', { occupancy: { adults: 1, children: 0, infants: 0 } }), quantity: 0 },
    ]);
    expect(rooms).toEqual([
      { unitId: 'a', rateId: 'x', maxGuests: 4, guests: [emptyGuest()] },
      { unitId: 'a', rateId: 'x', maxGuests: 4, guests: [emptyGuest()] },
    ]);
  });

  it.each([
    [room(1, 2), true],
    [room(2, 2), false],
    [room(3, 2), false],
    [undefined, false],
  ])('canAddGuest(%o) → %s', (r, expected) => expect(canAddGuest(r)).toBe(expected));

  it.each([
    [room(2, 2), 0, false],
    [room(2, 2), 1, true],
    [room(2, 2), 2, false],
    [undefined, 1, false],
  ])('canRemoveGuest(%o, %i) → %s', (r, guest, expected) => expect(canRemoveGuest(r, guest)).toBe(expected));
});

describe('validateCheckout', () => {
  it.each([
    ['accommodation', {}, { surname: 'validation_messages.required', mail: 'validation_messages.required' }],
    ['accommodation', { surname: 'Silva', mail: 'ana@example.com' }, {}],
    [
      'accommodation',
      { surname: ' ', mail: 'ana@' },
      { surname: 'validation_messages.required', mail: 'validation_messages.email' },
    ],
    ['vehicle', { firstName: 'Jon', lastName: 'J', email: 'jon@example.is', phone: '1' }, {}],
    [
      'vehicle',
      { firstName: 'Jon', lastName: 'J', email: 'jon', phone: '' },
      { email: 'validation_messages.email', phone: 'validation_messages.required' },
    ],
  ] as const)('%s %o', (kind, values, expected) => {
    expect(validateCheckout(kind, fields(values))).toEqual(expected);
  });
});
