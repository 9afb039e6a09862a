import { describe, expect, it } from 'vitest';
import { validateDriver } from './contactRules.js';
import { guestForPayload, parseGuestPaste, pasteGuests } from './guests.js';
import { withChildren } from './occupancy.js';
import { bookingIdOf } from './payloads.js';

describe('checkout', () => {
  it('reads pasted spreadsheet rows: names and a two-letter nationality', () => {
    expect(parseGuestPaste('Anna\tBerg\tis\r\n\nBjörn\tBerg\tSweden\n')).toEqual([
      { name: 'Anna', surname: 'Berg', nationality: 'IS' },
      { name: 'Björn', surname: 'Berg', nationality: '' },
    ]);
  });

  it('fills rows from the pasted one on, and says how many go past the room', () => {
    const rows = [{ name: 'A', surname: 'A', nationality: '' }];
    const pasted = parseGuestPaste('B\tB\nC\tC');
    expect(pasteGuests(rows, 1, pasted, 2)).toMatchObject({ overflow: 1 });
    expect(pasteGuests(rows, 1, pasted, 2).withinMax.map((g) => g.name)).toEqual(['A', 'B']);
    expect(pasteGuests(rows, 0, pasted, 2)).toMatchObject({ overflow: 0 });
  });

  it('books a nameless guest as "No Name"', () => {
    expect(guestForPayload({ name: ' ', surname: '', nationality: 'IS' })).toEqual({
      name: 'No Name',
      surname: '',
      nationality: 'IS',
    });
    expect(guestForPayload({ name: '', surname: 'Berg', nationality: '' })).toEqual({
      name: '',
      surname: 'Berg',
      nationality: '',
    });
  });

  it('takes the booking id from uniqueId, bookingUniqueId, then bookingId', () => {
    expect(bookingIdOf({ uniqueId: '', bookingUniqueId: 'u2', bookingId: 'b' })).toBe('u2');
    expect(bookingIdOf({ bookingId: 'b' })).toBe('b');
  });

  it('requires every driver field', () => {
    expect(validateDriver({ firstName: '', lastName: 'x', email: 'nope', phone: ' ' })).toEqual({
      firstName: 'validation_messages.required',
      email: 'validation_messages.email',
      phone: 'validation_messages.required',
    });
  });

  it('keeps one age per child', () => {
    expect(withChildren({ adults: 2, children: 1, childrenAge: [7] }, 3).childrenAge).toEqual([7, 0, 0]);
    expect(withChildren({ adults: 2, children: 3, childrenAge: [7, 8, 9] }, 1).childrenAge).toEqual([7]);
  });
});
