import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { formatTable } from '../../output.js';

/** `tern stores list --property ID`: `--json` prints the SDK's `{ items, meta }`. */
export async function listStores(ctx: Context, options: { property: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.stores.list({ query: { propertyId: options.property } });
    ctx.out.result(reply, () => {
      if (reply.items.length === 0) return 'No gift-card stores.\n';
      const rows = reply.items.map((s) => [
        s.id,
        s.name,
        s.status,
        s.publicPath,
        s.allowPickupAtHotel ? 'yes' : 'no',
      ]);
      return `${formatTable(['ID', 'NAME', 'STATUS', 'ADDRESS', 'PICKUP'], rows)}${reply.items.length} store(s).\n`;
    });
  });
}

/** `tern stores show ID --property ID`: the settings, then the types by priority; `--json` the store. */
export async function showStore(ctx: Context, id: string, options: { property: string }): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const s = await client.stores.get({ params: { id }, query: { propertyId: options.property } });
    ctx.out.result(s, () => {
      const settings: [string, string][] = [
        ['Name', s.name],
        ['Address', `${s.publicPath} (${s.status})`],
        ['Fonts', `${s.titleFont} (titles), ${s.textFont} (text)`],
        ['Look', `${s.cornerStyle} corners, tag ${s.tagColor}`],
        ['Logo', s.logoUrl ?? 'none'],
        ['Banner', s.photoUrl ?? 'none'],
        ['Banner title', s.bannerTitle],
        ['Pickup', s.allowPickupAtHotel ? `yes: ${s.allowPickupAtHotelInfo}` : 'no'],
        [
          'Cancellation',
          s.allowCancellation ? `up to ${s.cancellationDeadlineDays ?? 0} day(s) before arrival` : 'no',
        ],
        ['Confirmation e-mail', s.purchaseConfirmationEmail ?? 'none'],
        ['Tracking ID', s.gaTrackingId || 'none'],
      ];
      const width = Math.max(...settings.map(([k]) => k.length));
      const head = settings.map(([k, v]) => `${k.padEnd(width)}  ${v}\n`).join('');
      const types = s.storeGiftCardTypes.length
        ? formatTable(
            ['PRIORITY', 'GIFT CARD TYPE', 'STATUS', 'HOTELS'],
            s.storeGiftCardTypes.map((t) => [
              String(t.priority),
              t.giftCardTypeTitle,
              t.status,
              t.hotelNames.join(', ') || '—',
            ]),
          )
        : 'No gift card type is sold here yet.\n';
      return `${head}\n${types}`;
    });
  });
}
