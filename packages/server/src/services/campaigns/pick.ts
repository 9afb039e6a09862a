import { createHmac } from 'node:crypto';
import { todayIn } from '@tern/core/dates';
import { isGiftCardExpired } from '@tern/core/giftCards';
import type { CampaignPick, campaignPickBody, PublicCampaign } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import type { RequestContext } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.js';
import { issueGiftCards } from '../giftCards/cards.js';
import { deriveKey } from '../secrets.js';
import { optionsOf } from './campaigns.js';

// A campaign's public page and a recipient's pick (document 3 §3, §4 M29, §5; docs/decisions.md "Gift
// campaigns"). The pick is one transaction: the option's type locked, its stock read (core's rule with the
// store's held cards, migration 060), the recipient written — the unique indexes (campaign, government id) and
// (campaign, lower(e-mail)) decide two picks at once: the loser is refused with 409 and nothing is issued — and
// the card issued through the staff's issue path (source 'campaign', the option's expiry) with its mail and PDF
// queued on the card mail queue.

type PickBody = z.output<typeof campaignPickBody>;

/** An option gives nothing once its type has no stock or its cards' last day has passed. */
const soldOut = (stock: number, expirationDate: string, today: string) =>
  stock < 1 || isGiftCardExpired(expirationDate, today);

export async function publicCampaign(db: Db, campaignId: string, now: Date): Promise<PublicCampaign> {
  const row = (await db.one<{
    name: string;
    description: string;
    title: string;
    logo: string | null;
    timezone: string;
  }>(
    `select c.name, c.description, p.title, p.logo, p.timezone
       from gift_campaigns c join properties p on p.id = c.property_id where c.id = $1`,
    [campaignId],
  ))!;
  const today = todayIn(row.timezone, now);
  return {
    id: campaignId,
    name: row.name,
    description: row.description,
    propertyTitle: row.title,
    logoUrl: row.logo ? `/photos/${row.logo}` : null,
    options: (await optionsOf(db, [campaignId], now)).map((o) => ({
      id: o.id,
      name: o.name,
      description: o.description,
      photoUrl: o.photo_url,
      expirationDate: o.expiration_date,
      soldOut: soldOut(Number(o.stock), o.expiration_date, today),
    })),
  };
}

/**
 * The government-issued id as kept: HMAC-SHA256 under a key of its own derived from the server's secret key
 * (HKDF, services/secrets.ts), so the same id matches itself and is never stored in clear.
 */
export const governmentIdHash = (secretKey: Buffer, governmentId: string): string =>
  createHmac('sha256', deriveKey(secretKey, 'gift-campaigns:government-id'))
    .update(governmentId)
    .digest('base64url');

interface PickedOption {
  name: string;
  expiration_date: string;
  gift_card_type_id: string;
  property_id: string;
  kind: OwnedProperty['kind'];
  supplier_id: string;
  title: string;
  currency: string;
  timezone: string;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A recipient picks an option: one card of its type, issued and mailed, once per campaign. Throttled per address. */
export async function pickGift(
  ctx: RequestContext,
  campaignId: string,
  optionId: string,
  body: PickBody,
): Promise<CampaignPick> {
  const { db, clock } = ctx;
  // Every pick counts against the address (a pick issues a card: someone inventing ids drains the stock).
  await assertNotThrottled(db, clock, 'campaign_pick', null, ctx.ip);
  // Counted even when the pick is refused (an id or e-mail that already picked): it outlasts the refusal.
  await ctx.lasting((at) =>
    recordAttempt(at, clock, { kind: 'campaign_pick', email: null, ip: ctx.ip, succeeded: false }),
  );
  const now = clock.now();
  const { current, previous } = ctx.config.secretKeys;
  const hash = governmentIdHash(current, body.governmentIssuedId);
  // During a key rotation the recipients kept before it carry the previous key's hash: the id is looked for
  // under that one too (the unique index decides between picks made under the same key).
  const earlierHash = previous ? governmentIdHash(previous, body.governmentIssuedId) : null;
  try {
    return await db.transaction(async (tx) => {
      // The option of a campaign still published, held against its removal until this commits.
      const option = await tx.one<PickedOption>(
        `select o.name, to_char(o.expiration_date, 'YYYY-MM-DD') as expiration_date, o.gift_card_type_id,
                p.id as property_id, p.kind, p.supplier_id, p.title, p.currency, p.timezone
           from gift_campaign_options o
           join gift_campaigns c on c.id = o.campaign_id
           join properties p on p.id = c.property_id
          where o.id = $1 and o.campaign_id = $2 and c.status = 'published'
          for share of o, c`,
        [optionId, campaignId],
      );
      if (!option) throw notFound('campaign_option_not_found');
      await tx.query('select id from gift_card_types where id = $1 for update', [option.gift_card_type_id]);
      const stock = await tx.one<{ stock: number }>('select gift_card_type_stock($1, $2) as stock', [
        option.gift_card_type_id,
        now,
      ]);
      if (soldOut(Number(stock?.stock ?? 0), option.expiration_date, todayIn(option.timezone, now)))
        throw conflict('sold_out');
      if (
        earlierHash &&
        (await tx.one(
          'select 1 from gift_campaign_recipients where campaign_id = $1 and government_id_hash = $2',
          [campaignId, earlierHash],
        ))
      )
        throw conflict('campaign_already_picked');
      const recipient = (await tx.one<{ id: string }>(
        `insert into gift_campaign_recipients (campaign_id, option_id, name, email, government_id_hash,
                government_id_last4, created_at, locale)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          campaignId,
          optionId,
          body.name,
          body.email,
          hash,
          body.governmentIssuedId.slice(-4),
          now,
          body.locale,
        ],
      ))!;
      const property: OwnedProperty = {
        id: option.property_id,
        kind: option.kind,
        supplierId: option.supplier_id,
        title: option.title,
        currency: option.currency,
        timezone: option.timezone,
        memberRole: null,
      };
      const issued = await issueGiftCards(
        tx,
        ctx,
        property,
        option.gift_card_type_id,
        {
          propertyId: property.id,
          recipients: [{ rowKey: `campaign-${recipient.id}`, name: body.name, email: body.email, note: '' }],
          expirationDate: option.expiration_date,
          sendEmail: true,
        },
        'campaign',
      );
      await tx.query('update gift_campaign_recipients set gift_card_id = $2 where id = $1', [
        recipient.id,
        issued.cards[0]!.id,
      ]);
      return { email: body.email, optionName: option.name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('campaign_already_picked');
    throw error;
  }
}
