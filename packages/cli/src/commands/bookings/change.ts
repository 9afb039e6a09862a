import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import type { Guest } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { bookingFields } from './format.js';
import { resolveBooking } from './list.js';

/** Asks y/N on a terminal; without one, `--yes` is needed. */
async function confirmed(ctx: Context, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!ctx.io.isTTY || ctx.json)
    throw new UserError(`${question} Add --yes to confirm without a terminal`, {
      code: 'confirmation_needed',
    });
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

/** `tern bookings cancel ID|NUMBER [--yes]`: while the booking is changeable; the rooms or car are free again. */
export async function cancelBooking(ctx: Context, ref: string, flags: { yes?: boolean }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    if (
      !(await confirmed(ctx, `Cancel booking ${booking.reservationId} at ${booking.hotelName}?`, flags.yes))
    ) {
      ctx.out.note('Not cancelled.');
      return;
    }
    const kind = booking.propertyType === 'vehicle' ? 'vehicles' : 'accommodations';
    const cancelled = await client.bookings.cancel({
      params: { kind },
      body: {
        reservationId: booking.reservationId,
        propertyChannelId: booking.propertyChannelId,
        propertyType: booking.propertyType,
      },
    });
    ctx.out.result(cancelled, () => `Cancelled: ${cancelled.reservationId}\n`);
  });
}

/** `Name Surname XX` (the last word a two-letter nationality when it is one). */
export function parseGuest(text: string): Guest {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const last = words.at(-1);
  const nationality = words.length > 1 && last && /^[A-Za-z]{2}$/.test(last) ? last.toUpperCase() : '';
  const names = nationality ? words.slice(0, -1) : words;
  return { name: names[0] ?? '', surname: names.slice(1).join(' '), nationality };
}

/** CSV rows `room id,name,surname,nationality` (a header row starting with "room" is skipped). */
export function parseGuestCsv(text: string): Map<string, Guest[]> {
  const rooms = new Map<string, Guest[]>();
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim() || (i === 0 && /^\s*room/i.test(line))) continue;
    const [room = '', name = '', surname = '', nationality = ''] = line.split(',').map((c) => c.trim());
    if (!room)
      throw new UserError(`--csv line ${i + 1}: the first column is the room id`, { code: 'invalid_csv' });
    rooms.set(room, [...(rooms.get(room) ?? []), { name, surname, nationality: nationality.toUpperCase() }]);
  }
  return rooms;
}

/** `tern bookings guests ID --room ROOM --guest "…" …` or `--csv FILE`: replaces the rooms' guests. */
export async function updateGuests(
  ctx: Context,
  ref: string,
  flags: { room?: string; guest?: string[]; csv?: string },
): Promise<void> {
  let rooms: Map<string, Guest[]>;
  if (flags.csv) rooms = parseGuestCsv(await readFile(flags.csv, 'utf8'));
  else if (flags.room && flags.guest?.length) rooms = new Map([[flags.room, flags.guest.map(parseGuest)]]);
  else
    throw new UserError('Give --room ROOM_ID with --guest "Name Surname XX" (repeat), or --csv FILE', {
      code: 'invalid_flags',
    });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    const units = [...rooms].map(([id, guests]) => ({ id, guests }));
    const updated = await client.bookings.updateRooms({ params: { id: booking.id }, body: { units } });
    ctx.out.result(updated, () => `Guests changed.\n${bookingFields(updated)}`);
  });
}

/** `tern bookings remove-units ID --unit ROOM …`: keeps at least one (the server refuses the last). */
export async function removeUnits(ctx: Context, ref: string, flags: { unit?: string[] }): Promise<void> {
  if (!flags.unit?.length)
    throw new UserError('Give --unit ROOM_ID (repeat for several)', { code: 'invalid_flags' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    const body = { deleteUnitIds: flags.unit! };
    const updated =
      booking.propertyType === 'vehicle'
        ? await client.bookings.removeVehicles({ params: { id: booking.id }, body })
        : await client.bookings.removeRooms({ params: { id: booking.id }, body });
    ctx.out.result(updated, () => `Removed.\n${bookingFields(updated)}`);
  });
}

/** `tern bookings special-request ID --text … [--reservation-name …] [--reference …]`. */
export async function specialRequest(
  ctx: Context,
  ref: string,
  flags: { text?: string; reservationName?: string; reference?: string },
): Promise<void> {
  if (flags.text === undefined && flags.reservationName === undefined && flags.reference === undefined)
    throw new UserError('Give --text, --reservation-name or --reference', { code: 'invalid_flags' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    const updated = await client.bookings.updateSpecialRequest({
      params: {
        kind: booking.propertyType === 'vehicle' ? 'vehicles' : 'accommodations',
        propertyId: booking.propertyChannelId,
        bookingId: booking.id,
      },
      body: {
        ...(flags.text !== undefined ? { specialRequest: flags.text } : {}),
        ...(flags.reservationName !== undefined ? { reservationName: flags.reservationName } : {}),
        ...(flags.reference !== undefined ? { externalReferenceId: flags.reference } : {}),
      },
    });
    ctx.out.result(updated, () => `Changed.\n${bookingFields(updated)}`);
  });
}
