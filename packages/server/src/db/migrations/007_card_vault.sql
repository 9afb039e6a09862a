-- The card vault's tokens (document 1 §4; DECISIONS 24): a card number never reaches this database. The
-- vault page keeps only what a booking shows (brand, last four, expiry) and a hash of the one-time token it
-- hands to the checkout; a booking redeems the token once.
create table card_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  holder text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
