import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { invalidField } from '../../http/errors.js';

/** A card token lasts this long before a booking must redeem it. */
export const CARD_TOKEN_TTL_MS = 30 * 60 * 1000;

export interface CardSummary {
  brand: string;
  last4: string;
  /** `MM/YY`. */
  exp: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores what a booking may show of a card and returns the one-time token for it. */
export async function issueCardToken(
  db: Db,
  clock: Clock,
  card: { brand: string; last4: string; expMonth: number; expYear: number; holder: string },
): Promise<string> {
  const token = `card_${randomBytes(24).toString('base64url')}`;
  await db.query(
    `insert into card_tokens (token_hash, brand, last4, exp_month, exp_year, holder, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      hash(token),
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
      card.holder,
      new Date(clock.now().getTime() + CARD_TOKEN_TTL_MS),
    ],
  );
  return token;
}

/**
 * Redeems a card token inside the caller's transaction: it must exist, be unused and unexpired; it is then
 * used up. Returns what the booking keeps of the card.
 */
export async function redeemCardToken(tx: Db, clock: Clock, token: string): Promise<CardSummary> {
  const row = await tx.one<{ id: string; brand: string; last4: string; exp_month: number; exp_year: number }>(
    `update card_tokens set used_at = $2
      where token_hash = $1 and used_at is null and expires_at > $2
      returning id, brand, last4, exp_month, exp_year`,
    [hash(token), clock.now()],
  );
  if (!row) throw invalidField('card_unusable', 'guarantee.cardToken');
  return {
    brand: row.brand,
    last4: row.last4,
    exp: `${String(row.exp_month).padStart(2, '0')}/${String(row.exp_year % 100).padStart(2, '0')}`,
  };
}

/** Deletes tokens a day after they expired (used or not): bookings keep their own copy of the card's summary. */
export async function sweepCardTokens(db: Db, clock: Clock): Promise<number> {
  const rows = await db.query('delete from card_tokens where expires_at < $1 returning id', [
    new Date(clock.now().getTime() - 24 * 60 * 60 * 1000),
  ]);
  return rows.length;
}
