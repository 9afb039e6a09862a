import { campaignActions, publicCampaignPath } from '@tern/core/campaigns';
import type {
  Campaign,
  CampaignOption,
  campaignBody,
  campaignsArea,
  campaignUpdateBody,
  HandlerInput,
} from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import { conflict, notFound } from '../../http/errors.js';
import { type Actor, audit } from '../admin/audit.js';
import { ListFilter, listPage } from '../listQuery.js';

// A property's gift campaigns (document 3 §2.3, §4 M28, §7 "Campaigns"; docs/decisions.md "Gift campaigns"): made
// as a draft or published at once ("publish when created": its options follow, one call each, M41), published
// (at least one option), unpublished (archived) and published again. An archived campaign's name, description and
// options stay as they are until it is published again.

type ListQuery = HandlerInput<(typeof campaignsArea)['list']>['query'];
type Body = z.output<typeof campaignBody>;
type UpdateBody = z.output<typeof campaignUpdateBody>;
type Status = Campaign['status'];

interface CampaignRow {
  id: string;
  property_id: string;
  name: string;
  description: string;
  status: Status;
  recipients: number;
  created_at: Date;
  updated_at: Date;
}

interface OptionRow {
  id: string;
  campaign_id: string;
  name: string;
  description: string;
  photo_url: string;
  expiration_date: string;
  gift_card_type_id: string;
  gift_card_type_title: string;
  position: number;
  picked: number;
  stock: number;
}

const CAMPAIGN_COLUMNS = `c.id, c.property_id, c.name, c.description, c.status, c.created_at, c.updated_at,
    (select count(*)::int from gift_campaign_recipients r where r.campaign_id = c.id) as recipients`;

/**
 * The options of these campaigns at the instant `$2`, in their order: each with its type's title, its picks and
 * its type's stock (migration 060's `gift_card_types_stock`: core's rule with the store's held cards taken off).
 */
export const OPTIONS_SQL = `select o.id, o.campaign_id, o.name, o.description, o.photo_url,
    to_char(o.expiration_date, 'YYYY-MM-DD') as expiration_date, o.gift_card_type_id,
    t.title as gift_card_type_title, o.position,
    (select count(*)::int from gift_campaign_recipients r where r.option_id = o.id) as picked,
    coalesce(s.stock, 0) as stock
  from gift_campaign_options o
  join gift_card_types t on t.id = o.gift_card_type_id
  left join gift_card_types_stock(
    array(select x.gift_card_type_id from gift_campaign_options x where x.campaign_id = any($1::uuid[])), $2
  ) s on s.gift_card_type_id = o.gift_card_type_id
  where o.campaign_id = any($1::uuid[])
  order by o.position, o.created_at, o.id`;

export async function optionsOf(db: Db, campaignIds: string[], at: Date): Promise<OptionRow[]> {
  if (!campaignIds.length) return [];
  return db.query<OptionRow>(OPTIONS_SQL, [campaignIds, at]);
}

const toOption = (o: OptionRow): CampaignOption => ({
  id: o.id,
  name: o.name,
  description: o.description,
  photoUrl: o.photo_url,
  expirationDate: o.expiration_date,
  giftCardTypeId: o.gift_card_type_id,
  giftCardTypeTitle: o.gift_card_type_title,
  position: o.position,
  picked: Number(o.picked),
  stock: Number(o.stock),
});

