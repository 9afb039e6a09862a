-- Gift campaigns (issue 25; document 3 §2.3, §3 "Gift campaign and option", §4 M28, §7 "Campaigns"): a property
-- offers a group of people a choice of gifts on a public page; each recipient picks one option once and is sent a
-- gift card of that option's type (source_of_sale 'campaign', already allowed by 041).
create table gift_campaigns (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  description text not null check (char_length(description) <= 2000),
  -- M28: draft → published → archived → published.
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index gift_campaigns_property_idx on gift_campaigns (property_id, status, created_at desc, id desc);

-- One gift of a campaign: a gift card type of the campaign's property and the expiry of the cards it gives.
create table gift_campaign_options (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references gift_campaigns (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 500),
  description text not null check (char_length(description) <= 2000),
  -- An upload of the property (`/photos/uploads/…`).
  photo_url text not null,
  expiration_date date not null,
  gift_card_type_id uuid not null references gift_card_types (id) on delete restrict,
  position integer not null default 0 check (position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index gift_campaign_options_campaign_idx on gift_campaign_options (campaign_id, position, created_at);
create index gift_campaign_options_type_idx on gift_campaign_options (gift_card_type_id);

-- Who picked what. Once per campaign, by government-issued id and by e-mail: the unique indexes decide two picks
-- at once. The id is never stored in clear: an HMAC-SHA256 under a key derived from the secret key, and its last
-- 4 digits for the staff's list.
create table gift_campaign_recipients (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references gift_campaigns (id) on delete cascade,
  option_id uuid not null references gift_campaign_options (id) on delete restrict,
  name text not null,
  email text not null,
  government_id_hash text not null,
  government_id_last4 text not null check (government_id_last4 ~ '^[0-9]{1,4}$'),
  gift_card_id uuid references gift_cards (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index gift_campaign_recipients_id_key on gift_campaign_recipients (campaign_id, government_id_hash);
create unique index gift_campaign_recipients_email_key on gift_campaign_recipients (campaign_id, lower(email));
create index gift_campaign_recipients_option_idx on gift_campaign_recipients (option_id);
create index gift_campaign_recipients_list_idx on gift_campaign_recipients (campaign_id, created_at desc, id desc);
