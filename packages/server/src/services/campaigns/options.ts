import { todayIn } from '@tern/core/dates';
import { isGiftCardExpired } from '@tern/core/giftCards';
import { CAMPAIGN_OPTIONS_MAX, type Campaign, type campaignOptionBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { ownedUploads, uploadFileOf } from '../uploads/uploads.js';
import { getCampaign, lockCampaign, optionCount } from './campaigns.js';

// A campaign's gift options (document 3 §3 "Gift campaign and option", §7): each a gift card type of the
// campaign's property (not archived), one photo of the property, and the expiry of the cards it gives (not before
// the property's today). Changed only while the campaign is not archived; an option somebody picked stays, and a
// published campaign keeps at least one.

type Body = z.output<typeof campaignOptionBody>;

const OPTION_FIELDS = (b: Body) => ({
  name: b.name,
  description: b.description,
  photoUrl: b.photoUrl,
  expirationDate: b.expirationDate,
  giftCardTypeId: b.giftCardTypeId,
});

/** The checks the contract cannot make: the campaign open to changes, the type, the photo, the expiry. */
async function check(tx: Db, actor: Actor, property: OwnedProperty, campaignId: string, body: Body) {
  const campaign = await lockCampaign(tx, campaignId);
  if (campaign.status === 'archived') throw conflict('campaign_archived');
  const type = await tx.one<{ status: string }>('select status from gift_card_types where id = $1', [
    body.giftCardTypeId,
  ]);
  if (type?.status === 'archived') throw conflict('gift_card_type_status', { status: type.status });
  const file = uploadFileOf(body.photoUrl);
  if (!file || !(await ownedUploads(tx, { type: 'property', id: property.id }, [file])).has(file))
    throw invalidField('unknown_photo', 'photoUrl');
  const today = todayIn(property.timezone, actor.clock.now());
  if (isGiftCardExpired(body.expirationDate, today))
    throw invalidField('expiration_past', 'expirationDate', { today });
  return campaign;
}

export async function createOption(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  campaign: { id: string },
  body: Body,
): Promise<Campaign> {
  const now = actor.clock.now();
  return db.transaction(async (tx) => {
    await check(tx, actor, property, campaign.id, body);
    const count = await optionCount(tx, campaign.id);
    if (count >= CAMPAIGN_OPTIONS_MAX)
      throw conflict('campaign_too_many_options', { max: CAMPAIGN_OPTIONS_MAX });
    const row = (await tx.one<{ id: string }>(
      `insert into gift_campaign_options (campaign_id, name, description, photo_url, expiration_date,
              gift_card_type_id, position, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
      [
        campaign.id,
        body.name,
        body.description,
        body.photoUrl,
        body.expirationDate,
        body.giftCardTypeId,
        body.position ?? count,
        now,
      ],
    ))!;
    await tx.query('update gift_campaigns set updated_at = $2 where id = $1', [campaign.id, now]);
    await audit(tx, actor, {
      objectType: 'giftCampaign',
      objectId: campaign.id,
      action: 'add_option',
      before: null,
      after: { optionId: row.id, ...OPTION_FIELDS(body), position: body.position ?? count },
    });
    return getCampaign(tx, campaign.id, now);
  });
}

interface OptionRow {
  name: string;
  description: string;
  photo_url: string;
  expiration_date: string;
  gift_card_type_id: string;
  position: number;
}

const lockOption = async (tx: Db, id: string) =>
  (await tx.one<OptionRow>(
    `select name, description, photo_url, to_char(expiration_date, 'YYYY-MM-DD') as expiration_date,
            gift_card_type_id, position
       from gift_campaign_options where id = $1 for update`,
    [id],
  ))!;

export async function updateOption(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  campaign: { id: string },
  optionId: string,
  body: Body,
): Promise<Campaign> {
  const now = actor.clock.now();
  return db.transaction(async (tx) => {
    await check(tx, actor, property, campaign.id, body);
    const before = await lockOption(tx, optionId);
    const position = body.position ?? before.position;
    await tx.query(
      `update gift_campaign_options
          set name = $2, description = $3, photo_url = $4, expiration_date = $5, gift_card_type_id = $6,
              position = $7, updated_at = $8
        where id = $1`,
      [
        optionId,
        body.name,
        body.description,
        body.photoUrl,
        body.expirationDate,
        body.giftCardTypeId,
        position,
        now,
      ],
    );
    await tx.query('update gift_campaigns set updated_at = $2 where id = $1', [campaign.id, now]);
    await audit(tx, actor, {
      objectType: 'giftCampaign',
      objectId: campaign.id,
      action: 'update_option',
      before: {
        optionId,
        name: before.name,
        description: before.description,
        photoUrl: before.photo_url,
        expirationDate: before.expiration_date,
        giftCardTypeId: before.gift_card_type_id,
        position: before.position,
      },
      after: { optionId, ...OPTION_FIELDS(body), position },
    });
    return getCampaign(tx, campaign.id, now);
  });
}

/** Removes an option nobody picked, of a campaign that is not archived; a published campaign keeps one. */
export async function removeOption(
  db: Db,
  actor: Actor,
  campaign: { id: string },
  optionId: string,
): Promise<Campaign> {
  const now = actor.clock.now();
  return db.transaction(async (tx) => {
    const locked = await lockCampaign(tx, campaign.id);
    if (locked.status === 'archived') throw conflict('campaign_archived');
    // Under the option's lock a pick of it (whose recipient row references it) has committed or waits.
    const before = await lockOption(tx, optionId);
    const picked = await tx.one('select 1 from gift_campaign_recipients where option_id = $1 limit 1', [
      optionId,
    ]);
    if (picked) throw conflict('campaign_option_picked');
    if (locked.status === 'published' && (await optionCount(tx, campaign.id)) <= 1)
      throw conflict('campaign_last_option');
    await tx.query('delete from gift_campaign_options where id = $1', [optionId]);
    await tx.query('update gift_campaigns set updated_at = $2 where id = $1', [campaign.id, now]);
    await audit(tx, actor, {
      objectType: 'giftCampaign',
      objectId: campaign.id,
      action: 'remove_option',
      before: { optionId, name: before.name, giftCardTypeId: before.gift_card_type_id },
      after: null,
    });
    return getCampaign(tx, campaign.id, now);
  });
}
