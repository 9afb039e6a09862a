import { nightsBetween, todayIso } from '@tern/core';
import { engineApi } from '../../booking/engine.js';
import { ratesText } from '../../booking/format.js';
import { type StayDatesFlags, stayDates } from '../../booking/queryFlags.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';

/**
 * `tern property rates ID --checkin … --checkout …`: the units with their rate offers for the stay (one per
 * occupancy option). `--json` prints `{ checkinDate, checkoutDate, currency, nightsBetween, units }`.
 */
export async function showRates(ctx: Context, id: string, flags: StayDatesFlags): Promise<void> {
  const stay = stayDates(flags, todayIso(ctx.now()));
  await withClient(ctx, { session: true }, async ({ client }) => {
    const units = await engineApi(client).listWithRates(id, stay);
    const count = nightsBetween(stay.checkinDate, stay.checkoutDate);
    ctx.out.result(
      { ...stay, nights: count, units },
      () =>
        `${stay.checkinDate} to ${stay.checkoutDate}, ${count} night${count === 1 ? '' : 's'}, prices in ${stay.currency} for one room.\n\n${ratesText(units)}\nBook with \`tern book stay ${id} --checkin ${stay.checkinDate} --checkout ${stay.checkoutDate} --room RATE …\`.\n`,
    );
  });
}
