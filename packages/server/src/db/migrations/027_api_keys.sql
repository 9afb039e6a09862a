-- Resellers' API keys (document 2 §2 API keys page, §3, §4; DECISIONS 20): an integrator's backend calls the
-- API with one instead of a session. Only the sha256 of the token is kept, with its last 6 characters for the
-- mask; a disabled key stays listed and never works again.

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies (id) on delete cascade,
  -- The agent who made it: the key acts as them, and stops when they leave the agency or are blocked.
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  last_6 text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  disabled_at timestamptz
);
create index api_keys_agency_idx on api_keys (agency_id, created_at desc);
