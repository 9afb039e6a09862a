import type { GuestInput } from '@tern/core/bookingEngine';
import { GUEST_SYNTAX, parseGuest, parseGuestCsv } from '../../bookingEngine/guests.js';
import { invalidFlags } from '../../bookingEngine/queryFlags.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { readTextFile } from '../../files.js';
import { confirmed } from '../../ui/confirm.js';
import { bookingFields } from './format.js';
import { resolveBooking } from './list.js';

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

/** `tern bookings guests ID --room ROOM --guest "…" …` or `--csv FILE`: replaces the rooms' guests. */
export async function updateGuests(
  ctx: Context,
  ref: string,
  flags: { room?: string; guest?: string[]; csv?: string },
): Promise<void> {
  let rooms: Map<string, GuestInput[]>;
  if (flags.csv) rooms = parseGuestCsv(await readText(flags.csv, '--csv'), flags.csv);
  else if (flags.room && flags.guest?.length) {
    const guests = flags.guest.map((value) => {
      const guest = parseGuest(value);
      if (!guest) throw invalidFlags([['--guest', `use ${GUEST_SYNTAX}, not “${value}”`]]);
      return guest;
    });
    rooms = new Map([[flags.room, guests]]);
  } else
    throw new UserError(`Give --room ROOM_ID with --guest ${GUEST_SYNTAX} (repeat), or --csv FILE`, {
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
export async function removeUnits(
  ctx: Context,
  ref: string,
  flags: { unit?: string[]; yes?: boolean },
): Promise<void> {
  if (!flags.unit?.length)
    throw new UserError('Give --unit ROOM_ID (repeat for several)', { code: 'invalid_flags' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const booking = await resolveBooking(client, ref);
    const what = booking.propertyType === 'vehicle' ? 'car' : 'room';
    const count = flags.unit!.length;
    const question = `Remove ${count} ${what}${count === 1 ? '' : 's'} from booking ${booking.reservationId} at ${booking.hotelName}?`;
    if (!(await confirmed(ctx, question, flags.yes))) {
      ctx.out.note('Nothing removed.');
      return;
    }
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

/** A file's text, or a user error naming the flag and the file. */
const readText = (file: string, flag: string): Promise<string> => readTextFile(flag, file);
