import { formatInstant } from '@tern/core/format';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';
import { cardOf } from './cards.js';
import { propertyFacts } from './propertyFacts.js';

// A card mailed again and its history (issue 24): the orders list's "Send by e-mail" and its details drawer's
// history, from the CLI.

/**
 * `tern gift-cards send CODE`: the card and its PDF mailed to its recipient (again), confirmed (`--yes` without a
 * terminal); the server's job sends it and records it in the card's history.
 */
export async function sendGiftCard(
  ctx: Context,
  code: string,
  flags: { property: string; yes?: boolean },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const card = await cardOf(client, flags.property, code);
    if (
      !(await confirmed(
        ctx,
        `Send ${card.generatedId} by e-mail to ${card.name} <${card.email}>?`,
        flags.yes,
      ))
    ) {
      ctx.out.note('Nothing sent.');
      return;
    }
    const sent = await client.giftCards.sendEmail({
      params: { id: card.id },
      body: { propertyId: flags.property },
    });
    ctx.out.result(sent, () => `${sent.generatedId}: being sent to ${sent.email}\n`);
  });
}

/** `tern gift-cards history CODE`: what was done to the card, newest first, on the property's clock. */
export async function giftCardHistory(
  ctx: Context,
  code: string,
  flags: { property: string },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const card = await cardOf(client, flags.property, code);
    const reply = await client.giftCards.history({
      params: { id: card.id },
      query: { propertyId: flags.property, limit: 100 },
    });
    const { zone } = ctx.json ? { zone: 'UTC' } : await propertyFacts(client, flags.property);
    ctx.out.result(reply, () => {
      if (reply.items.length === 0) return `Nothing was done to ${card.generatedId} since it was issued.\n`;
      const rows = reply.items.map((e) => [
        formatInstant(e.at, zone),
        e.action,
        e.actorName ?? e.actorEmail ?? 'Tern',
        Object.entries(e.changes)
          .map(([field, { to }]) => `${field}: ${JSON.stringify(to)}`)
          .join(', '),
      ]);
      return formatTable(['WHEN', 'WHAT', 'WHO', 'CHANGES'], rows);
    });
  });
}
