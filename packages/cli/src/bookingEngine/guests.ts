import type { GuestInput } from '@tern/core/bookingEngine';
import { CsvError, parse } from 'csv-parse/sync';
import { UserError } from '../errors.js';

/**
 * The one guest syntax of `tern`: `NAME,SURNAME[,NATIONALITY]`, read as one CSV record, for `book stay --guest`,
 * `bookings guests --guest` and each row of `bookings guests --csv` (after the room id). A name with a comma
 * is quoted (`"Anna, Jr.",Smith`); spaces belong to the names (`Anna María,de la Cruz,ES`).
 */
export const GUEST_SYNTAX = 'NAME,SURNAME or NAME,SURNAME,NATIONALITY (e.g. "Anna María,de la Cruz,ES")';

const NATIONALITY = /^[A-Za-z]{2}$/;

/** The guest of `NAME,SURNAME[,NATIONALITY]` cells, or `null` when they do not make one. */
function guestOfCells(cells: string[]): GuestInput | null {
  const [name = '', surname = '', nationality = '', ...rest] = cells.map((c) => c.trim());
  if (rest.some((c) => c !== '') || (nationality && !NATIONALITY.test(nationality))) return null;
  return { name, surname, nationality: nationality.toUpperCase() };
}

/** Reads CSV records with a real parser (quotes, escaped quotes, CRLF, a BOM); a user error names the line. */
function records(text: string, where: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    if (error instanceof CsvError)
      throw new UserError(`${where}: not valid CSV at line ${error.lines}: ${error.message}`, {
        code: 'invalid_input',
      });
    throw error;
  }
}

/** One `--guest` value, or `null` when it does not follow {@link GUEST_SYNTAX}. */
export function parseGuest(value: string): GuestInput | null {
  if (!value.trim()) return null;
  let rows: string[][];
  try {
    rows = records(value, '--guest');
  } catch {
    return null;
  }
  return rows.length === 1 && rows[0] ? guestOfCells(rows[0]) : null;
}

/**
 * `--csv` of `tern bookings guests`: rows `ROOM,NAME,SURNAME[,NATIONALITY]`, a first row starting with `room`
 * being a header. The guests of each room, in file order; a bad row is refused naming its line.
 */
export function parseGuestCsv(text: string, file: string): Map<string, GuestInput[]> {
  const rooms = new Map<string, GuestInput[]>();
  for (const [i, row] of records(text, file).entries()) {
    if (i === 0 && /^room/i.test(row[0] ?? '')) continue;
    const [room = '', ...cells] = row;
    const guest = guestOfCells(cells);
    if (!room || !guest)
      throw new UserError(
        `${file} row ${i + 1}: use ROOM,NAME,SURNAME or ROOM,NAME,SURNAME,NATIONALITY (two letters)`,
        { code: 'invalid_input' },
      );
    rooms.set(room, [...(rooms.get(room) ?? []), guest]);
  }
  return rooms;
}
