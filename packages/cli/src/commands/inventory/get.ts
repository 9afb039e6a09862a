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

/**
 * Each plan's name in the tables: its title and its unit's; when two plans still read the same, the first 8
 * characters of their ids tell them apart (the ids themselves are listed above the tables).
 */
function planLabels(c: InventoryCalendar): Map<string, string> {
  const unitTitle = new Map(c.units.map((u) => [u.id, u.title]));
  const base = (p: InventoryCalendar['ratePlans'][number]) =>
    `${p.title} · ${unitTitle.get(p.unitId) ?? '?'}`;
  const counts = new Map<string, number>();
  for (const p of c.ratePlans) counts.set(base(p), (counts.get(base(p)) ?? 0) + 1);
  return new Map(
    c.ratePlans.map((p) => [
      p.id,
      (counts.get(base(p)) ?? 0) > 1 ? `${base(p)} #${p.id.slice(0, 8)}` : base(p),
    ]),
  );
}

export function calendarText(c: InventoryCalendar): string {
  const labels = planLabels(c);
  // The ids `--unit` and `--plan` take, each plan under its unit.
  const ids = c.units.flatMap((u) => [
    ['unit', u.id, u.title],
    ...c.ratePlans.filter((p) => p.unitId === u.id).map((p) => ['plan', p.id, `  ${labels.get(p.id)}`]),
  ]);
  const units = c.units.flatMap((u) =>
    u.nights.map((n) => [n.date, u.title, String(n.total), String(n.booked), String(n.free)]),
  );
  // A child plan's inherited values are its parent's (marked `inherited: …`); SOLD is the plan's rooms booked,
  // with what is left of its max sell.
  const plans = c.ratePlans.flatMap((p) =>
    p.nights.map((n) => [
      n.date,
      p.inherited.length ? `${labels.get(p.id)} (inherited: ${p.inherited.join(', ')})` : labels.get(p.id)!,
      n.price === null ? '-' : String(n.price),
      n.byOccupancy.join(' / ') || '-',
      n.maxSellLeft === null ? String(n.sold) : `${n.sold} (${n.maxSellLeft} left)`,
      restrictionsText(n),
    ]),
  );
  return (
    `Units and plans:\n${formatTable(['KIND', 'ID', 'TITLE'], ids)}\n` +
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
