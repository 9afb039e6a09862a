import type { GiftCard } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import type { Actor } from '../admin/audit.js';
import { checkInterrupted, type JobHandler } from '../jobs/worker.js';
import { queueCardMails } from './cardMailQueue.js';
import { getGiftCard } from './cards.js';
import { type CardMailDeps, cardsToMail, jobActor, mailCard, yieldTurn } from './purchases.js';

// A card mailed again, or for the first time, when staff ask (the orders list's send action), and the job that
// mails the cards asked for (`giftCard.send`): the purchase job's mail and PDF (purchases.ts `mailCard`).

/** The orders list's send: the card's mail is queued and the ask recorded in its history. Answers the card. */
export function sendGiftCard(db: Db, actor: Actor, id: string): Promise<GiftCard> {
  return db.transaction(async (tx) => {
    const card = await getGiftCard(tx, id);
    await queueCardMails(tx, actor, [card]);
    return card;
  });
}

/**
 * The job `giftCard.send`: each card asked for gets its mail, unless it was mailed since the ask (a rerun of a
 * run cut short, or a purchase's job), so one ask mails each card once.
 */
export function giftCardSendJob(deps: CardMailDeps): JobHandler {
  return async (payload, { db, clock, signal, job }) => {
    const ids = (payload.cardIds as string[]) ?? [];
    const askedAt = new Date(String(payload.askedAt));
    const actor = jobActor(clock, job);
    for (const card of await cardsToMail(db, 'c.id = any($1::uuid[])', [ids])) {
      await yieldTurn();
      checkInterrupted(signal);
      await mailCard(db, actor, card, deps, async (tx) =>
        Boolean(
          await tx.one(
            'select id from gift_cards where id = $1 and (emailed_at is null or emailed_at < $2) for update',
            [card.id, askedAt],
          ),
        ),
      );
    }
  };
}
