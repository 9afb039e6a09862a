-- A property's payment providers (document 2 §2 payment providers page, §3, §4, §8): Borgun, Valitor (kept for
-- the old ones, no new), Stripe (connected through an onboarding), Nets, Rapyd. Secrets are sealed with the
-- server's key (services/secrets.ts); only their last 4 characters are kept in clear, for the mask.

create table payment_providers (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  name text not null check (name in ('borgun', 'valitor', 'stripe', 'nets', 'rapyd')),
  is_default boolean not null default false,
  -- Fields that are not secret (merchant and gateway ids, Valitor's identifier, Nets' checkout key).
  details jsonb not null default '{}',
  -- {field: "v1.<sealed>"} and {field: "last 4"} for secret fields.
  secrets jsonb not null default '{}',
  secret_hints jsonb not null default '{}',
  stripe_account_active boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payment_providers_property_idx on payment_providers (property_id, created_at);
create unique index payment_providers_one_default on payment_providers (property_id) where is_default;

-- The simulated Stripe connect onboarding: a single-use link that activates the account.
create table stripe_onboarding_links (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  provider_id uuid not null references payment_providers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
