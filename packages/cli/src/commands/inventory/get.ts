import type { InventoryCalendar, NightRestrictions } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { formatTable } from '../../output.js';
import type { InventoryGetFlags } from './index.js';
import { checkedQuery } from './rules.js';

/** A night's restrictions, short: `stop`, `CTA`, `CTD`, `min 2`, `through 3`, `max 7`; `-` when open. */
export function restrictionsText(n: NightRestrictions): string {
  const parts = [
    n.stopSell ? 'stop' : '',
    n.closedToArrival ? 'CTA' : '',
    n.closedToDeparture ? 'CTD' : '',
    n.minStayArrival > 1 ? `min ${n.minStayArrival}` : '',
    n.minStayThrough > 1 ? `through ${n.minStayThrough}` : '',
    n.maxStay ? `max ${n.maxStay}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : '-';
}

export function calendarText(c: InventoryCalendar): string {
  const units = c.units.flatMap((u) =>
    u.nights.map((n) => [n.date, u.title, String(n.total), String(n.booked), String(n.free)]),
  );
  // A child plan's inherited values are its parent's (marked `inherited: …`); SOLD is the plan's rooms booked,
  // with what is left of its max sell.
  const plans = c.ratePlans.flatMap((p) =>
    p.nights.map((n) => [
      n.date,
      p.inherited.length ? `${p.title} (inherited: ${p.inherited.join(', ')})` : p.title,
      n.price === null ? '-' : String(n.price),
      n.byOccupancy.join(' / ') || '-',
      n.maxSellLeft === null ? String(n.sold) : `${n.sold} (${n.maxSellLeft} left)`,
      restrictionsText(n),
    ]),
  );
  return (
    `Rooms (${c.from} to ${c.to}):\n${formatTable(['NIGHT', 'UNIT', 'TOTAL', 'BOOKED', 'FREE'], units)}\n` +
    `Rates (${c.currency}):\n${formatTable(['NIGHT', 'PLAN', 'PRICE', 'BY ADULTS', 'SOLD', 'RESTRICTIONS'], plans)}`
  );
}

/** `tern inventory get --property ID --from D --to D [--unit ID] [--plan ID]`: `--json` prints the calendar. */
export async function getInventory(ctx: Context, flags: InventoryGetFlags): Promise<void> {
  const query = checkedQuery(flags);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const calendar = await client.inventory.calendar({ params: { propertyId: flags.property }, query });
    ctx.out.result(calendar, () => calendarText(calendar));
  });
}
