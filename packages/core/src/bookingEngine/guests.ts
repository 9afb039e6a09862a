// Guests of the checkout (document 1 §2, §3, §5): pasting a list, and "No Name" for a blank guest.

import { pastedCells } from '../internal/pastedCells.js';

export const NO_NAME = 'No Name';

export interface GuestInput {
  name: string;
  surname: string;
  nationality: string;
}

/** One guest per line, first name, last name and nationality in tab columns. */
export function parseGuestPaste(text: string): GuestInput[] {
  return pastedCells(text).map(([name = '', surname = '', nationality = '']) => ({
    name,
    surname,
    nationality: /^[A-Za-z]{2}$/.test(nationality) ? nationality.toUpperCase() : '',
  }));
}

/**
 * pasted guests fill the rows from `from` on. `overflow` is how many would go past
 * `max` (the room's occupancy): the caller asks before adding them (document 1 §2).
 */
export function pasteGuests(rows: GuestInput[], from: number, pasted: GuestInput[], max: number) {
  const all = [...rows];
  pasted.forEach((guest, i) => {
    all[from + i] = guest;
  });
  const overflow = Math.max(0, all.length - Math.max(max, rows.length));
  return { withExtra: all, withinMax: all.slice(0, Math.max(max, rows.length)), overflow };
}

/** A guest without name and surname is "No Name". */
export function guestForPayload(guest: GuestInput): GuestInput {
  if (!guest.name.trim() && !guest.surname.trim())
    return { name: NO_NAME, surname: '', nationality: guest.nationality };
  return { name: guest.name.trim(), surname: guest.surname.trim(), nationality: guest.nationality };
}
