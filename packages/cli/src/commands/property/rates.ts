import { engineCalls } from '@tern/core/bookingEngine';
import { nightsBetween } from '@tern/core/dates';
import { ratesText } from '../../bookingEngine/format.js';
import { type StayDatesFlags, stayDates } from '../../bookingEngine/queryFlags.js';
import { propertyToday } from '../../bookingEngine/today.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';

/**
 * `tern property rates ID --checkin … --checkout …`: the units with their rate offers for the stay (one per
 * occupancy option). `--json` prints `{ checkinDate, checkoutDate, currency, nightsBetween, units }`. The days are
 * checked against the property's today in its time zone, as the server checks them.
 */
export async function showRates(ctx: Context, id: string, flags: StayDatesFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const calls = engineCalls(client);
    const stay = stayDates(flags, await propertyToday(calls, 'accommodations', id, ctx.now()));
    const units = await calls.listWithRates('accommodations', id, stay);
    const count = nightsBetween(stay.checkinDate, stay.checkoutDate);
    ctx.out.result(
      { ...stay, nights: count, units },
      () =>
        `${stay.checkinDate} to ${stay.checkoutDate}, ${count} night${count === 1 ? '' : 's'}, prices in ${stay.currency} for one room.\n\n${ratesText(units)}\nBook with \`tern book stay ${id} --checkin ${stay.checkinDate} --checkout ${stay.checkoutDate} --room RATE …\`.\n`,
    );
  });
}
