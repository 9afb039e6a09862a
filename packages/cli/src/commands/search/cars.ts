import { rememberCarQuery } from '../../bookingEngine/carQueries.js';
import { vehicleTable } from '../../bookingEngine/format.js';
import { type CarSearchFlags, carQueryBody } from '../../bookingEngine/queryFlags.js';
import { acrossPropertiesToday } from '../../bookingEngine/today.js';
import { searchVehicles } from '../../bookingEngine/vehicleSearch.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { startSpinner } from '../../ui/spinner.js';

/**
 * `tern search cars`: starts the asynchronous car query and polls it every 2 s until every provider has
 * answered (a spinner on a terminal, silent otherwise), then prints the offers. `--json` prints
 * `{ query, queryId, finished, providers, results }`. The days are checked against the UTC day, as the server
 * checks a car query across stations.
 */
export async function searchCars(ctx: Context, flags: CarSearchFlags): Promise<void> {
  const body = carQueryBody(flags, acrossPropertiesToday(ctx.now()));
  await withClient(ctx, { session: true }, async ({ client }) => {
    const spinner =
      ctx.io.isTTY && !ctx.json && ctx.io.stderr.isTTY !== false
        ? startSpinner(ctx.io.stderr, 'Asking the car providers…')
        : null;
    let reply: Awaited<ReturnType<typeof searchVehicles>>;
    try {
      reply = await searchVehicles(client, body, {
        pollMs: ctx.io.pollMs,
        onProgress: (r) => {
          const done = r.providers.filter((p) => p.finished).length;
          spinner?.update(`Asking the car providers… ${done} of ${r.providers.length} answered`);
        },
      });
    } finally {
      spinner?.stop();
    }
    await rememberCarQuery(ctx, reply.queryId, body);
    ctx.out.result({ query: body, ...reply }, () => {
      const incomplete = reply.finished
        ? ''
        : `Not every provider answered in time (${reply.providers
            .filter((p) => !p.finished)
            .map((p) => p.provider)
            .join(', ')}).\n`;
      if (reply.results.length === 0) return `${incomplete}No cars for these days and place.\n`;
      return `${vehicleTable(reply.results)}${incomplete}${reply.results.length} offers, ${body.pickupDate} ${body.pickupTime} to ${body.dropoffDate} ${body.dropoffTime}. Book one with \`tern book car --offer OFFER --query ${reply.queryId} …\` (or the same dates and times).\n`;
    });
  });
}
