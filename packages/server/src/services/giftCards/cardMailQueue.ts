import type { Db } from '../../db/db.js';
import { type Actor, audit } from '../admin/audit.js';
import { enqueueJob } from '../jobs/queue.js';

// Cards mailed when staff ask (issuing with "send each card by e-mail now", the orders list's send): the ask is
// recorded in each card's history and the job `giftCard.send` queued in the caller's transaction; the job mails
// each card as a purchase does (cardMails.ts).

export const GIFT_CARD_SEND_JOB = 'giftCard.send';

/** Queues the mails of these cards, in the caller's transaction: one job, each card's ask in its history. */
export async function queueCardMails(
  tx: Db,
  actor: Actor,
  cards: readonly { id: string; email: string }[],
): Promise<void> {
  if (!cards.length) return;
  for (const card of cards)
    await audit(tx, actor, {
      objectType: 'giftCard',
      objectId: card.id,
      action: 'send_email',
      before: null,
      after: { email: card.email },
    });
  await enqueueJob(tx, actor.clock, {
    kind: GIFT_CARD_SEND_JOB,
    // A card mailed since the ask (by a later ask, or its purchase) is not mailed again by a rerun.
    payload: { cardIds: cards.map((c) => c.id), askedAt: actor.clock.now().toISOString() },
  });
}
