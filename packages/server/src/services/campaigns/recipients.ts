import type { CampaignRecipient, campaignsArea, HandlerInput } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { ListFilter, listPage } from '../listQuery.js';

// Who picked what in a campaign, newest first, with the card each was sent; the government-issued id only by its
// last 4 digits (it is kept as an HMAC, never in clear: pick.ts).

type Query = HandlerInput<(typeof campaignsArea)['recipients']>['query'];

interface RecipientRow {
  id: string;
  name: string;
  email: string;
  government_id_last4: string;
  option_id: string;
  option_name: string;
  gift_card_id: string | null;
  gift_card_code: string | null;
  created_at: Date;
}

export function listRecipients(db: Db, campaignId: string, query: Query) {
  return listPage<RecipientRow, CampaignRecipient>(db, {
    select: `select r.id, r.name, r.email, r.government_id_last4, r.option_id, o.name as option_name,
                    r.gift_card_id, g.generated_id as gift_card_code, r.created_at
               from gift_campaign_recipients r
               join gift_campaign_options o on o.id = r.option_id
               left join gift_cards g on g.id = r.gift_card_id`,
    from: 'gift_campaign_recipients r',
    filter: new ListFilter([campaignId], ['r.campaign_id = $1']),
    order: 'r.created_at desc, r.id desc',
    page: query.page,
    limit: query.limit,
    items: (rows) =>
      rows.map((r) => ({
        id: r.id,
        type: 'giftCampaignRecipient',
        name: r.name,
        email: r.email,
        governmentIdLast4: r.government_id_last4,
        optionId: r.option_id,
        optionName: r.option_name,
        giftCardId: r.gift_card_id,
        giftCardCode: r.gift_card_code,
        createdAt: new Date(r.created_at).toISOString(),
      })),
  });
}
