-- Promo codes of a property (document 2 §2 promo codes page, §3, §4 status label, §5; DECISIONS 12, 23): the
-- store takes them off gift-card purchases. `usage_count` is taken by one conditional update, so a usage limit
-- holds under any number of purchases at once.

create table promo_codes (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  name text not null check (char_length(name) between 2 and 50),
  code text not null check (char_length(code) between 2 and 50),
  code_type text not null check (code_type in ('percentage', 'fixed_amount')),
  amount numeric(12, 2) not null check (amount >= 1),
  usage_limit integer check (usage_limit >= 1),
  usage_count integer not null default 0 check (usage_count >= 0),
  status text not null default 'inactive' check (status in ('active', 'inactive')),
  valid_from date,
  valid_to date,
  -- [{store_id, gift_card_type_ids: [...]}]: which store and gift-card types it applies to.
  applies_to jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (valid_to is null or valid_from is null or valid_to >= valid_from),
  check (usage_limit is null or usage_count <= usage_limit),
  check (code_type <> 'percentage' or amount <= 100)
);
create unique index promo_codes_code_key on promo_codes (property_id, lower(code));
create index promo_codes_property_idx on promo_codes (property_id, created_at desc);
