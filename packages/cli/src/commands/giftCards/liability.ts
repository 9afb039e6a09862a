import { deviceTimeZone, todayIn } from '@tern/core/dates';
import { formatAmount } from '@tern/core/format';
import type { GiftCardLiability } from '@tern/sdk';
import { invalidFlags, reversedRanges } from '../../bookingEngine/queryFlags.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatTable } from '../../output.js';

export interface LiabilityFlags {
  property?: string;
  from?: string;
  to?: string;
}

/** The month `n` months after `YYYY-MM` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months shown without `--from`: the year up to `--to` (12 months). */
export const LIABILITY_DEFAULT_MONTHS = 12;

/** Count / value; the value in the currency's decimals, written as `formatPrice` writes it (the heading names the currency). */
const cell = (a: GiftCardLiability['opening'], currency: string) =>
  `${a.count} / ${formatAmount(a.value, currency, 'en-GB')}`;

/**
 * `tern gift-cards liability [--property ID] [--from YYYY-MM] [--to YYYY-MM]`: the liability ledger of
 * one property, or of each the caller works at — per month of the property's time zone, cards sold, redeemed,
 * expired, cancelled and outstanding (count / value). `--to` defaults to the property's current month, `--from` to
 * 11 months before. With `--json`, one JSON line per property and month.
 */
export async function giftCardLiability(ctx: Context, flags: LiabilityFlags): Promise<void> {
  const reversed = reversedRanges([['--from', flags.from, '--to', flags.to]]);
  if (reversed.length) throw invalidFlags(reversed);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const me = await client.auth.currentUser();
    const properties = flags.property
      ? [me.ternHotels.find((p) => p.id === flags.property) ?? { id: flags.property, name: flags.property }]
      : me.ternHotels;
    if (properties.length === 0)
      throw new UserError('You work at no property: there is no ledger to show', { code: 'not_found' });
    const reports: { name: string; report: GiftCardLiability }[] = [];
    for (const p of properties) {
      const zone = ('timezone' in p && p.timezone) || deviceTimeZone();
      const to = flags.to ?? todayIn(zone, new Date(ctx.now())).slice(0, 7);
      const from = flags.from ?? addMonths(to.slice(0, 7), 1 - LIABILITY_DEFAULT_MONTHS);
      const report = await client.giftCards.liability({ query: { propertyId: p.id, from, to } });
      reports.push({ name: p.name, report });
    }
    if (ctx.json) {
      for (const { name, report } of reports)
        for (const m of report.months)
          ctx.io.stdout.write(
            `${JSON.stringify({ propertyId: report.propertyId, property: name, currency: report.currency, ...m })}\n`,
          );
      return;
    }
    const text = reports.map(({ name, report }) => {
      const { currency } = report;
      const rows = report.months.map((m) => [
        m.month,
        cell(m.sold, currency),
        cell(m.redeemed, currency),
        cell(m.expired, currency),
        cell(m.cancelled, currency),
        cell(m.outstanding, currency),
      ]);
      return `${name} (${report.currency}), cards / value; outstanding before ${report.months[0]?.month}: ${cell(report.opening, currency)}\n${formatTable(
        ['MONTH', 'SOLD', 'REDEEMED', 'EXPIRED', 'CANCELLED', 'OUTSTANDING'],
        rows,
      )}`;
    });
    ctx.io.stdout.write(text.join('\n'));
  });
}
