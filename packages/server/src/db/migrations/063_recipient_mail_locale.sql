-- The language a campaign's recipient picked in (the public page's `locale`, one of the store's eight): their gift
-- card's e-mail is written in it, as a store purchase's are in its checkout's (`store_checkouts.locale`). Rows
-- from before have none: their mails stay in English.
alter table gift_campaign_recipients add column locale text;
-- A card's mail finds its pick by the card.
create index gift_campaign_recipients_card_idx on gift_campaign_recipients (gift_card_id)
  where gift_card_id is not null;