async function withOptions(db: Db, rows: CampaignRow[], at: Date): Promise<Campaign[]> {
  const options = await optionsOf(
    db,
    rows.map((r) => r.id),
    at,
  );
  return rows.map((r) => ({
    id: r.id,
    type: 'giftCampaign',
    propertyId: r.property_id,
    name: r.name,
    description: r.description,
    status: r.status,
    options: options.filter((o) => o.campaign_id === r.id).map(toOption),
    recipients: Number(r.recipients),
    publicPath: publicCampaignPath(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export async function getCampaign(db: Db, id: string, at: Date): Promise<Campaign> {
  const row = await db.one<CampaignRow>(`select ${CAMPAIGN_COLUMNS} from gift_campaigns c where c.id = $1`, [
    id,
  ]);
  if (!row) throw notFound('campaign_not_found');
  return (await withOptions(db, [row], at))[0]!;
}

/** One status tab of a property's campaigns, newest first; `term` searches the name. */
export function listCampaigns(db: Db, propertyId: string, query: ListQuery, at: Date) {
  const filter = new ListFilter([propertyId, query.status], ['c.property_id = $1', 'c.status = $2']).search(
    query.term,
    ['c.name'],
  );
  return listPage<CampaignRow, Campaign>(db, {
    select: `select ${CAMPAIGN_COLUMNS} from gift_campaigns c`,
    from: 'gift_campaigns c',
    filter,
    order: 'c.created_at desc, c.id desc',
    page: query.page,
    limit: query.limit,
    items: (rows) => withOptions(db, rows, at),
  });
}

export async function createCampaign(
  db: Db,
  actor: Actor,
  propertyId: string,
  body: Body,
): Promise<Campaign> {
  const now = actor.clock.now();
  return db.transaction(async (tx) => {
    const status: Status = body.publish ? 'published' : 'draft';
    const row = (await tx.one<{ id: string }>(
      `insert into gift_campaigns (property_id, name, description, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [propertyId, body.name, body.description, status, now],
    ))!;
    await audit(tx, actor, {
      objectType: 'giftCampaign',
      objectId: row.id,
      action: 'create',
      before: null,
      after: { propertyId, name: body.name, description: body.description, status },
    });
    return getCampaign(tx, row.id, now);
  });
}

/** M28 (core's row actions, R325): publish a draft or an archived campaign, unpublish a published one. */
const mayBecome = (from: Status, to: Status): boolean =>
  (to === 'published' && campaignActions(from).publish) ||
  (to === 'archived' && campaignActions(from).unpublish);

/** The campaign's row under its lock (a change, an option's change and a publish wait for each other). */
export async function lockCampaign(
  tx: Db,
  id: string,
): Promise<{ id: string; name: string; description: string; status: Status }> {
  const row = await tx.one<{ id: string; name: string; description: string; status: Status }>(
    'select id, name, description, status from gift_campaigns where id = $1 for update',
    [id],
  );
  if (!row) throw notFound('campaign_not_found');
  return row;
}

export const optionCount = async (tx: Db, campaignId: string): Promise<number> =>
  (await tx.one<{ n: number }>(
    'select count(*)::int as n from gift_campaign_options where campaign_id = $1',
    [campaignId],
  ))!.n;

/**
 * Changes what is sent: the name and description (not of an archived campaign, unless the same call publishes it
 * again), the status along M28 (publishing needs an option). Audited as `update`, `publish` or `unpublish`.
 */
export async function updateCampaign(db: Db, actor: Actor, id: string, body: UpdateBody): Promise<Campaign> {
  const now = actor.clock.now();
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id);
    const status = body.status ?? before.status;
    if (status !== before.status && !mayBecome(before.status, status))
      throw conflict('campaign_transition_invalid', { from: before.status, to: status });
    const after = {
      name: body.name ?? before.name,
      description: body.description ?? before.description,
      status,
    };
    const textChanged = after.name !== before.name || after.description !== before.description;
    if (textChanged && status === 'archived') throw conflict('campaign_archived');
    if (status === 'published' && before.status !== 'published' && (await optionCount(tx, id)) === 0)
      throw conflict('campaign_without_options');
    if (textChanged || status !== before.status) {
      await tx.query(
        'update gift_campaigns set name = $2, description = $3, status = $4, updated_at = $5 where id = $1',
        [id, after.name, after.description, status, now],
      );
      await audit(tx, actor, {
        objectType: 'giftCampaign',
        objectId: id,
        action: status === before.status ? 'update' : status === 'published' ? 'publish' : 'unpublish',
        before: { name: before.name, description: before.description, status: before.status },
        after,
      });
    }
    return getCampaign(tx, id, now);
  });
}
