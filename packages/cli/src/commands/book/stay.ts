import { engineCalls } from '@tern/core/bookingEngine';
import { isBatchFile } from '../../bookingEngine/batch.js';
import { bookedText, stayBookedLines } from '../../bookingEngine/booked.js';
import { bookingKey, withBookingKey } from '../../bookingEngine/idempotency.js';
import { stayDates } from '../../bookingEngine/queryFlags.js';
import { bookPreparedStay } from '../../bookingEngine/stayCheckout.js';
import { prepareStayBooking, type StayBookFlags, stayOrderOf } from '../../bookingEngine/stayOrder.js';
import { propertyToday } from '../../bookingEngine/today.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';

/**
 * `tern book stay ID`: on a terminal without `--room` (and without `--json` or `--from-file`), the Ink wizard;
 * otherwise everything comes from the flags or the file. Prints the booking number; `--json` prints the
 * server's `{ uniqueId, bookingId, reservationId, status, total, currency }` with the stay's days. The days
 * are checked against the property's today in its time zone, as the server checks them.
 */
export async function bookStay(ctx: Context, propertyArg: string | undefined, flags: StayBookFlags) {
  if (flags.fromFile && isBatchFile(flags.fromFile)) {
    if (propertyArg)
      throw new UserError('A batch file names the property on each line ("property"): leave out the ID', {
        code: 'invalid_input',
      });
    const { bookStayBatch } = await import('./stayBatch.js');
    return bookStayBatch(ctx, flags);
  }
  const { order, property } = await stayOrderOf(flags);
  const propertyId = propertyArg ?? property;
  if (ctx.io.isTTY && !ctx.json && !flags.fromFile && order.rooms.length === 0) {
    const { bookStayOnTerminal } = await import('../../ui/bookStayWizard.js');
    return bookStayOnTerminal(ctx, propertyId, order);
  }
  if (!propertyId)
    throw new UserError('Name the property: `tern book stay ID …` (or "property" in the --from-file JSON)', {
      code: 'invalid_input',
    });
  const key = bookingKey(order.idempotencyKey);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const calls = engineCalls(client);
    const stay = stayDates(
      { checkin: order.checkin, checkout: order.checkout, currency: order.currency },
      await propertyToday(calls, 'accommodations', propertyId, ctx.now()),
    );
    const units = await calls.listWithRates('accommodations', propertyId, stay);
    // With a key of the user's, a rerun may replay a booking that took the last rooms: the server decides.
    const prepared = prepareStayBooking(order, units, stay, {
      serverDecides: Boolean(order.idempotencyKey?.trim()),
    });
    const { created } = await withBookingKey(key, (k) =>
      bookPreparedStay(client, propertyId, order, prepared, k),
    );
    const reply = { ...created, checkinDate: stay.checkinDate, checkoutDate: stay.checkoutDate };
    ctx.out.result(reply, () => bookedText(created, stayBookedLines(propertyId, stay, prepared.chosen)));
  });
}
