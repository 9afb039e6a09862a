import { describe, expect, it } from 'vitest';
import { bookedRoom, bookingRecord } from '../test/bookingFixtures.js';
import { bookingDrawerWidth, canRemoveUnits, guestRowsOf, validateGuestEdits } from './bookingEdits.js';

describe('booking edits', () => {
  it.each([
    ['supplier', 1280, 560],
    ['admin', 1280, 560],
    ['reseller', 1280, 700],
    ['reseller', 901, 700],
    ['reseller', 900, 'full'],
    ['supplier', 375, 'full'],
  ] as const)('a %s at %i px gets a %s drawer', (role, width, expected) =>
    expect(bookingDrawerWidth(role, width)).toBe(expected),
  );

  it('removes units only from a changeable booking, keeping one booked', () => {
    const booking = bookingRecord({
      units: [bookedRoom('u1'), bookedRoom('u2'), bookedRoom('u3', { status: 'canceled' })],
    });
    expect(canRemoveUnits(booking, ['u1'])).toBe(true);
    expect(canRemoveUnits(booking, ['u1', 'u2'])).toBe(false);
    expect(canRemoveUnits(booking, ['u3'])).toBe(false);
    expect(canRemoveUnits(booking, ['nope'])).toBe(false);
    expect(canRemoveUnits(booking, [])).toBe(false);
    expect(canRemoveUnits({ ...booking, changeable: false }, ['u1'])).toBe(false);
  });

  it('offers the booked guests for editing, "No Name" as empty, one empty row for none', () => {
    expect(
      guestRowsOf(bookedRoom('u1', { guests: [{ name: 'No Name', surname: '', nationality: '' }] })),
    ).toEqual([{ name: '', surname: '', nationality: '' }]);
    expect(guestRowsOf(bookedRoom('u1', { guests: [] }))).toHaveLength(1);
  });

  it('counts children and infants among a room’s guest spaces and checks nationalities', () => {
    const booking = bookingRecord({
      units: [bookedRoom('u1', { occupancy: { adults: 1, children: 1, infants: 1 } })],
    });
    const guest = { name: 'A', surname: 'B', nationality: 'IS' };
    expect(validateGuestEdits(booking, { u1: [guest, guest, guest] })).toEqual({});
    expect(validateGuestEdits(booking, { u1: [guest, guest, guest, guest] })).toEqual({ u1: 'too_many' });
    expect(validateGuestEdits(booking, { u1: [{ ...guest, nationality: 'ISL' }] })).toEqual({
      'u1.0.nationality': 'nationality',
    });
  });
});
