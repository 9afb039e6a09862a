import type { issueGiftCardsBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { newGiftCardCode } from './codes.js';

// Cards issued in bulk as sold (`tern gift-cards issue --paid`; document 3 §3 purchase, §4 M26): "paid" is a
// purchase's status, so a run's cards belong to one purchase — paid or initiated — found again by the run's key
// in each of its batches and reruns (migration 049, unique per property). The run issues the cards itself, so the
// purchase is `queued` while some are missing and `issued` once all are; it never goes back to `pending`, whose
// "mark issued" would issue its quantity again. The cards are not mailed (the CLI's cards never were).

type RunPurchase = NonNullable<z.output<typeof issueGiftCardsBody>['purchase']>;

/** Draws for a clash of purchase numbers before giving up. */
const NUMBER_DRAWS = 5;

/**
 * In the issuing transaction (under the type's row lock, so a run's batches come one at a time): the run's
 * purchase — made at its first batch — takes the batch's cards that belong to no purchase yet, and is issued
 * once it holds its quantity. A key already used for another type or quantity answers 409
 * `idempotency_key_reused`.
 */
export async function recordRunPurchase(
  tx: Db,
  actor: Actor,
  property: OwnedProperty,
  typeId: string,
  run: RunPurchase,
  terms: { netPrice: number; buyerName: string | null; buyerEmail: string | null },
  cardIds: readonly string[],
): Promise<void> {
  const now = actor.clock.now();
  let purchase = await tx.one<{
    id: string;
    generated_id: string;
    gift_card_type_id: string;
    quantity: number;
    issued_status: string;
  }>(
    `select id, generated_id, gift_card_type_id, quantity, issued_status from gift_card_purchases
      where property_id = $1 and run_key = $2 for update`,
    [property.id, run.key],
  );
  if (purchase && (purchase.gift_card_type_id !== typeId || purchase.quantity !== run.quantity))
    throw conflict('idempotency_key_reused');
  if (!purchase) {
    const paid = run.purchaseState === 'paid';
    const user = actor.auth?.user;
    for (let draw = 0; !purchase; draw++) {
      if (draw === NUMBER_DRAWS) throw new Error('purchase numbers clashed on every draw');
      purchase = await tx.one(
        `insert into gift_card_purchases (generated_id, property_id, gift_card_type_id, status, issued_status,
                quantity, net_price, total_amount, full_name, email, recipients, paid_at, queued_at, run_key,
                created_by, created_at, updated_at)
         values ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9, '[]'::jsonb, $10, $11, $12, $13, $11, $11)
         on conflict (generated_id) do nothing
         returning id, generated_id, gift_card_type_id, quantity, issued_status`,
        [
          newGiftCardCode(),
          property.id,
          typeId,
          paid ? 'paid' : 'initiated',
          run.quantity,
          terms.netPrice,
          terms.netPrice * run.quantity,
          terms.buyerName ?? user?.name ?? property.id,
          terms.buyerEmail ?? user?.email ?? '',
          paid ? now : null,
          now,
          run.key,
          user?.id ?? null,
        ],
      );
    }
    await audit(tx, actor, {
      objectType: 'giftCardPurchase',
      objectId: purchase.id,
      action: 'create',
      before: null,
      after: {
        quantity: run.quantity,
        status: paid ? 'paid' : 'initiated',
        giftCardTypeId: typeId,
        run: true,
      },
    });
  }
  await tx.query(
    `update gift_cards set purchase_id = $1, purchase_generated_id = $2
      where id = any($3::uuid[]) and purchase_id is null`,
    [purchase.id, purchase.generated_id, [...cardIds]],
  );
  await tx.query(
    `update gift_card_purchases p set issued_status = 'issued', issued_at = $2, updated_at = $2
      where p.id = $1 and p.issued_status <> 'issued'
        and (select count(*) from gift_cards c where c.purchase_id = p.id) >= p.quantity`,
    [purchase.id, now],
  );
}
