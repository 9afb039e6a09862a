import { todayIso } from '@tern/core';
import { bookedText, carBookedLines } from '../../booking/booked.js';
import { type CarBookFlags, carFlagsOf, checkCarOrder, prepareCarBooking } from '../../booking/carOrder.js';
import { engineApi } from '../../booking/engine.js';
import { carQueryBody } from '../../booking/queryFlags.js';
import { searchVehicles } from '../../booking/vehicleSearch.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { startSpinner } from '../../ui/spinner.js';

/**
 * `tern book car`: on a terminal without `--offer` (and without `--json` or `--from-file`), the Ink wizard;
 * otherwise the offer of a search (`--query ID`, or a new search with the same flags) is booked for the
 * driver of the flags. Prints the booking number; `--json` prints the server's reply.
 */
export async function bookCar(ctx: Context, given: CarBookFlags): Promise<void> {
  const flags = await carFlagsOf(given);
  const today = todayIso(ctx.now());
  const query = carQueryBody(flags, today);
  if (ctx.io.isTTY && !ctx.json && !flags.fromFile && !flags.offer) {
    const { bookCarOnTerminal } = await import('../../ui/bookCarWizard.js');
    return bookCarOnTerminal(ctx, flags, query);
  }
  checkCarOrder(flags);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const api = engineApi(client);
    let results: Awaited<ReturnType<typeof searchVehicles>>;
    if (flags.query) results = await api.vehicleQueryResults(flags.query);
    else {
      const spinner = ctx.io.isTTY && !ctx.json ? startSpinner(ctx.io.stderr, 'Finding the offer…') : null;
      try {
        results = await searchVehicles(api, query);
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
    const body = prepareCarBooking(flags, offer, query);
    const created = await api.createVehicleBooking(body, flags.idempotencyKey);
    ctx.out.result(created, () => bookedText(created, carBookedLines(offer, query, body)));
  });
}
