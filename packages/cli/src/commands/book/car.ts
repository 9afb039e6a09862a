import { engineCalls } from '@tern/core/bookingEngine';
import { bookedText, carBookedLines } from '../../bookingEngine/booked.js';
import { bookCarOffer } from '../../bookingEngine/carCheckout.js';
import { type CarBookFlags, carFlagsOf, checkCarOrder } from '../../bookingEngine/carOrder.js';
import { rememberedCarQuery, rentalOfQuery } from '../../bookingEngine/carQueries.js';
import { bookingKey, withBookingKey } from '../../bookingEngine/idempotency.js';
import { type CarQuery, carQueryBody } from '../../bookingEngine/queryFlags.js';
import { acrossPropertiesToday } from '../../bookingEngine/today.js';
import { searchVehicles } from '../../bookingEngine/vehicleSearch.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { startSpinner } from '../../ui/spinner.js';

/**
 * `tern book car`: on a terminal without `--offer` (and without `--json` or `--from-file`), the Ink wizard;
 * otherwise the offer of a search (`--query ID`, or a new search with the same flags) is booked for the
 * driver of the flags, for the rental that search asked for. Prints the booking number; `--json` prints the
 * server's reply with the rental's days and times. The days are checked as the server checks them: the
 * search's against the UTC day, the booking's pick-up against the station's today in its time zone.
 */
export async function bookCar(ctx: Context, given: CarBookFlags): Promise<void> {
  const flags = await carFlagsOf(given);
  const fromFlags = carQueryBody(flags, acrossPropertiesToday(ctx.now()));
  if (ctx.io.isTTY && !ctx.json && !flags.fromFile && !flags.offer) {
    const { bookCarOnTerminal } = await import('../../ui/bookCarWizard.js');
    return bookCarOnTerminal(ctx, flags, fromFlags);
  }
  checkCarOrder(flags, { fromFlags: true });
  const key = bookingKey(flags.idempotencyKey);
  await withClient(ctx, { session: true }, async ({ client }) => {
    let results: Awaited<ReturnType<typeof searchVehicles>>;
    if (flags.query) results = await engineCalls(client).vehicleQueryResults(flags.query);
    else {
      const spinner = ctx.io.isTTY && !ctx.json ? startSpinner(ctx.io.stderr, 'Finding the offer…') : null;
      try {
        results = await searchVehicles(client, fromFlags, { pollMs: ctx.io.pollMs });
      } finally {
        spinner?.stop();
      }
    }
    const offer = results.results.find((o) => o.id === flags.offer);
    if (!offer)
      throw new UserError(
        `No offer ${flags.offer} ${flags.query ? `in query ${flags.query}` : 'for these dates, times, driver and place'}: choose one from \`tern search cars\` run with the same flags (or pass its --query QUERY_ID)`,
        { code: 'offer_not_found' },
      );
    const rental: CarQuery = flags.query
      ? rentalOfQuery(flags, fromFlags, await rememberedCarQuery(ctx, flags.query), offer)
      : fromFlags;
    const { created, body } = await withBookingKey(key, (k) =>
      bookCarOffer(client, flags, offer, rental, k, ctx.now()),
    );
    const reply = {
      ...created,
      pickupDate: rental.pickupDate,
      pickupTime: rental.pickupTime,
      dropoffDate: rental.dropoffDate,
      dropoffTime: rental.dropoffTime,
    };
    ctx.out.result(reply, () => bookedText(created, carBookedLines(offer, rental, body)));
  });
}
