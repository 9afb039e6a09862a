-- Gift cards of a property's staff (document 3 §3, §4 M23/M24, §5; DECISIONS 13, 16, 23): the types a store
-- sells and the cards issued from them. `issued` is taken in the transaction that writes the cards, under the
-- type's row lock, and can never pass `card_limit`; a card's code is unique and drawn by the server.

create table gift_card_types (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  -- 0 single-property, 1 multi-property, 2 no-property.
  giftcard_type smallint not null default 0 check (giftcard_type in (0, 1, 2)),
  title text not null check (char_length(title) between 1 and 80),
  description text not null,
  price numeric(14, 2) not null check (price >= 0),
  -- null: the price (no discount).
  net_price numeric(14, 2) check (net_price >= 1 and net_price < price),
  card_limit integer not null check (card_limit >= 1),
  issued integer not null default 0 check (issued >= 0),
  -- 0 a period after issuing, 1 an absolute date.
  expiration_type smallint not null default 0 check (expiration_type in (0, 1)),
  expiration_duration integer check (expiration_duration >= 1),
  expiration_unit text check (expiration_unit in ('hours', 'days', 'months')),
  absolute_expiration_date date,
  status text not null default 'created' check (status in ('created', 'published', 'archived')),
  -- null for a no-property type.
  length_of_stay integer check (length_of_stay >= 1),
  reservation_value smallint check (reservation_value in (0, 1)),
  -- Gift-card stores that sell it: kept as given until stores exist (then checked against them).
  store_ids uuid[] not null default '{}',
  offer_letter_delivery boolean not null default false,
  offer_pickup_at_hotel boolean not null default false,
  -- The PDF template: no table yet.
  pdf_template_id uuid,
  -- Upload addresses of the property (`/photos/uploads/…`), in the order shown.
  photos jsonb not null default '[]',
  duplicate_of uuid references gift_card_types (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (issued <= card_limit),
  check (expiration_type = 0 or absolute_expiration_date is not null),
  check (expiration_type = 1 or (expiration_duration is not null and expiration_unit is not null))
);
create index gift_card_types_property_idx on gift_card_types (property_id, status, created_at desc);

-- The rate plans a type is redeemed for, and its upsell plans with their prices: one per room type across both.
create table gift_card_type_rate_plans (
  gift_card_type_id uuid not null references gift_card_types (id) on delete cascade,
  unit_id uuid not null references units (id) on delete cascade,
  rate_plan_id uuid not null references rate_plans (id) on delete cascade,
  upsell boolean not null,
  -- The upsell's price; null for a plain rate.
  price numeric(14, 2) check (price >= 0),
  position integer not null,
  primary key (gift_card_type_id, unit_id),
  check (upsell = (price is not null))
);
create index gift_card_type_rate_plans_plan_idx on gift_card_type_rate_plans (rate_plan_id);

create table gift_cards (
  id uuid primary key default gen_random_uuid(),
  -- The code: 12 characters without look-alikes, drawn from a cryptographic source.
  generated_id text not null check (generated_id ~ '^[2-9A-HJKMNP-Z]{12}$'),
  gift_card_type_id uuid not null references gift_card_types (id) on delete restrict,
  property_id uuid not null references properties (id) on delete cascade,
  kind text not null default 'gift_card' check (kind in ('gift_card', 'upsell')),
  title text not null,
  name text not null,
  email text not null,
  notes text not null default '',
  booked boolean not null default false,
  delivered boolean not null default false,
  send_by_letter boolean not null default false,
  pickup_at_hotel boolean not null default false,
  expiration_date date not null,
  price numeric(14, 2) not null check (price >= 0),
  net_price numeric(14, 2) not null check (net_price >= 0),
  buyer_name text,
  buyer_email text,
  -- The purchase (bulk order) it came from: no table yet.
  purchase_id uuid,
  purchase_generated_id text,
  source_of_sale text not null default 'back_office' check (source_of_sale in ('back_office', 'store', 'campaign')),
  -- The issuing client's key of its row: a rerun of a batch issues only the rows still missing.
  row_key text,
  -- The booking it was redeemed for (redemption comes with the store).
  booking_id uuid references bookings (id) on delete set null,
  booking_type text check (booking_type in ('normal', 'upsell')),
  redeemed_by text,
  redeem_method text,
  delivery_name text,
  delivery_address text,
  delivery_zip_code text,
  delivery_city text,
  delivery_state text,
  delivery_country text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index gift_cards_generated_id_key on gift_cards (generated_id);
create unique index gift_cards_row_key on gift_cards (gift_card_type_id, row_key) where row_key is not null;
create index gift_cards_property_idx on gift_cards (property_id, created_at desc, id desc);
create index gift_cards_expiration_idx on gift_cards (property_id, expiration_date);
create index gift_cards_type_idx on gift_cards (gift_card_type_id);
create index gift_cards_booking_idx on gift_cards (booking_id) where booking_id is not null;
