import { engineCalls } from '@tern/core/bookingEngine';
import { searchTable } from '../../bookingEngine/format.js';
import { type StaySearchFlags, staySearchQuery } from '../../bookingEngine/queryFlags.js';
import { acrossPropertiesToday } from '../../bookingEngine/today.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';

/**
 * `tern search stays`: the properties the reseller can book, with the best offer for the dates and guests.
 * `--json` prints the SDK's list `{ items, meta }`. The days are checked against the UTC day, as the server
 * checks a search across properties.
 */
export async function searchStays(ctx: Context, flags: StaySearchFlags): Promise<void> {
  const query = staySearchQuery(flags, acrossPropertiesToday(ctx.now()));
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await engineCalls(client).search('accommodations', query);
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No properties match this search.\n';
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      const dates = query.checkinDate ? '' : ' Give --checkin and --checkout for prices.';
      return `${searchTable(items)}${last} of ${meta.total}${more}.${dates} Then: \`tern property show ID\`.\n`;
    });
  });
}
